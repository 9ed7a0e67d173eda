//! Uploads: `GET|POST /files/get-upload-url`, `PUT` to the signed URL, `POST /users/upload-avatar`,
//! `GET /files/public/...`.

use academy_shared::{profile::AVATAR_MAX_BYTES, roles::Role};
use reqwest::Method;

use crate::accounts::status_json;
use crate::helpers::{TestApp, spawn_app};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

async fn upload_url(app: &TestApp, token: &str, method: Method, file_id: &str) -> (u16, serde_json::Value) {
    let path = format!("/files/get-upload-url?file-id={file_id}&access-type=PUBLIC");
    status_json(app.send(method, &path, Some(token), None).await).await
}

async fn put(app: &TestApp, url: &str, bytes: Vec<u8>, content_type: &str) -> (u16, serde_json::Value) {
    let response = app
        .client
        .put(app.url(url))
        .header("content-type", content_type)
        .header("x-amz-acl", "public-read")
        .header("content-disposition", "inline")
        .body(bytes)
        .send()
        .await
        .expect("sent");
    status_json(response).await
}

#[tokio::test]
async fn an_avatar_goes_from_signed_url_to_the_profile_and_is_served_as_an_image() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("avatar", Role::Student).await;

    let (status, body) = upload_url(&app, &token, Method::GET, "avatar-me.svg").await;
    assert_eq!(status, 200, "{body}");
    let url = body["result"]["url"].as_str().expect("url").to_owned();
    assert!(url.starts_with("/files/upload/staging/") && url.contains("sig="), "{url}");
    assert!(!url.contains("me.svg"), "the client's name is not a storage name: {url}");

    // The type is read from the bytes: a PNG sent as image/svg+xml is a PNG.
    let (status, _) = put(&app, &url, PNG.to_vec(), "image/svg+xml").await;
    assert_eq!(status, 200);

    let (status, body) = status_json(app.send(Method::POST, "/users/upload-avatar?file-id=avatar-me.svg", Some(&token), None).await).await;
    assert_eq!(status, 200, "{body}");
    let avatar = body["result"]["url"].as_str().expect("url").to_owned();
    assert!(avatar.starts_with("/files/public/avatars/") && avatar.ends_with(".png"), "{avatar}");
    let (_, me) = status_json(app.send(Method::GET, "/users/my-info", Some(&token), None).await).await;
    assert_eq!(me["result"]["avatar"], avatar.as_str());

    let served = app.get(&avatar).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.expect("bytes").as_ref(), PNG);
}

#[tokio::test]
async fn post_also_gives_an_upload_url_and_both_need_a_token_and_an_avatar_file_id() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("poster", Role::Teacher).await;

    assert_eq!(upload_url(&app, &token, Method::POST, "avatar-x.png").await.0, 200);
    assert_eq!(upload_url(&app, &token, Method::GET, "document-x.pdf").await.0, 400);
    let anonymous = app.get("/files/get-upload-url?file-id=avatar-x.png&access-type=PUBLIC").await;
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn a_non_image_is_refused_and_never_becomes_an_avatar() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("htmler", Role::Student).await;
    let (_, body) = upload_url(&app, &token, Method::GET, "avatar-evil.png").await;
    let url = body["result"]["url"].as_str().expect("url").to_owned();

    for bytes in [b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec(), b"<html><script>".to_vec(), b"%PDF-1.7".to_vec()] {
        let (status, body) = put(&app, &url, bytes, "image/png").await;
        assert_eq!(status, 422, "{body}");
    }
    let (status, _) = status_json(app.send(Method::POST, "/users/upload-avatar?file-id=avatar-evil.png", Some(&token), None).await).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_four_megabyte_file_is_refused_and_the_limit_itself_passes() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("bigone", Role::Student).await;
    let (_, body) = upload_url(&app, &token, Method::GET, "avatar-big.png").await;
    let url = body["result"]["url"].as_str().expect("url").to_owned();

    let mut four_mb = PNG.to_vec();
    four_mb.resize(4 * 1024 * 1024, 0);
    let (status, body) = put(&app, &url, four_mb, "image/png").await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["result"]["message"], "Kích thước ảnh phải nhỏ hơn 3.6MB");

    let mut at_limit = PNG.to_vec();
    at_limit.resize(AVATAR_MAX_BYTES as usize, 0);
    assert_eq!(put(&app, &url, at_limit, "image/png").await.0, 200);
}

#[tokio::test]
async fn an_expired_or_forged_upload_url_is_refused() {
    let app = spawn_app().await;
    let ten_minutes_ago = academy_server::db::now_ms() - 600_000;
    let expired = app.state.storage.upload_url(ten_minutes_ago).await.expect("ticket").url;

    let (status, body) = put(&app, &expired, PNG.to_vec(), "image/png").await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(1003)));

    let fresh = app.state.storage.upload_url(academy_server::db::now_ms()).await.expect("ticket").url;
    let forged = fresh.replace("max=", "max=9");
    assert_eq!(put(&app, &forged, PNG.to_vec(), "image/png").await.0, 403);
    let unsigned = fresh.split('?').next().expect("path").to_owned();
    assert_eq!(put(&app, &unsigned, PNG.to_vec(), "image/png").await.0, 400);
}

#[tokio::test]
async fn staged_files_and_strange_paths_are_not_served() {
    let app = spawn_app().await;
    let ticket = app.state.storage.upload_url(academy_server::db::now_ms()).await.expect("ticket");
    assert_eq!(put(&app, &ticket.url, PNG.to_vec(), "image/png").await.0, 200);

    for path in [format!("/files/public/{}", ticket.key), "/files/public/avatars/..%2Facademy.db".to_owned(), "/files/public/avatars/x.png".to_owned()] {
        assert_eq!(app.get(&path).await.status(), 404, "{path}");
    }
}
