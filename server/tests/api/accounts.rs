//! Helpers for the identity tests: accounts, logins and authenticated requests.

use academy_server::identity::repo::{self as users, NewUser};
use academy_shared::roles::Role;
use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::TestApp;

/// A password every shared rule and zxcvbn accept.
pub const PASSWORD: &str = "Violet#Harbour-2026";

/// An account created for a test.
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: String,
    pub username: String,
    pub email: String,
    pub password: String,
}

/// A fresh username (at least 6 characters) with `prefix`.
pub fn unique_name(prefix: &str) -> String {
    format!("{prefix}{}", &uuid::Uuid::now_v7().simple().to_string()[20..])
}

impl TestApp {
    /// Sends `body` as JSON to `path` with an optional Bearer token.
    pub async fn send(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request sent")
    }

    /// Sends `body` as JSON to `path` with an optional Bearer token: the status and the JSON body (null when the
    /// answer is not JSON). Every test's requests go through this or [`TestApp::call_in`].
    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        status_json(self.send(method, path, token, body).await).await
    }

    /// [`TestApp::call`] asking for answers in `lang` (`Accept-Language`).
    pub async fn call_in(
        &self,
        lang: &str,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, self.url(path)).header("Accept-Language", lang);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        status_json(request.send().await.expect("request sent")).await
    }

    pub async fn post_json(&self, path: &str, body: Value) -> Response {
        self.send(Method::POST, path, None, Some(body)).await
    }

    /// A user with `role`, created directly in the database (any role).
    pub async fn create_user(&self, prefix: &str, role: Role) -> TestUser {
        let username = unique_name(prefix);
        let email = format!("{username}@example.com");
        let hash = self.state.passwords.hash(PASSWORD).await.expect("hashed");
        let new_user = NewUser {
            username: &username,
            email: &email,
            password_hash: &hash,
            first_name: Some("Test"),
            last_name: Some("User"),
            phone_number: None,
            address: None,
            dob: None,
            role,
        };
        let row = users::create(&self.state.pool, &new_user).await.expect("user created");
        TestUser { id: row.id, username, email, password: PASSWORD.to_owned() }
    }

    /// Logs in and returns (access token, refresh token); panics unless it succeeds.
    pub async fn login(&self, username: &str, password: &str) -> (String, String) {
        let response = self.post_json("/auth/token", json!({"username": username, "password": password})).await;
        assert_eq!(response.status(), 200, "login of {username}");
        let body: Value = response.json().await.expect("json");
        let result = &body["result"];
        (
            result["token"].as_str().expect("token").to_owned(),
            result["refreshToken"].as_str().expect("refresh").to_owned(),
        )
    }

    /// A user with `role`, logged in: (user, access token, refresh token).
    pub async fn signed_in(&self, prefix: &str, role: Role) -> (TestUser, String, String) {
        let user = self.create_user(prefix, role).await;
        let (access, refresh) = self.login(&user.username, &user.password).await;
        (user, access, refresh)
    }
}

/// The status and JSON body of a response.
pub async fn status_json(response: Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

/// The mails kept in the outbox (no SMTP in tests), newest first, read with an admin's token.
pub async fn outbox(app: &TestApp, admin_token: &str) -> Vec<Value> {
    let (status, body) = status_json(app.send(Method::GET, "/api/admin/outbox", Some(admin_token), None).await).await;
    assert_eq!(status, 200, "{body}");
    body["result"].as_array().cloned().unwrap_or_default()
}

/// The mails of the outbox addressed to `to`.
pub async fn mails_to(app: &TestApp, admin_token: &str, to: &str) -> Vec<Value> {
    outbox(app, admin_token)
        .await
        .into_iter()
        .filter(|m| m["recipient"].as_str().is_some_and(|r| r.eq_ignore_ascii_case(to)))
        .collect()
}
