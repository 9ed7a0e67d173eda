//! Login throttling: stops password guessing without handing anyone the power to keep a person out.
//!
//! Only failures count (a wrong password, or any password for an unknown username), in three counters with a
//! fixed window each (15 minutes by default; a window starts with its first failure):
//!
//! - per account and client address: after 5 failures, that address is refused (HTTP 429 with `Retry-After`,
//!   until the window ends) for that account only. This is what stops one client guessing one password.
//! - per client address (IPv6: per /64), across accounts: after 20 failures the address is refused for every
//!   account, so one client cannot try a few passwords at each of many accounts either.
//! - per account, from all addresses: from 50 failures on (a distributed attack), an address that has failed
//!   for the account in the window must wait after the account's latest failure before it is evaluated again:
//!   1 s at 50 failures, doubling with each further failure, at most 5 minutes. An address without failures for
//!   the account ("clean") is always evaluated, so the owner typing the right password at home signs in
//!   whatever others try elsewhere; an attacker gets one guess per fresh address, and every fresh address
//!   still counts towards its own per-address limit.
//!
//! A refused attempt is not evaluated: its password is never checked, so a 429 says nothing about it. A correct
//! password is never counted, so however many correct logins arrive at once, none is refused for their number;
//! a correct one forgets the failures of its address for that account (the address and account counters keep
//! theirs, so one good account cannot launder guesses at others).
//!
//! Counting only failures would let a burst of simultaneous guesses all pass the check before the first failure
//! is recorded. So each server instance lets a bounded number of attempts be between their check and the record
//! of their outcome at the same time (a gate of as many places as passwords may be hashed at once): with k
//! places on each of n instances, a burst gets at most n·k − 1 guesses beyond a limit, while correct logins
//! still all go through, k at a time. Attempts beyond it queue, as they would for the password hash anyway. A
//! queued attempt is judged as of its arrival, which can only make it wait longer.
//!
//! Counters live in the database (`login_throttles`), not in memory: with several server instances behind a
//! load balancer on PostgreSQL, an in-memory counter would multiply the allowance by the number of instances
//! and forget everything at each restart. SQLite (one instance) uses the same code, so there is one behaviour
//! to test.
//!
//! Password reset requests are limited in the same table with counters of their own ([`ResetRequestThrottle`]).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use sha2::{Digest as _, Sha256};
use sqlx::{AnyPool, Row as _};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The limits of password guessing (see the module documentation). Defaults: 5 failures per account and
/// address, 20 per address, delays beyond 50 per account of at most 5 minutes, in 15-minute windows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuessLimits {
    /// Failures of one address at one account before that address is refused for that account.
    pub per_account_and_address: i64,
    /// Failures of one address across accounts before it is refused for all.
    pub per_address: i64,
    /// Failures at one account from all addresses beyond which its failed addresses wait growing delays.
    pub per_account: i64,
    /// The longest of those delays.
    pub max_delay: Duration,
    pub window: Duration,
}

impl Default for GuessLimits {
    fn default() -> Self {
        Self {
            per_account_and_address: 5,
            per_address: 20,
            per_account: 50,
            max_delay: Duration::from_secs(5 * 60),
            window: Duration::from_secs(15 * 60),
        }
    }
}

/// Two counters' limits in a fixed window: per key (an account, an e-mail address) and per client address.
/// Defaults: 5 per key, 20 per address, 15 minutes.
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

/// The request is refused; try again after this many seconds (at least 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throttled {
    pub retry_after_secs: u64,
}

/// A login attempt that may be evaluated. It holds a place at the gate until its outcome is reported with
/// [`LoginThrottle::failed`] or [`LoginThrottle::succeeded`] (dropping it reports nothing).
#[derive(Debug)]
#[must_use = "a wrong password must be reported with `failed`, a right one with `succeeded`"]
pub struct Attempt {
    pair_key: String,
    address_key: String,
    account_key: String,
    _place: OwnedSemaphorePermit,
}

/// The login throttle: its limits and this instance's gate; the counters are in the database.
#[derive(Debug, Clone)]
pub struct LoginThrottle {
    limits: GuessLimits,
    gate: Arc<Semaphore>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        Self::new(GuessLimits::default(), crate::identity::password::default_concurrency())
    }
}

impl LoginThrottle {
    /// `in_flight`: how many attempts may be between their check and their outcome at once (at least one);
    /// the server uses its password-hash concurrency.
    pub fn new(limits: GuessLimits, in_flight: usize) -> Self {
        Self { limits, gate: Arc::new(Semaphore::new(in_flight.max(1))) }
    }

    /// Waits for a place at the gate, then says whether `address` may try a password for `username` now.
    pub async fn begin(
        &self,
        pool: &AnyPool,
        username: &str,
        address: IpAddr,
        now_ms: i64,
    ) -> Result<Result<Attempt, Throttled>, sqlx::Error> {
        let place = Arc::clone(&self.gate).acquire_owned().await.expect("the login gate is never closed");
        let attempt = Attempt {
            pair_key: pair_key(username, address),
            address_key: address_key(address),
            account_key: account_key(username),
            _place: place,
        };
        let window_ms = millis(self.limits.window);
        let rows = sqlx::query(
            "select id, window_started_at, failures, last_failed_at from login_throttles where id in ($1, $2, $3)",
        )
        .bind(&attempt.pair_key)
        .bind(&attempt.address_key)
        .bind(&attempt.account_key)
        .fetch_all(pool)
        .await?;
        let mut counters = [Failures::default(); 3];
        for row in rows {
            let id: String = row.try_get("id")?;
            let failures = Failures {
                count: row.try_get("failures")?,
                window_started_at: row.try_get("window_started_at")?,
                last_failed_at: row.try_get::<Option<i64>, _>("last_failed_at")?.unwrap_or_default(),
            };
            if failures.window_started_at <= now_ms - window_ms {
                continue;
            }
            let slot = [&attempt.pair_key, &attempt.address_key, &attempt.account_key].iter().position(|k| **k == id);
            if let Some(slot) = slot {
                counters[slot] = failures;
            }
        }
        let [pair, address, account] = counters;
        Ok(verdict(&self.limits, now_ms, pair, address, account).map(|()| attempt))
    }

    /// The password was wrong (or the account unknown): counts the failure on all three counters.
    pub async fn failed(&self, pool: &AnyPool, attempt: Attempt, now_ms: i64) -> Result<(), sqlx::Error> {
        // In `do update`, column references read the row as it was before the update (both backends). The
        // keys are always written in the same order (pair, address, account), so concurrent records cannot
        // deadlock on PostgreSQL.
        sqlx::query(
            "insert into login_throttles (id, window_started_at, failures, last_failed_at) \
             values ($1, $4, 1, $4), ($2, $4, 1, $4), ($3, $4, 1, $4) \
             on conflict (id) do update set \
               failures = case when login_throttles.window_started_at <= $5 then 1 \
                               else login_throttles.failures + 1 end, \
               window_started_at = case when login_throttles.window_started_at <= $5 then $4 \
                                        else login_throttles.window_started_at end, \
               last_failed_at = $4",
        )
        .bind(&attempt.pair_key)
        .bind(&attempt.address_key)
        .bind(&attempt.account_key)
        .bind(now_ms)
        .bind(now_ms - millis(self.limits.window))
        .execute(pool)
        .await?;
        Ok(())
    }

    /// The password was right: forgets this address's failures at this account. The address's own counter and
    /// the account's are kept.
    pub async fn succeeded(&self, pool: &AnyPool, attempt: Attempt) -> Result<(), sqlx::Error> {
        let Attempt { pair_key, _place: place, .. } = attempt;
        drop(place);
        sqlx::query("delete from login_throttles where id = $1").bind(&pair_key).execute(pool).await?;
        Ok(())
    }

    /// Deletes counters whose window ended (the reset-request counters share the table, so the longer of the
    /// two windows is kept). Run periodically; correctness does not depend on it.
    pub async fn purge(&self, pool: &AnyPool, now_ms: i64) -> Result<u64, sqlx::Error> {
        let window = self.limits.window.max(ResetRequestThrottle::default().limits.window);
        let done = sqlx::query("delete from login_throttles where window_started_at <= $1")
            .bind(now_ms - millis(window))
            .execute(pool)
            .await?;
        Ok(done.rows_affected())
    }
}

/// One counter as read, or zero when it is absent or its window has ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Failures {
    count: i64,
    window_started_at: i64,
    last_failed_at: i64,
}

/// Whether an attempt with these counters may be evaluated at `now_ms`; refused with the longest wait.
fn verdict(
    limits: &GuessLimits,
    now_ms: i64,
    pair: Failures,
    address: Failures,
    account: Failures,
) -> Result<(), Throttled> {
    let window_ms = millis(limits.window);
    let mut until = None;
    if pair.count >= limits.per_account_and_address {
        until = until.max(Some(pair.window_started_at + window_ms));
    }
    if address.count >= limits.per_address {
        until = until.max(Some(address.window_started_at + window_ms));
    }
    let clean = pair.count == 0;
    if !clean && account.count >= limits.per_account {
        let delay_ends = account.last_failed_at + account_delay_ms(limits, account.count);
        if delay_ends > now_ms {
            until = until.max(Some(delay_ends));
        }
    }
    match until {
        Some(until) => Err(Throttled { retry_after_secs: seconds_until(until, now_ms) }),
        None => Ok(()),
    }
}

/// The wait of a failed address after the account's latest failure: 1 s at the threshold, doubling with each
/// failure beyond it, at most `max_delay`.
fn account_delay_ms(limits: &GuessLimits, failures: i64) -> i64 {
    let doublings = u32::try_from((failures - limits.per_account).clamp(0, 40)).unwrap_or(40);
    1000_i64.saturating_mul(1_i64 << doublings).min(millis(limits.max_delay))
}

/// Whole seconds from `now_ms` to `until_ms`, rounded up, at least 1.
fn seconds_until(until_ms: i64, now_ms: i64) -> u64 {
    let ms = (until_ms - now_ms).max(1);
    u64::try_from((ms + 999) / 1000).unwrap_or(1)
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
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
pub(crate) async fn count(pool: &AnyPool, key: &str, window_ms: i64, now_ms: i64) -> Result<(i64, i64), sqlx::Error> {
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

/// Counter id of an account at a client address.
fn pair_key(username: &str, address: IpAddr) -> String {
    digest(&format!("pair:{}|{}", username.trim().to_lowercase(), address_text(address)))
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
mod tests;
