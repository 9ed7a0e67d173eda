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

    let (status, body) =
        status_json(app.send(Method::POST, "/users/upload-avatar?file-id=avatar-me.svg", Some(&token), None).await)
            .await;
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

    for bytes in [
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec(),
        b"<html><script>".to_vec(),
        b"%PDF-1.7".to_vec(),
    ] {
        let (status, body) = put(&app, &url, bytes, "image/png").await;
        assert_eq!(status, 422, "{body}");
    }
    let (status, _) =
        status_json(app.send(Method::POST, "/users/upload-avatar?file-id=avatar-evil.png", Some(&token), None).await)
            .await;
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
    let ten_minutes_ago = academy_server::platform::db::now_ms() - 600_000;
    let expired = app.state.storage.upload_url(ten_minutes_ago).await.expect("ticket").url;

    let (status, body) = put(&app, &expired, PNG.to_vec(), "image/png").await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(1003)));

    let fresh = app.state.storage.upload_url(academy_server::platform::db::now_ms()).await.expect("ticket").url;
    let forged = fresh.replace("max=", "max=9");
    assert_eq!(put(&app, &forged, PNG.to_vec(), "image/png").await.0, 403);
    let unsigned = fresh.split('?').next().expect("path").to_owned();
    assert_eq!(put(&app, &unsigned, PNG.to_vec(), "image/png").await.0, 400);
}

#[tokio::test]
async fn staged_files_and_strange_paths_are_not_served() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("stager", Role::Student).await;
    let key = staged(&app, &token, "avatar-staged.png").await;

    for path in [
        format!("/files/public/{key}"),
        "/files/public/avatars/..%2Facademy.db".to_owned(),
        "/files/public/avatars/x.png".to_owned(),
    ] {
        assert_eq!(app.get(&path).await.status(), 404, "{path}");
    }
}

/// Gets an upload URL for `file_id` and PUTs a PNG to it; returns the staging key.
pub(crate) async fn staged(app: &TestApp, token: &str, file_id: &str) -> String {
    let (_, body) = upload_url(app, token, Method::GET, file_id).await;
    let url = body["result"]["url"].as_str().expect("url").to_owned();
    assert_eq!(put(app, &url, PNG.to_vec(), "image/png").await.0, 200);
    url.trim_start_matches("/files/upload/").split('?').next().expect("key").to_owned()
}

/// Commits the upload of `file_id` as the caller's avatar; returns its storage key.
async fn avatar(app: &TestApp, token: &str, file_id: &str) -> String {
    staged(app, token, file_id).await;
    let path = format!("/users/upload-avatar?file-id={file_id}");
    let (status, body) = status_json(app.send(Method::POST, &path, Some(token), None).await).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["url"].as_str().expect("url").trim_start_matches("/files/public/").to_owned()
}

/// Makes an upload look `hours` old.
async fn age(app: &TestApp, key: &str, hours: i64) {
    let then = academy_server::platform::db::now_ms() - hours * 3_600_000;
    sqlx::query("update files set created_at = $1, uploaded_at = $1 where storage_key = $2")
        .bind(then)
        .bind(key)
        .execute(&app.state.pool)
        .await
        .expect("aged");
}

async fn row_exists(app: &TestApp, key: &str) -> bool {
    let n: i64 = sqlx::query_scalar("select count(*) from files where storage_key = $1")
        .bind(key)
        .fetch_one(&app.state.pool)
        .await
        .expect("counted");
    n > 0
}

fn on_disk(app: &TestApp, key: &str) -> bool {
    app.state.config.data_dir.join("files").join(key).is_file()
}

#[tokio::test]
async fn old_unused_uploads_are_purged_and_used_or_fresh_ones_stay() {
    use academy_server::files::purge::purge_unused_uploads;
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("purger", Role::Student).await;
    // Never committed, a day old.
    let abandoned = staged(&app, &token, "avatar-abandoned.png").await;
    age(&app, &abandoned, 25).await;
    // Committed, then replaced by a picture kept from before avatars had to be uploaded: nothing shows it any more.
    let replaced = avatar(&app, &token, "avatar-old.png").await;
    academy_server::identity::repo::set_avatar(&app.state.pool, &user.id, "https://cdn.example/me.png")
        .await
        .expect("set");
    age(&app, &replaced, 25).await;
    // The current avatar, a day old, and a fresh upload.
    let in_use = avatar(&app, &token, "avatar-current.png").await;
    age(&app, &in_use, 25).await;
    let fresh = staged(&app, &token, "avatar-fresh.png").await;
    for key in [&abandoned, &replaced, &in_use, &fresh] {
        assert!(on_disk(&app, key) && row_exists(&app, key).await, "{key}");
    }

    // Two servers purging at once delete each file once.
    let now = academy_server::platform::db::now_ms();
    let (a, b) = tokio::join!(
        purge_unused_uploads(&app.state.pool, &app.state.storage, now),
        purge_unused_uploads(&app.state.pool, &app.state.storage, now),
    );

    let (a, b) = (a.expect("purged"), b.expect("purged"));
    assert_eq!((a.deleted + b.deleted, a.failed + b.failed), (2, 0));
    for key in [&abandoned, &replaced] {
        assert!(!on_disk(&app, key) && !row_exists(&app, key).await, "{key} purged");
    }
    for key in [&in_use, &fresh] {
        assert!(on_disk(&app, key) && row_exists(&app, key).await, "{key} kept");
    }
    let me: serde_json::Value =
        app.send(Method::GET, "/users/my-info", Some(&token), None).await.json().await.expect("json");
    assert_eq!(app.get(me["result"]["avatar"].as_str().expect("avatar")).await.status(), 200);
    let again = purge_unused_uploads(&app.state.pool, &app.state.storage, academy_server::platform::db::now_ms())
        .await
        .expect("purged");
    assert_eq!(again.deleted, 0);
}

#[tokio::test]
async fn a_signed_upload_url_stores_bytes_once() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("oncer", Role::Student).await;
    let (_, body) = upload_url(&app, &token, Method::GET, "avatar-once.png").await;
    let url = body["result"]["url"].as_str().expect("url").to_owned();
    let key = url.trim_start_matches("/files/upload/").split('?').next().expect("key").to_owned();

    // A refused body does not use the link up: the person may pick another file.
    assert_eq!(put(&app, &url, b"<html>".to_vec(), "image/png").await.0, 422);
    assert_eq!(put(&app, &url, PNG.to_vec(), "image/png").await.0, 200);
    let stored = std::fs::read(app.state.config.data_dir.join("files").join(&key)).expect("stored");

    let mut other = PNG.to_vec();
    other.extend_from_slice(b"replaced");
    let (status, body) = put(&app, &url, other, "image/png").await;

    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], 1005);
    assert_eq!(body["result"]["message"], "Liên kết tải lên này đã được dùng. Vui lòng tải lại tệp.");
    assert_eq!(std::fs::read(app.state.config.data_dir.join("files").join(&key)).expect("kept"), stored);
}

#[tokio::test]
async fn simultaneous_puts_to_one_signed_url_store_one_body() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("racer", Role::Student).await;
    let (_, body) = upload_url(&app, &token, Method::GET, "avatar-race.png").await;
    let url = body["result"]["url"].as_str().expect("url").to_owned();

    let puts = (0..6).map(|_| put(&app, &url, PNG.to_vec(), "image/png"));
    let statuses: Vec<u16> = futures_util::future::join_all(puts).await.into_iter().map(|(status, _)| status).collect();

    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 5, "{statuses:?}");
}
