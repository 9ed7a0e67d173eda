//! The login limits seen from outside: guessing is stopped per account and address and per address, and slowed
//! per account, while a person with the right password from an address that has not failed still signs in.
//! Requests name their client in `X-Forwarded-For`, trusted from the loopback proxy.

use std::time::Duration;

use academy_shared::roles::Role;
use serde_json::json;

use crate::accounts::PASSWORD;
use crate::helpers::{TestApp, spawn_app_with};

const WRONG: &str = "Wrong#Pass-99";

/// An app behind a trusted proxy on the loopback address, adjusted by `adjust`.
async fn behind_proxy(adjust: impl FnOnce(&mut academy_server::Config)) -> TestApp {
    spawn_app_with(|config| {
        config.trusted_proxies = vec!["127.0.0.1/32".parse().expect("range")];
        adjust(config);
    })
    .await
}

/// `POST /auth/token` as client `from`: the status and the `Retry-After` seconds, if any.
async fn login_from(app: &TestApp, from: &str, username: &str, password: &str) -> (u16, Option<u64>) {
    let response = app
        .client
        .post(app.url("/auth/token"))
        .header("x-forwarded-for", from)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("sent");
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|value| value.to_str().expect("ascii").parse::<u64>().expect("seconds"));
    (response.status().as_u16(), retry_after)
}

#[tokio::test]
async fn wrong_passwords_from_one_address_do_not_keep_the_right_password_out_from_another() {
    let app = behind_proxy(|_| {}).await;
    let user = app.create_user("teacher", Role::Teacher).await;

    let mut guesses = Vec::new();
    for _ in 0..6 {
        guesses.push(login_from(&app, "203.0.113.10", &user.username, WRONG).await.0);
    }
    let owner = login_from(&app, "198.51.100.20", &user.username, PASSWORD).await;
    let guesser = login_from(&app, "203.0.113.10", &user.username, PASSWORD).await;

    assert_eq!(guesses, [401, 401, 401, 401, 401, 429]);
    assert_eq!(owner.0, 200, "the owner elsewhere signs in");
    assert_eq!(guesser.0, 429, "the guessing address is refused even with the right password");
    assert!(guesser.1.is_some_and(|secs| (1..=900).contains(&secs)), "{:?}", guesser.1);
}

#[tokio::test]
async fn thirty_simultaneous_correct_logins_all_succeed() {
    let app = spawn_app_with(|_| {}).await;
    let user = app.create_user("popular", Role::Student).await;

    let logins =
        (0..30).map(|_| app.post_json("/auth/token", json!({"username": user.username, "password": PASSWORD})));
    let statuses: Vec<u16> =
        futures_util::future::join_all(logins).await.iter().map(|response| response.status().as_u16()).collect();

    assert_eq!(statuses, vec![200; 30]);
}

#[tokio::test]
async fn beyond_the_account_threshold_failed_addresses_wait_growing_delays_and_clean_ones_are_evaluated() {
    let app = behind_proxy(|config| config.login_limit_per_account = 3).await;
    let user = app.create_user("wanted", Role::Teacher).await;
    for n in 1..=3 {
        assert_eq!(login_from(&app, &format!("203.0.113.{n}"), &user.username, WRONG).await.0, 401);
    }

    // Each new failure from a clean address (evaluated: 401) doubles the wait of an address that has failed.
    let mut waits = Vec::new();
    for n in 4..=8 {
        let (status, retry_after) = login_from(&app, "203.0.113.1", &user.username, WRONG).await;
        assert_eq!(status, 429, "after {} failures", n - 1);
        waits.push(retry_after.expect("Retry-After"));
        assert_eq!(login_from(&app, &format!("203.0.113.{n}"), &user.username, WRONG).await.0, 401);
    }
    let owner = login_from(&app, "198.51.100.20", &user.username, PASSWORD).await;
    let delayed = login_from(&app, "203.0.113.2", &user.username, PASSWORD).await;

    assert_eq!(waits, [1, 2, 4, 8, 16]);
    assert_eq!(owner.0, 200, "a clean address with the right password signs in");
    assert_eq!(delayed.0, 429, "a failed address waits, whatever its password");
    assert!(delayed.1.is_some_and(|secs| (31..=32).contains(&secs)), "{:?}", delayed.1);
}

#[tokio::test]
async fn a_delayed_address_is_evaluated_again_once_its_delay_has_passed() {
    let app = behind_proxy(|config| config.login_limit_per_account = 3).await;
    let user = app.create_user("patient", Role::Student).await;
    for n in 1..=3 {
        assert_eq!(login_from(&app, &format!("203.0.113.{n}"), &user.username, WRONG).await.0, 401);
    }
    assert_eq!(login_from(&app, "203.0.113.1", &user.username, PASSWORD).await, (429, Some(1)));

    tokio::time::sleep(Duration::from_millis(1100)).await;

    assert_eq!(login_from(&app, "203.0.113.1", &user.username, PASSWORD).await.0, 200);
}

#[tokio::test]
async fn one_address_failing_at_many_accounts_is_refused_even_with_the_right_password() {
    let app = behind_proxy(|_| {}).await;
    let user = app.create_user("bystander", Role::Student).await;
    for n in 0..20 {
        assert_eq!(login_from(&app, "203.0.113.66", &format!("someone{n:02}"), WRONG).await.0, 401);
    }

    let refused = login_from(&app, "203.0.113.66", &user.username, PASSWORD).await;
    let elsewhere = login_from(&app, "203.0.113.67", &user.username, PASSWORD).await;

    assert_eq!(refused.0, 429);
    assert!(refused.1.is_some_and(|secs| (1..=900).contains(&secs)), "{:?}", refused.1);
    assert_eq!(elsewhere.0, 200);
}

#[tokio::test]
async fn a_burst_of_simultaneous_guesses_gets_at_most_the_limit_plus_the_guesses_in_flight() {
    // Two attempts at a time may be between the check and the record of their failure.
    let app = behind_proxy(|config| config.password_hash_concurrency = Some(2)).await;
    let user = app.create_user("burst", Role::Student).await;

    let guesses = (0..16).map(|_| login_from(&app, "203.0.113.99", &user.username, WRONG));
    let answers = futures_util::future::join_all(guesses).await;
    let statuses: Vec<u16> = answers.into_iter().map(|(status, _)| status).collect();

    let evaluated = statuses.iter().filter(|&&s| s == 401).count();
    assert!((5..=6).contains(&evaluated), "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 16 - evaluated, "{statuses:?}");
}
