//! `POST /auth/token`, `/auth/refresh`, `/auth/introspect`, `/auth/logout`, `/api/logout(/)`, and the
//! `CurrentUser` extractor behind every protected call.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::accounts::{PASSWORD, status_json};
use crate::helpers::spawn_app;

#[tokio::test]
async fn a_user_logs_in_and_the_access_token_opens_my_info() {
    let app = spawn_app().await;
    let user = app.create_user("alice", Role::Student).await;

    let (status, body) =
        status_json(app.post_json("/auth/token", json!({"username": user.username, "password": PASSWORD})).await).await;

    assert_eq!(status, 200);
    assert_eq!(body["code"], 1000);
    assert_eq!(body["result"]["authenticated"], true);
    let token = body["result"]["token"].as_str().expect("token");
    assert!(body["result"]["refreshToken"].as_str().is_some_and(|t| t != token));
    let (status, me) = status_json(app.send(Method::GET, "/users/my-info", Some(token), None).await).await;
    assert_eq!(status, 200);
    assert_eq!(me["result"]["userId"], user.id.as_str());
    assert_eq!(me["result"]["roleName"], "STUDENT");
    assert!(me["result"].get("passwordHash").is_none() && !me.to_string().contains("argon2"));
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_user_get_the_same_localized_401() {
    let app = spawn_app().await;
    let user = app.create_user("bobby", Role::Student).await;

    let wrong = app.post_json("/auth/token", json!({"username": user.username, "password": "Wrong#Pass-99"})).await;
    let unknown = app.post_json("/auth/token", json!({"username": "nobody-here", "password": "Wrong#Pass-99"})).await;
    let (wrong_status, wrong_body) = status_json(wrong).await;
    let (unknown_status, unknown_body) = status_json(unknown).await;

    assert_eq!((wrong_status, unknown_status), (401, 401));
    assert_eq!(wrong_body["code"], 1002);
    assert_eq!(wrong_body["result"]["message"], "Tên đăng nhập hoặc mật khẩu không đúng.");
    assert_eq!(wrong_body, unknown_body);
}

#[tokio::test]
async fn protected_calls_without_a_token_get_a_401_envelope() {
    let app = spawn_app().await;

    let (status, body) = status_json(app.get("/users/my-info").await).await;

    assert_eq!(status, 401);
    assert_eq!(body["code"], 1002);
}

fn claims_of(token: &str) -> serde_json::Value {
    use base64::Engine as _;
    let payload = token.split('.').nth(1).expect("payload");
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).expect("base64"))
        .expect("json")
}

fn encode(json: &serde_json::Value) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(serde_json::to_vec(json).expect("json"))
}

#[tokio::test]
async fn a_token_with_alg_none_or_a_tampered_payload_or_signature_is_refused() {
    let app = spawn_app().await;
    let (_, access, _) = app.signed_in("mallory", Role::Student).await;
    let parts: Vec<&str> = access.split('.').collect();
    let mut claims = claims_of(&access);
    claims["role"] = "ADMIN".into();
    claims["sub"] = "someone-else".into();
    let none_header = encode(&json!({"alg": "none", "typ": "JWT"}));
    let mut signature = parts[2].to_owned();
    let last = signature.pop().expect("char");
    signature.push(if last == 'A' { 'B' } else { 'A' });
    let forged = [
        format!("{none_header}.{}.", parts[1]),
        format!("{none_header}.{}.", encode(&claims)),
        format!("{}.{}.{}", parts[0], encode(&claims), parts[2]),
        format!("{}.{}.{signature}", parts[0], parts[1]),
        "not-a-token".to_owned(),
    ];

    for token in &forged {
        let (status, body) = status_json(app.send(Method::GET, "/users/my-info", Some(token), None).await).await;
        assert_eq!(status, 401, "{token}");
        assert_eq!(body["code"], 1002);
        let (_, valid) = status_json(app.post_json("/auth/introspect", json!({"token": token})).await).await;
        assert_eq!(valid["result"]["valid"], false);
    }
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0, 200);
}

#[tokio::test]
async fn an_expired_access_token_gets_401_and_a_refresh_gives_a_working_one() {
    use academy_server::identity::tokens::{Subject, TokenKind};
    let app = spawn_app().await;
    let (user, access, refresh) = app.signed_in("expired", Role::Student).await;
    let claims = app.state.tokens.verify(&access, TokenKind::Access).expect("valid");
    let subject = Subject { user_id: user.id.clone(), role: "STUDENT".into(), token_version: claims.ver };
    let an_hour_ago = academy_server::platform::db::now_ms() - 3_600_000;
    let expired = app.state.tokens.issue_access(&subject, &claims.fam, an_hour_ago).expect("issued").token;

    let (status, _) = status_json(app.send(Method::GET, "/users/my-info", Some(&expired), None).await).await;
    assert_eq!(status, 401);
    let (_, introspected) = status_json(app.post_json("/auth/introspect", json!({"token": expired})).await).await;
    assert_eq!(introspected["result"]["valid"], false);

    let (status, refreshed) = status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await;
    assert_eq!(status, 200);
    let new_access = refreshed["result"]["token"].as_str().expect("token");
    assert_ne!(refreshed["result"]["refreshToken"].as_str(), Some(refresh.as_str()));
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(new_access), None).await).await.0, 200);
    let (_, introspected) = status_json(app.post_json("/auth/introspect", json!({"token": new_access})).await).await;
    assert_eq!(introspected["result"]["valid"], true);
}

#[tokio::test]
async fn a_short_configured_access_lifetime_makes_tokens_expire() {
    let app = crate::helpers::spawn_app_with(|config| config.access_token_ttl_secs = 0).await;
    let (_, access, _) = app.signed_in("shortt", Role::Student).await;
    let claims = claims_of(&access);
    assert_eq!(claims["exp"], claims["iat"]);
    assert_eq!(claims["typ"], "access");
}

#[tokio::test]
async fn reusing_a_spent_refresh_token_after_the_grace_window_revokes_the_whole_family() {
    let app = crate::helpers::spawn_app_with(|config| config.refresh_reuse_grace_secs = 1).await;
    let (_, _, first) = app.signed_in("replay", Role::Student).await;
    let (_, second) = status_json(app.post_json("/auth/refresh", json!({"token": first})).await).await;
    let second_access = second["result"]["token"].as_str().expect("token").to_owned();
    let second_refresh = second["result"]["refreshToken"].as_str().expect("refresh").to_owned();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;

    let (status, body) = status_json(app.post_json("/auth/refresh", json!({"token": first})).await).await;

    assert_eq!(status, 401);
    assert_eq!(body["code"], 1002);
    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": second_refresh})).await).await.0, 401);
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&second_access), None).await).await.0, 401);
}

#[tokio::test]
async fn an_access_token_is_not_a_refresh_token_nor_the_reverse() {
    let app = spawn_app().await;
    let (_, access, refresh) = app.signed_in("kinds1", Role::Student).await;

    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": access})).await).await.0, 401);
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&refresh), None).await).await.0, 401);
    let (_, introspected) = status_json(app.post_json("/auth/introspect", json!({"token": refresh})).await).await;
    assert_eq!(introspected["result"]["valid"], false);
    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": ""})).await).await.0, 401);
}

#[tokio::test]
async fn logout_revokes_the_session_on_every_logout_path() {
    let app = spawn_app().await;
    let user = app.create_user("leaver", Role::Student).await;
    for path in ["/auth/logout", "/api/logout", "/api/logout/"] {
        let (access, refresh) = app.login(&user.username, &user.password).await;
        let body = (path == "/auth/logout").then(|| json!({"token": access}));

        let (status, answer) = status_json(app.send(Method::POST, path, Some(&access), body).await).await;

        assert_eq!(status, 200, "{path}");
        assert_eq!((answer["ok"].as_bool(), answer["code"].as_i64()), (Some(true), Some(1000)), "{path}");
        assert_eq!(
            status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0,
            401,
            "{path}"
        );
        assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await.0, 401, "{path}");
    }
    // Logging out with a token that is not ours is not an error.
    assert_eq!(status_json(app.post_json("/auth/logout", json!({"token": "garbage"})).await).await.0, 200);
}

#[tokio::test]
async fn failed_logins_are_limited_per_account_and_address_with_a_localized_429_and_retry_after() {
    let app = spawn_app().await;
    let user = app.create_user("target", Role::Student).await;
    let wrong = json!({"username": user.username, "password": "Wrong#Pass-99"});
    for _ in 0..5 {
        assert_eq!(app.post_json("/auth/token", wrong.clone()).await.status(), 401);
    }

    let response = app
        .client
        .post(app.url("/auth/token"))
        .header("accept-language", "en")
        .json(&json!({"username": user.username, "password": PASSWORD}))
        .send()
        .await
        .expect("sent");

    assert_eq!(response.status(), 429);
    let retry_after: u64 = response.headers()["retry-after"].to_str().expect("ascii").parse().expect("seconds");
    assert!((1..=900).contains(&retry_after), "{retry_after}");
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1007);
    assert!(
        body["result"]["message"].as_str().expect("text").starts_with("Too many failed sign-in attempts"),
        "{body}"
    );
}

#[tokio::test]
async fn a_successful_login_clears_the_counter_of_its_address_at_the_account() {
    let app = crate::helpers::spawn_app_with(|config| config.login_limit_per_account_and_address = 2).await;
    let user = app.create_user("forget", Role::Student).await;
    let wrong = json!({"username": user.username, "password": "Wrong#Pass-99"});
    assert_eq!(app.post_json("/auth/token", wrong.clone()).await.status(), 401);
    app.login(&user.username, PASSWORD).await;
    assert_eq!(app.post_json("/auth/token", wrong.clone()).await.status(), 401);
    assert_eq!(app.post_json("/auth/token", wrong.clone()).await.status(), 401);
    assert_eq!(app.post_json("/auth/token", wrong).await.status(), 429);
}

#[tokio::test]
async fn a_missing_username_or_password_is_a_400_with_the_shared_text() {
    let app = spawn_app().await;

    let (status, body) =
        status_json(app.post_json("/auth/token", json!({"username": "  ", "password": "x"})).await).await;

    assert_eq!(status, 400);
    assert_eq!(body["result"]["message"], "Vui lòng nhập tên đăng nhập");
}

#[tokio::test]
async fn a_locked_user_cannot_log_in_and_their_tokens_stop_working() {
    let app = spawn_app().await;
    let (admin, admin_token, _) = app.signed_in("admin", Role::Admin).await;
    let (user, access, refresh) = app.signed_in("locked", Role::Student).await;

    let locked = app
        .send(
            Method::PATCH,
            &format!("/users/{}/status", user.id),
            Some(&admin_token),
            Some(json!({"status": "locked"})),
        )
        .await;
    assert_eq!(locked.status(), 200, "admin {}", admin.username);

    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0, 401);
    assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await.0, 401);
    let response = app
        .client
        .post(app.url("/auth/token"))
        .header("accept-language", "en")
        .json(&json!({"username": user.username, "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 403);
    assert_eq!(body["result"]["message"], "Your account is locked. Please contact an administrator.");
    // A wrong password for a locked account still says only "wrong password".
    let wrong = app.post_json("/auth/token", json!({"username": user.username, "password": "Wrong#Pass-99"})).await;
    assert_eq!(wrong.status(), 401);
}

#[tokio::test]
async fn usernames_are_matched_case_insensitively_at_login() {
    let app = spawn_app().await;
    let user = app.create_user("CaseUser", Role::Teacher).await;

    app.login(&user.username.to_uppercase(), PASSWORD).await;
}

/// Failed logins for unknown usernames (so only the per-address limit counts) from `forwarded_for`.
async fn failed_login_from(app: &crate::helpers::TestApp, n: usize, forwarded_for: &str) -> u16 {
    let response = app
        .client
        .post(app.url("/auth/token"))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"username": format!("nobody{n:03}"), "password": "Wrong#Pass-99"}))
        .send()
        .await
        .expect("sent");
    response.status().as_u16()
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_address_limit_counts_each_forwarded_client() {
    let app = crate::helpers::spawn_app_with(|config| {
        config.login_limit_per_address = 3;
        config.trusted_proxies = vec!["127.0.0.1/32".parse().expect("range")];
    })
    .await;

    let mut first = Vec::new();
    for n in 0..4 {
        first.push(failed_login_from(&app, n, "203.0.113.7").await);
    }
    let second = failed_login_from(&app, 10, "203.0.113.8").await;

    assert_eq!(first, [401, 401, 401, 429]);
    assert_eq!(second, 401, "another client behind the same proxy is not limited");
}

#[tokio::test]
async fn without_trusted_proxies_a_forwarded_address_is_ignored() {
    let app = crate::helpers::spawn_app_with(|config| config.login_limit_per_address = 3).await;

    for n in 0..3 {
        assert_eq!(failed_login_from(&app, n, &format!("203.0.113.{n}")).await, 401);
    }

    assert_eq!(failed_login_from(&app, 9, "198.51.100.1").await, 429, "claiming a new address does not help");
}
