//! Login throttling: at most 5 failed logins per account and 20 per client address in 15 minutes (defaults);
//! beyond that, logins are refused with the seconds until the window ends (HTTP 429 + `Retry-After`).
//!
//! Counters live in the database (`login_throttles`), not in memory: with several server instances behind a
//! load balancer on PostgreSQL, an in-memory counter would multiply the allowance by the number of instances
//! and forget everything at each restart. SQLite (one instance) uses the same code, so there is one behaviour
//! to test.
//!
//! An attempt is counted BEFORE the password is checked and uncounted when it succeeds. Counting afterwards
//! would let a burst of simultaneous guesses all pass the check before the first failure is recorded.
//!
//! Windows are fixed: a window starts with the first counted attempt and lasts `window`; the next attempt
//! after it starts a new one. Per-account limits let anyone delay a known username's logins for 15 minutes;
//! that is the usual price of stopping password guessing against one account, and the address limit keeps
//! one client from doing it to many accounts.
//!
//! Password reset requests are limited the same way, with counters of their own ([`ResetRequestThrottle`]).

use std::net::IpAddr;
use std::time::Duration;

use sha2::{Digest as _, Sha256};
use sqlx::{AnyPool, Row as _};

/// The limits. Defaults: 5 per account, 20 per address, 15 minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginLimits {
    pub per_account: i64,
    pub per_address: i64,
    pub window: Duration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self { per_account: 5, per_address: 20, window: Duration::from_secs(15 * 60) }
    }
}

/// The login is refused; try again after this many seconds (at least 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throttled {
    pub retry_after_secs: u64,
}

/// A counted attempt; report its success with [`LoginThrottle::succeeded`]. A failure needs no call: it is
/// already counted.
#[derive(Debug)]
#[must_use = "a successful login must be reported to reset the account's counter"]
pub struct Attempt {
    account_key: String,
    address_key: String,
}

/// The throttle; holds only its limits, state is in the database.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoginThrottle {
    limits: LoginLimits,
}

impl LoginThrottle {
    pub fn new(limits: LoginLimits) -> Self {
        Self { limits }
    }

    /// Counts a login attempt for `username` from `address` and says whether it may proceed.
    pub async fn begin(
        &self,
        pool: &AnyPool,
        username: &str,
        address: IpAddr,
        now_ms: i64,
    ) -> Result<Result<Attempt, Throttled>, sqlx::Error> {
        let attempt = Attempt { account_key: account_key(username), address_key: address_key(address) };
        let verdict = count_both(pool, &self.limits, &attempt.account_key, &attempt.address_key, now_ms).await?;
        Ok(verdict.map(|()| attempt))
    }

    /// The password was right: forget the account's failures and uncount this attempt from the address.
    /// The address keeps its earlier failures, so one good account cannot launder guesses at others.
    pub async fn succeeded(&self, pool: &AnyPool, attempt: Attempt) -> Result<(), sqlx::Error> {
        sqlx::query("delete from login_throttles where id = $1").bind(&attempt.account_key).execute(pool).await?;
        sqlx::query("update login_throttles set failures = failures - 1 where id = $1 and failures > 0")
            .bind(&attempt.address_key)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Deletes counters whose window ended (the reset-request counters share the table, so the longer of the
    /// two windows is kept). Run periodically; correctness does not depend on it.
    pub async fn purge(&self, pool: &AnyPool, now_ms: i64) -> Result<u64, sqlx::Error> {
        let window = self.limits.window.max(ResetRequestThrottle::default().limits.window);
        let window_ms = i64::try_from(window.as_millis()).unwrap_or(i64::MAX);
        let done = sqlx::query("delete from login_throttles where window_started_at <= $1")
            .bind(now_ms - window_ms)
            .execute(pool)
            .await?;
        Ok(done.rows_affected())
    }
}

/// Limits of password reset requests (`POST /auth/forgot-password`): each request mails a link, so a client
/// could otherwise flood an inbox or the mail server. 3 per e-mail address and 10 per client address in 15
/// minutes, counted in the login counters' table (so they hold across server instances too).
#[derive(Debug, Clone, Copy)]
pub struct ResetRequestThrottle {
    limits: LoginLimits,
}

impl Default for ResetRequestThrottle {
    fn default() -> Self {
        Self { limits: LoginLimits { per_account: 3, per_address: 10, window: Duration::from_secs(15 * 60) } }
    }
}

impl ResetRequestThrottle {
    pub fn new(limits: LoginLimits) -> Self {
        Self { limits }
    }

    /// Counts a reset request for `email` from `address` and says whether it may proceed. The e-mail address is
    /// counted as typed (trimmed, lower case), whether or not an account has it, so the answers never tell
    /// which addresses are registered.
    pub async fn begin(
        &self,
        pool: &AnyPool,
        email: &str,
        address: IpAddr,
        now_ms: i64,
    ) -> Result<Result<(), Throttled>, sqlx::Error> {
        let email_key = digest(&format!("reset-email:{}", email.trim().to_lowercase()));
        let address_key = digest(&format!("reset-{}", address_text(address)));
        count_both(pool, &self.limits, &email_key, &address_key, now_ms).await
    }
}

/// Counts one request against an account's and an address's counters; refused when either is over its limit,
/// with the longer wait.
async fn count_both(
    pool: &AnyPool,
    limits: &LoginLimits,
    account_key: &str,
    address_key: &str,
    now_ms: i64,
) -> Result<Result<(), Throttled>, sqlx::Error> {
    let window_ms = i64::try_from(limits.window.as_millis()).unwrap_or(i64::MAX);
    let (account_count, account_start) = count(pool, account_key, window_ms, now_ms).await?;
    let (address_count, address_start) = count(pool, address_key, window_ms, now_ms).await?;
    let wait = |start: i64| {
        let ms = (start + window_ms - now_ms).max(1);
        u64::try_from((ms + 999) / 1000).unwrap_or(1)
    };
    let mut retry_after = None;
    if account_count > limits.per_account {
        retry_after = Some(wait(account_start));
    }
    if address_count > limits.per_address {
        retry_after = retry_after.max(Some(wait(address_start)));
    }
    Ok(match retry_after {
        Some(retry_after_secs) => Err(Throttled { retry_after_secs }),
        None => Ok(()),
    })
}

/// Adds one to a counter, starting a new window when the old one is over; returns (count, window start).
async fn count(pool: &AnyPool, key: &str, window_ms: i64, now_ms: i64) -> Result<(i64, i64), sqlx::Error> {
    // In `do update`, column references read the row as it was before the update (both backends).
    let row = sqlx::query(
        "insert into login_throttles (id, window_started_at, failures) values ($1, $2, 1) \
         on conflict (id) do update set \
           failures = case when login_throttles.window_started_at <= $3 then 1 \
                           else login_throttles.failures + 1 end, \
           window_started_at = case when login_throttles.window_started_at <= $3 then $2 \
                                    else login_throttles.window_started_at end \
         returning failures, window_started_at",
    )
    .bind(key)
    .bind(now_ms)
    .bind(now_ms - window_ms)
    .fetch_one(pool)
    .await?;
    Ok((row.try_get("failures")?, row.try_get("window_started_at")?))
}

/// Counter id of an account: usernames are compared trimmed and case-insensitively, and hashed so the table
/// holds no personal data and no unbounded strings.
fn account_key(username: &str) -> String {
    digest(&format!("account:{}", username.trim().to_lowercase()))
}

/// Counter id of a client address.
fn address_key(address: IpAddr) -> String {
    digest(&address_text(address))
}

/// `address:<ip>`; IPv6 clients usually own a whole /64, so that is the unit.
fn address_text(address: IpAddr) -> String {
    let normalized = match address {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    };
    format!("address:{normalized}")
}

fn digest(text: &str) -> String {
    crate::platform::crypto::hex(&Sha256::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::platform::test_db;

    const T0: i64 = 1_800_000_000_000;
    const MINUTE: i64 = 60_000;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[tokio::test]
    async fn the_sixth_failure_for_an_account_within_fifteen_minutes_is_refused_with_retry_after() {
        for db in test_db::all().await {
            let throttle = LoginThrottle::default();
            for i in 0..5 {
                // Failures: attempts are not reported as succeeded. Different addresses, same account.
                let _ = throttle.begin(&db.pool, "Alice", ip(&format!("10.0.0.{i}")), T0 + i * MINUTE).await.unwrap().unwrap();
            }
            let refused = throttle.begin(&db.pool, " alice ", ip("10.0.1.1"), T0 + 5 * MINUTE).await.unwrap();
            assert_eq!(refused.unwrap_err(), Throttled { retry_after_secs: 10 * 60 }, "{}", db.backend);
            // Once the window that began at T0 is over, logins go through again.
            let _ = throttle.begin(&db.pool, "alice", ip("10.0.1.1"), T0 + 15 * MINUTE).await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn a_success_clears_the_account_counter() {
        for db in test_db::all().await {
            let throttle = LoginThrottle::default();
            for _ in 0..4 {
                let _ = throttle.begin(&db.pool, "bob", ip("10.0.0.1"), T0).await.unwrap().unwrap();
            }
            let good = throttle.begin(&db.pool, "bob", ip("10.0.0.1"), T0).await.unwrap().unwrap();
            throttle.succeeded(&db.pool, good).await.unwrap();
            for _ in 0..5 {
                let _ = throttle.begin(&db.pool, "bob", ip("10.0.0.1"), T0 + 1).await.unwrap().unwrap();
            }
            assert!(throttle.begin(&db.pool, "bob", ip("10.0.0.1"), T0 + 1).await.unwrap().is_err());
        }
    }

    #[tokio::test]
    async fn one_address_trying_many_accounts_is_refused_after_twenty_failures() {
        for db in test_db::all().await {
            let throttle = LoginThrottle::default();
            for i in 0..20 {
                let _ = throttle.begin(&db.pool, &format!("user{i}"), ip("203.0.113.9"), T0).await.unwrap().unwrap();
            }
            let refused = throttle.begin(&db.pool, "user99", ip("203.0.113.9"), T0 + MINUTE).await.unwrap();
            assert_eq!(refused.unwrap_err().retry_after_secs, 14 * 60);
            let _ = throttle.begin(&db.pool, "user99", ip("203.0.113.10"), T0 + MINUTE).await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn addresses_of_one_ipv6_slash_64_share_a_counter() {
        assert_eq!(address_key(ip("2001:db8:1:2::1")), address_key(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(address_key(ip("2001:db8:1:2::1")), address_key(ip("2001:db8:1:3::1")));
        assert_eq!(address_key(ip("::ffff:192.0.2.1")), address_key(ip("192.0.2.1")));
    }

    #[tokio::test]
    async fn a_burst_of_simultaneous_guesses_cannot_exceed_the_limit() {
        for db in test_db::all().await {
            let throttle = LoginThrottle::default();
            let tries = (0..12).map(|i| {
                let pool = db.pool.clone();
                async move { throttle.begin(&pool, "carol", ip(&format!("10.9.0.{i}")), T0).await.unwrap() }
            });
            let allowed = futures_util::future::join_all(tries).await.into_iter().filter(Result::is_ok).count();
            assert_eq!(allowed, 5, "{}", db.backend);
        }
    }

    #[tokio::test]
    async fn the_fourth_reset_request_for_an_email_and_the_eleventh_from_an_address_are_refused() {
        for db in test_db::all().await {
            let throttle = ResetRequestThrottle::default();
            for i in 0..3 {
                throttle.begin(&db.pool, "Eve@Example.com", ip(&format!("10.1.0.{i}")), T0 + i * MINUTE).await.unwrap().unwrap();
            }
            let refused = throttle.begin(&db.pool, " eve@example.com ", ip("10.1.1.1"), T0 + 5 * MINUTE).await.unwrap();
            assert_eq!(refused.unwrap_err(), Throttled { retry_after_secs: 10 * 60 }, "{}", db.backend);
            // Logins of the same name are counted apart.
            let _ = LoginThrottle::default().begin(&db.pool, "eve@example.com", ip("10.1.1.1"), T0).await.unwrap().unwrap();

            for i in 0..10 {
                throttle.begin(&db.pool, &format!("u{i}@example.com"), ip("198.51.100.7"), T0).await.unwrap().unwrap();
            }
            assert!(throttle.begin(&db.pool, "u99@example.com", ip("198.51.100.7"), T0).await.unwrap().is_err());
            throttle.begin(&db.pool, "u99@example.com", ip("198.51.100.8"), T0).await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn finished_windows_are_purged() {
        for db in test_db::all().await {
            let throttle = LoginThrottle::default();
            let _ = throttle.begin(&db.pool, "dave", ip("10.0.0.1"), T0).await.unwrap();
            assert_eq!(throttle.purge(&db.pool, T0 + 14 * MINUTE).await.unwrap(), 0);
            assert_eq!(throttle.purge(&db.pool, T0 + 15 * MINUTE).await.unwrap(), 2);
        }
    }
}
