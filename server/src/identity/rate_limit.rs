//! Limits on writes anyone can send: how many contact messages, admission messages, newsletter subscriptions
//! and registrations one client address may send, how many upload URLs one account may ask for, and how many
//! coupon codes one account and one client address may try (quotes and checkouts naming a code), how often one
//! account downloads its data and how many chat messages it may send, in a window of time. Beyond a limit,
//! requests are refused with the seconds until the window ends (HTTP 429 + `Retry-After`).
//!
//! Counters live in the database, in the login counters' table (`login_throttles`), so they hold across
//! server instances sharing a PostgreSQL database and across restarts. A counter's id is
//! `limit:<limit name>:<sha-256 hex of the subject>`: no personal data, bounded length, and the name lets the
//! purge find each limit's counters. Windows are fixed: one starts with the first request counted and lasts
//! the limit's window; the next request after it starts a new one. Every request is counted before it is
//! handled, so a burst of simultaneous requests cannot pass the limit.
//!
//! The login counters' own purge drops any row of the table older than the login window (15 minutes by
//! default), so windows up to that long are kept exactly; the defaults below are 15 minutes.

use std::{fmt, net::IpAddr, str::FromStr, time::Duration};

use sha2::{Digest as _, Sha256};
use sqlx::AnyPool;

/// What is limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Contact page messages, per client address.
    ContactMessage,
    /// Admission messages, per client address.
    AdmissionMessage,
    /// Newsletter subscriptions, per client address.
    Newsletter,
    /// Self-registrations (`POST /users`), per client address.
    Registration,
    /// Signed upload URLs, per account.
    UploadUrl,
    /// Quotes and checkouts naming a coupon code, per account: codes cannot be guessed by trying them.
    CouponCode,
    /// Quotes and checkouts naming a coupon code, per client address (across the accounts it signs in as).
    CouponCodeAddress,
    /// Downloads of everything the academy holds about a person, per account: each reads all of their data.
    DataExport,
    /// Chat messages, per account: a conversation at a person's pace, never a flood.
    ChatMessage,
    /// Views and clicks of promotions, per client address: a page shows a few promotions, a script counting
    /// its own is stopped.
    PromotionBeacon,
}

impl Limit {
    pub const ALL: [Limit; 10] = [
        Limit::ContactMessage,
        Limit::AdmissionMessage,
        Limit::Newsletter,
        Limit::Registration,
        Limit::UploadUrl,
        Limit::CouponCode,
        Limit::CouponCodeAddress,
        Limit::DataExport,
        Limit::ChatMessage,
        Limit::PromotionBeacon,
    ];

    /// The limit's name in counter ids and in `ACADEMY_RATE_LIMITS`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::ContactMessage => "contact",
            Limit::AdmissionMessage => "admission",
            Limit::Newsletter => "newsletter",
            Limit::Registration => "registration",
            Limit::UploadUrl => "upload-url",
            Limit::CouponCode => "coupon",
            Limit::CouponCodeAddress => "coupon-address",
            Limit::DataExport => "data-export",
            Limit::ChatMessage => "chat",
            Limit::PromotionBeacon => "promotion",
        }
    }

    /// The default allowance: a person filling a form, with a few corrections, never meets it; a script soon
    /// does. A buyer types a code or two and the cart and checkout pages quote it again a few times, well under
    /// 20 tries per account; 60 per address leaves room for a household or a classroom behind one address.
    pub fn default_rate(self) -> Rate {
        let window = Duration::from_secs(15 * 60);
        let max = match self {
            Limit::ContactMessage | Limit::DataExport => 5,
            Limit::AdmissionMessage | Limit::Newsletter => 10,
            Limit::Registration | Limit::CouponCode => 20,
            Limit::UploadUrl => 30,
            Limit::CouponCodeAddress => 60,
            // Someone typing fast sends a message every few seconds: 120 in 15 minutes.
            Limit::ChatMessage => 120,
            // Pages seen and promotions tapped by a person browsing: a few each minute.
            Limit::PromotionBeacon => 300,
        };
        Rate { max, window }
    }
}

/// At most `max` requests per `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub max: i64,
    pub window: Duration,
}

/// One limit's setting as written in `ACADEMY_RATE_LIMITS`: `<name>=<max>/<seconds>`, e.g. `contact=5/900`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateSetting {
    pub limit: Limit,
    pub rate: Rate,
}

impl FromStr for RateSetting {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let usage = || format!("{text:?} is not <name>=<max>/<seconds> (names: {})", names());
        let (name, rate) = text.trim().split_once('=').ok_or_else(usage)?;
        let limit = Limit::ALL.into_iter().find(|l| l.name() == name.trim()).ok_or_else(usage)?;
        let (max, seconds) = rate.split_once('/').ok_or_else(usage)?;
        let max: i64 = max.trim().parse().ok().filter(|m| *m >= 1).ok_or_else(usage)?;
        let seconds: u64 = seconds.trim().parse().ok().filter(|s| *s >= 1).ok_or_else(usage)?;
        Ok(RateSetting { limit, rate: Rate { max, window: Duration::from_secs(seconds) } })
    }
}

fn names() -> String {
    Limit::ALL.map(Limit::name).join(", ")
}

/// Whose requests are counted together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject<'a> {
    /// A client address; IPv6 clients usually own a whole /64, so that is the unit.
    Address(IpAddr),
    /// A signed-in account, by id.
    Account(&'a str),
}

impl fmt::Display for Subject<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Address(IpAddr::V4(v4)) => write!(f, "address:{v4}"),
            Subject::Address(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
                Some(v4) => write!(f, "address:{v4}"),
                None => {
                    let s = v6.segments();
                    write!(f, "address:{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
                }
            },
            Subject::Account(id) => write!(f, "account:{id}"),
        }
    }
}

/// The request is refused; try again after this many seconds (at least 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throttled {
    pub retry_after_secs: u64,
}

/// The limits in force; holds only their rates, the counts are in the database.
#[derive(Debug, Clone)]
pub struct RateLimiter {
    rates: Vec<(Limit, Rate)>,
}

impl Default for RateLimiter {
    fn default() -> Self {
        Self::new(&[])
    }
}

impl RateLimiter {
    /// The default rates, with `settings` in their place.
    pub fn new(settings: &[RateSetting]) -> Self {
        let rates = Limit::ALL
            .into_iter()
            .map(|limit| {
                let set = settings.iter().rev().find(|s| s.limit == limit).map(|s| s.rate);
                (limit, set.unwrap_or_else(|| limit.default_rate()))
            })
            .collect();
        Self { rates }
    }

    /// The rate of `limit`.
    pub fn rate(&self, limit: Limit) -> Rate {
        self.rates.iter().find(|(l, _)| *l == limit).map_or_else(|| limit.default_rate(), |(_, rate)| *rate)
    }

    /// Counts one request of `subject` against `limit` and says whether it may proceed.
    pub async fn hit(
        &self,
        pool: &AnyPool,
        limit: Limit,
        subject: Subject<'_>,
        now_ms: i64,
    ) -> Result<Result<(), Throttled>, sqlx::Error> {
        let rate = self.rate(limit);
        let window_ms = millis(rate.window);
        let key = format!(
            "{}{}",
            prefix(limit),
            crate::platform::crypto::hex(&Sha256::digest(subject.to_string().as_bytes()))
        );
        let (count, started) = crate::identity::login_limit::count(pool, &key, window_ms, now_ms).await?;
        if count <= rate.max {
            return Ok(Ok(()));
        }
        let wait_ms = started.saturating_add(window_ms).saturating_sub(now_ms).max(1);
        Ok(Err(Throttled { retry_after_secs: u64::try_from((wait_ms + 999) / 1000).unwrap_or(1) }))
    }

    /// Deletes every limit's counters whose window ended. Run periodically; correctness does not depend on it.
    pub async fn purge(&self, pool: &AnyPool, now_ms: i64) -> Result<u64, sqlx::Error> {
        let mut dropped = 0;
        for (limit, rate) in &self.rates {
            let done = sqlx::query("delete from login_throttles where id like $1 and window_started_at <= $2")
                .bind(format!("{}%", prefix(*limit)))
                .bind(now_ms.saturating_sub(millis(rate.window)))
                .execute(pool)
                .await?;
            dropped += done.rows_affected();
        }
        Ok(dropped)
    }
}

/// `limit:<name>:`; names hold only `[a-z-]`, nothing `like` treats specially.
fn prefix(limit: Limit) -> String {
    format!("limit:{}:", limit.name())
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::platform::test_db;

    const T0: i64 = 1_800_000_000_000;
    const MINUTE: i64 = 60_000;

    fn ip(text: &str) -> Subject<'static> {
        Subject::Address(text.parse().unwrap())
    }

    #[tokio::test]
    async fn the_sixth_contact_message_from_an_address_in_fifteen_minutes_is_refused_until_the_window_ends() {
        for db in test_db::all().await {
            let limiter = RateLimiter::default();
            let contact = |at| limiter.hit(&db.pool, Limit::ContactMessage, ip("203.0.113.5"), at);
            for i in 0..5 {
                contact(T0 + i * MINUTE).await.unwrap().unwrap();
            }
            let refused = contact(T0 + 6 * MINUTE).await.unwrap();
            assert_eq!(refused, Err(Throttled { retry_after_secs: 9 * 60 }), "{}", db.backend);
            // Other addresses and other limits are counted apart.
            limiter.hit(&db.pool, Limit::ContactMessage, ip("203.0.113.6"), T0).await.unwrap().unwrap();
            limiter.hit(&db.pool, Limit::AdmissionMessage, ip("203.0.113.5"), T0).await.unwrap().unwrap();
            // A new window starts once the old one is over.
            contact(T0 + 15 * MINUTE).await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn a_burst_of_simultaneous_requests_cannot_exceed_the_limit() {
        for db in test_db::all().await {
            let limiter = RateLimiter::default();
            let tries = (0..40).map(|_| {
                let (pool, limiter) = (db.pool.clone(), limiter.clone());
                async move { limiter.hit(&pool, Limit::UploadUrl, Subject::Account("u1"), T0).await.unwrap() }
            });
            let allowed = futures_util::future::join_all(tries).await.into_iter().filter(Result::is_ok).count();
            assert_eq!(allowed, 30, "{}", db.backend);
        }
    }

    #[tokio::test]
    async fn configured_rates_replace_the_defaults() {
        let setting: RateSetting = "newsletter=2/60".parse().unwrap();
        let limiter = RateLimiter::new(&[setting]);
        assert_eq!(limiter.rate(Limit::Newsletter), Rate { max: 2, window: Duration::from_secs(60) });
        assert_eq!(limiter.rate(Limit::ContactMessage), Limit::ContactMessage.default_rate());
        for db in test_db::all().await {
            for _ in 0..2 {
                limiter.hit(&db.pool, Limit::Newsletter, ip("198.51.100.1"), T0).await.unwrap().unwrap();
            }
            let refused = limiter.hit(&db.pool, Limit::Newsletter, ip("198.51.100.1"), T0 + 1500).await.unwrap();
            assert_eq!(refused, Err(Throttled { retry_after_secs: 59 }));
        }
    }

    #[test]
    fn settings_are_read_as_name_max_and_seconds() {
        let parsed = |text: &str| text.parse::<RateSetting>();
        assert_eq!(
            parsed(" upload-url = 50 / 3600 "),
            Ok(RateSetting { limit: Limit::UploadUrl, rate: Rate { max: 50, window: Duration::from_secs(3600) } })
        );
        for bad in ["contact", "contact=5", "contact=0/60", "contact=5/0", "spam=5/60", "contact=-1/60", "x=y/z"] {
            assert!(parsed(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn addresses_of_one_ipv6_slash_64_are_one_subject() {
        assert_eq!(ip("2001:db8:1:2::1").to_string(), ip("2001:db8:1:2:ffff::9").to_string());
        assert_ne!(ip("2001:db8:1:2::1").to_string(), ip("2001:db8:1:3::1").to_string());
        assert_eq!(ip("::ffff:192.0.2.1").to_string(), ip("192.0.2.1").to_string());
        assert_ne!(Subject::Account("192.0.2.1").to_string(), ip("192.0.2.1").to_string());
    }

    #[tokio::test]
    async fn only_this_limiters_finished_windows_are_purged() {
        for db in test_db::all().await {
            let limiter = RateLimiter::new(&["registration=20/3600".parse().unwrap()]);
            limiter.hit(&db.pool, Limit::ContactMessage, ip("10.0.0.1"), T0).await.unwrap().unwrap();
            limiter.hit(&db.pool, Limit::Registration, ip("10.0.0.1"), T0).await.unwrap().unwrap();
            let login = crate::identity::login_limit::LoginThrottle::default();
            let attempt = login.begin(&db.pool, "someone", "10.0.0.1".parse().unwrap(), T0).await.unwrap().unwrap();
            login.failed(&db.pool, attempt, T0).await.unwrap();
            let login_rows = || async {
                let sql = "select count(*) from login_throttles where id not like 'limit:%'";
                sqlx::query_scalar::<_, i64>(sql).fetch_one(&db.pool).await.unwrap()
            };
            let before = login_rows().await;
            assert!(before > 0, "a failed login is counted");

            assert_eq!(limiter.purge(&db.pool, T0 + 14 * MINUTE).await.unwrap(), 0);
            assert_eq!(limiter.purge(&db.pool, T0 + 15 * MINUTE).await.unwrap(), 1, "the contact counter");
            assert_eq!(limiter.purge(&db.pool, T0 + 60 * MINUTE).await.unwrap(), 1, "the registration counter");
            assert_eq!(login_rows().await, before, "the login counters are the login throttle's to purge");
        }
    }
}
