//! A person's account security: their open sessions with where each was opened, ending one or every other one,
//! and changing their password (the current one first; the others sessions end; a notice is mailed).

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::{PASSWORD, mails_to, status_json};
use crate::helpers::{TestApp, spawn_app};

const CHROME_ON_WINDOWS: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
     (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/// Signs in from a browser: (access token, refresh token).
async fn sign_in_from(app: &TestApp, username: &str, password: &str, user_agent: &str) -> (String, String) {
    let response = app
        .client
        .post(app.url("/auth/token"))
        .header("user-agent", user_agent)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 200, "{body}");
    (
        body["result"]["token"].as_str().expect("token").to_owned(),
        body["result"]["refreshToken"].as_str().expect("refresh").to_owned(),
    )
}

async fn sessions(app: &TestApp, token: &str) -> (u16, Value) {
    status_json(app.send(Method::GET, "/auth/sessions", Some(token), None).await).await
}

async fn refresh(app: &TestApp, refresh_token: &str) -> u16 {
    app.post_json("/auth/refresh", json!({"token": refresh_token})).await.status().as_u16()
}

async fn me(app: &TestApp, token: &str) -> u16 {
    app.send(Method::GET, "/users/my-info", Some(token), None).await.status().as_u16()
}

#[tokio::test]
async fn a_person_sees_their_sessions_with_their_browsers_and_ends_one_or_all_the_others() {
    let app = spawn_app().await;
    let user = app.create_user("sessions", Role::Student).await;
    let (laptop, _) = sign_in_from(&app, &user.username, PASSWORD, CHROME_ON_WINDOWS).await;
    let (phone, phone_refresh) = sign_in_from(&app, &user.username, PASSWORD, SAFARI_ON_IPHONE).await;
    let (tablet, tablet_refresh) = sign_in_from(&app, &user.username, PASSWORD, SAFARI_ON_IPHONE).await;
    // Someone else's sessions are never listed.
    let (_, stranger, _) = app.signed_in("stranger", Role::Student).await;

    let (status, body) = sessions(&app, &laptop).await;
    assert_eq!(status, 200, "{body}");
    let list = body["result"].as_array().expect("list");
    assert_eq!(list.len(), 3, "{body}");
    let current: Vec<&Value> = list.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1, "{body}");
    assert_eq!((current[0]["browser"].as_str(), current[0]["system"].as_str()), (Some("Chrome"), Some("Windows")));
    assert_eq!(list.iter().filter(|s| s["browser"] == "Safari" && s["system"] == "iOS").count(), 2);
    assert!(list.iter().all(|s| s["address"].as_str().is_some_and(|a| !a.is_empty())), "{body}");

    // Ending the phone's session: its access and refresh tokens stop working at once.
    let phone_id = {
        let (_, mine) = sessions(&app, &phone).await;
        mine["result"].as_array().expect("list").iter().find(|s| s["current"] == true).expect("current")["id"]
            .as_str()
            .expect("id")
            .to_owned()
    };
    let (status, body) =
        status_json(app.send(Method::DELETE, &format!("/auth/sessions/{phone_id}"), Some(&stranger), None).await).await;
    assert_eq!(status, 404, "another person cannot end it: {body}");
    assert_eq!(me(&app, &phone).await, 200);
    let (status, body) =
        status_json(app.send(Method::DELETE, &format!("/auth/sessions/{phone_id}"), Some(&laptop), None).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(me(&app, &phone).await, 401);
    assert_eq!(refresh(&app, &phone_refresh).await, 401);
    assert_eq!(sessions(&app, &laptop).await.1["result"].as_array().expect("list").len(), 2);

    // Ending every other session keeps the one asking.
    let (status, body) =
        status_json(app.send(Method::POST, "/auth/sessions/end-others", Some(&laptop), None).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(me(&app, &tablet).await, 401);
    assert_eq!(refresh(&app, &tablet_refresh).await, 401);
    assert_eq!(me(&app, &laptop).await, 200);
    let (_, body) = sessions(&app, &laptop).await;
    assert_eq!(body["result"].as_array().expect("list").len(), 1, "{body}");
    assert_eq!(sessions(&app, "not-a-token").await.0, 401);
}

#[tokio::test]
async fn changing_ones_password_needs_the_current_one_ends_the_other_sessions_and_mails_a_notice() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let user = app.create_user("changer", Role::Teacher).await;
    let (here, _) = sign_in_from(&app, &user.username, PASSWORD, CHROME_ON_WINDOWS).await;
    let (elsewhere, elsewhere_refresh) = sign_in_from(&app, &user.username, PASSWORD, SAFARI_ON_IPHONE).await;
    let change = |current: &str, new: &str| json!({"currentPassword": current, "newPassword": new});
    let post = |token: String, body: Value| {
        let app = &app;
        async move {
            let response = app
                .client
                .post(app.url("/users/my-password"))
                .bearer_auth(token)
                .header("accept-language", "en")
                .json(&body)
                .send()
                .await
                .expect("sent");
            status_json(response).await
        }
    };

    // A wrong current password, then a weak new one: refused under their fields, nothing changes.
    let (status, body) = post(here.clone(), change("Wrong#Password-99", "Saffron#Lantern-2027")).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["result"]["fields"]["currentPassword"], "The current password is wrong.");
    let (status, body) = post(here.clone(), change(PASSWORD, "abcdefgh")).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["result"]["fields"]["newPassword"].as_str().is_some_and(|t| !t.is_empty()), "{body}");
    assert_eq!(me(&app, &elsewhere).await, 200);

    // The change: the other session ends, this one goes on, the new password signs in and the old one does not.
    let (status, body) = post(here.clone(), change(PASSWORD, "Saffron#Lantern-2027")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(me(&app, &elsewhere).await, 401);
    assert_eq!(refresh(&app, &elsewhere_refresh).await, 401);
    assert_eq!(me(&app, &here).await, 200);
    let old = app.post_json("/auth/token", json!({"username": user.username, "password": PASSWORD})).await;
    assert_eq!(old.status(), 401);
    sign_in_from(&app, &user.username, "Saffron#Lantern-2027", CHROME_ON_WINDOWS).await;

    // The owner is told, in the account's address.
    let mails = mails_to(&app, &admin, &user.email).await;
    assert!(
        mails.iter().any(|m| m["subject"]
            .as_str()
            .is_some_and(|s| s.contains("password was changed") || s.contains("vừa được đổi"))),
        "{mails:?}"
    );
}
