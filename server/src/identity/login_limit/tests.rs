#![allow(clippy::unwrap_used)]
use super::*;
use crate::platform::test_db;

const T0: i64 = 1_800_000_000_000;
const SECOND: i64 = 1000;
const MINUTE: i64 = 60_000;

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

fn failures(count: i64, window_started_at: i64, last_failed_at: i64) -> Failures {
    Failures { count, window_started_at, last_failed_at }
}

const NONE: Failures = Failures { count: 0, window_started_at: 0, last_failed_at: 0 };

#[test]
fn five_failures_of_an_address_at_an_account_refuse_that_pair_until_its_window_ends() {
    let limits = GuessLimits::default();
    assert_eq!(verdict(&limits, T0 + 5 * MINUTE, failures(4, T0, T0), NONE, NONE), Ok(()));
    assert_eq!(
        verdict(&limits, T0 + 5 * MINUTE, failures(5, T0, T0), NONE, NONE),
        Err(Throttled { retry_after_secs: 10 * 60 })
    );
}

#[test]
fn twenty_failures_of_an_address_refuse_it_at_every_account() {
    let limits = GuessLimits::default();
    assert_eq!(verdict(&limits, T0 + MINUTE, NONE, failures(19, T0, T0), NONE), Ok(()));
    assert_eq!(
        verdict(&limits, T0 + MINUTE, NONE, failures(20, T0, T0), NONE),
        Err(Throttled { retry_after_secs: 14 * 60 })
    );
}

#[test]
fn beyond_fifty_failures_at_an_account_a_failed_address_waits_one_second_doubling_up_to_five_minutes() {
    let limits = GuessLimits::default();
    let last = T0 + MINUTE;
    let wait = |count: i64| verdict(&limits, last, failures(1, T0, T0), NONE, failures(count, T0, last));
    assert_eq!(wait(49), Ok(()));
    let waits: Vec<u64> = (50..=60).map(|count| wait(count).unwrap_err().retry_after_secs).collect();
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    assert_eq!(wait(10_000).unwrap_err().retry_after_secs, 300);
    // Once the wait after the account's latest failure has passed, the address is evaluated again.
    let after = |now: i64| verdict(&limits, now, failures(1, T0, T0), NONE, failures(53, T0, last));
    assert_eq!(after(last + 7 * SECOND).unwrap_err().retry_after_secs, 1);
    assert_eq!(after(last + 8 * SECOND), Ok(()));
}

#[test]
fn a_clean_address_is_evaluated_whatever_the_account_has_seen() {
    let limits = GuessLimits::default();
    assert_eq!(verdict(&limits, T0 + 1, NONE, NONE, failures(5_000, T0, T0)), Ok(()));
}

/// An attempt that fails.
async fn fail(
    db: &test_db::TestDb,
    throttle: &LoginThrottle,
    username: &str,
    from: &str,
    now: i64,
) -> Result<(), Throttled> {
    match throttle.begin(&db.pool, username, ip(from), now).await.unwrap() {
        Ok(attempt) => {
            throttle.failed(&db.pool, attempt, now).await.unwrap();
            Ok(())
        }
        Err(throttled) => Err(throttled),
    }
}

#[tokio::test]
async fn a_pair_is_refused_after_five_failures_while_other_addresses_go_on_until_its_window_ends() {
    for db in test_db::all().await {
        let throttle = LoginThrottle::default();
        for i in 0..5 {
            fail(&db, &throttle, "Alice", "10.0.0.1", T0 + i * MINUTE).await.unwrap();
        }
        let refused = fail(&db, &throttle, " alice ", "10.0.0.1", T0 + 5 * MINUTE).await;
        assert_eq!(refused, Err(Throttled { retry_after_secs: 10 * 60 }), "{}", db.backend);
        let other = throttle.begin(&db.pool, "alice", ip("10.0.0.2"), T0 + 5 * MINUTE).await.unwrap().unwrap();
        throttle.succeeded(&db.pool, other).await.unwrap();
        // Once the window that began at T0 is over, the pair is evaluated again.
        fail(&db, &throttle, "alice", "10.0.0.1", T0 + 15 * MINUTE).await.unwrap();
    }
}

#[tokio::test]
async fn a_success_forgets_the_failures_of_its_address_at_the_account_only() {
    for db in test_db::all().await {
        let throttle = LoginThrottle::new(GuessLimits { per_account: 6, ..GuessLimits::default() }, 1);
        for i in 0..4 {
            fail(&db, &throttle, "bob", "10.0.0.1", T0 + i * MINUTE).await.unwrap();
        }
        let good = throttle.begin(&db.pool, "bob", ip("10.0.0.1"), T0 + 4 * MINUTE).await.unwrap().unwrap();
        throttle.succeeded(&db.pool, good).await.unwrap();
        // Four more failures: the pair counts from zero again (it would refuse the fifth otherwise).
        for i in 5..9 {
            fail(&db, &throttle, "bob", "10.0.0.1", T0 + i * MINUTE).await.unwrap();
        }
        // The account kept all eight: over its threshold of six, the failed address waits 4 s.
        let waited = fail(&db, &throttle, "bob", "10.0.0.1", T0 + 8 * MINUTE).await;
        assert_eq!(waited, Err(Throttled { retry_after_secs: 4 }), "{}", db.backend);
    }
}

#[tokio::test]
async fn one_address_failing_at_many_accounts_is_refused_after_twenty_failures() {
    for db in test_db::all().await {
        let throttle = LoginThrottle::default();
        for i in 0..20 {
            fail(&db, &throttle, &format!("user{i}"), "203.0.113.9", T0).await.unwrap();
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
    assert_eq!(pair_key("Carol", ip("2001:db8:1:2::1")), pair_key("carol", ip("2001:db8:1:2::7")));
}

#[tokio::test]
async fn a_burst_of_simultaneous_guesses_through_a_gate_of_one_gets_exactly_the_limit() {
    for db in test_db::all().await {
        let throttle = LoginThrottle::new(GuessLimits::default(), 1);
        let tries = (0..12).map(|_| fail(&db, &throttle, "carol", "10.9.0.1", T0));
        let evaluated = futures_util::future::join_all(tries).await.into_iter().filter(Result::is_ok).count();
        assert_eq!(evaluated, 5, "{}", db.backend);
    }
}

#[tokio::test]
async fn a_burst_of_correct_logins_is_never_refused() {
    for db in test_db::all().await {
        let throttle = LoginThrottle::new(GuessLimits::default(), 2);
        let logins = (0..30).map(|_| async {
            let attempt = throttle.begin(&db.pool, "dora", ip("10.9.0.2"), T0).await.unwrap()?;
            throttle.succeeded(&db.pool, attempt).await.unwrap();
            Ok::<(), Throttled>(())
        });
        let refused = futures_util::future::join_all(logins).await.into_iter().filter(Result::is_err).count();
        assert_eq!(refused, 0, "{}", db.backend);
    }
}

#[tokio::test]
async fn the_fourth_reset_request_for_an_email_and_the_eleventh_from_an_address_are_refused() {
    for db in test_db::all().await {
        let throttle = ResetRequestThrottle::default();
        for i in 0..3 {
            throttle
                .begin(&db.pool, "Eve@Example.com", ip(&format!("10.1.0.{i}")), T0 + i * MINUTE)
                .await
                .unwrap()
                .unwrap();
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
        fail(&db, &throttle, "dave", "10.0.0.1", T0).await.unwrap();
        assert_eq!(throttle.purge(&db.pool, T0 + 14 * MINUTE).await.unwrap(), 0);
        assert_eq!(throttle.purge(&db.pool, T0 + 15 * MINUTE).await.unwrap(), 3);
    }
}
