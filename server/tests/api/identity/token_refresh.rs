//! `POST /auth/refresh` from several tabs at once: a refresh token exchanged again within the grace window gets
//! the same successor and a fresh access token, so two tabs refreshing together both stay signed in.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::status_json;
use crate::helpers::spawn_app;

fn text(body: &Value, field: &str) -> String {
    body["result"][field].as_str().unwrap_or_else(|| panic!("{field} in {body}")).to_owned()
}

#[tokio::test]
async fn twenty_simultaneous_refreshes_with_one_token_all_get_the_same_successor_which_works_afterwards() {
    let app = spawn_app().await;
    let (_, _, refresh) = app.signed_in("tabs", Role::Student).await;

    let refreshes =
        (0..20).map(|_| async { status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await });
    let answers = futures_util::future::join_all(refreshes).await;

    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(statuses, vec![200; 20]);
    let successor = text(&answers[0].1, "refreshToken");
    assert_ne!(successor, refresh);
    for (_, body) in &answers {
        assert_eq!(text(body, "refreshToken"), successor);
        let access = text(body, "token");
        assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0, 200);
    }
    let (status, next) = status_json(app.post_json("/auth/refresh", json!({"token": successor})).await).await;
    assert_eq!(status, 200, "{next}");
    assert_ne!(text(&next, "refreshToken"), successor);
    let next_access = text(&next, "token");
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&next_access), None).await).await.0, 200);
}

#[tokio::test]
async fn a_second_refresh_within_the_grace_window_gets_the_same_successor_and_a_fresh_access_token() {
    let app = spawn_app().await;
    let (_, _, refresh) = app.signed_in("twotabs", Role::Student).await;

    let (first_status, first) = status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await;
    let (second_status, second) = status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await;

    assert_eq!((first_status, second_status), (200, 200), "{second}");
    assert_eq!(text(&first, "refreshToken"), text(&second, "refreshToken"));
    assert_ne!(text(&first, "token"), text(&second, "token"));
    for access in [text(&first, "token"), text(&second, "token")] {
        assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0, 200);
    }
}

#[tokio::test]
async fn after_logout_the_grace_window_gives_nothing() {
    let app = spawn_app().await;
    let (_, _, refresh) = app.signed_in("leaving", Role::Student).await;
    let (_, first) = status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await;
    assert_eq!(status_json(app.post_json("/auth/logout", json!({"token": text(&first, "token")})).await).await.0, 200);

    let (status, body) = status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await;

    assert_eq!(status, 401);
    assert_eq!(body["code"], 1002);
}
