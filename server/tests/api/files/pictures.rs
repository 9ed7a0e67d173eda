//! The dashboard's pictures: course thumbnails, banners and category images go through the avatar's signed
//! upload, then `POST /files/commit-picture` keeps them and answers the public URL the editor saves.

use academy_shared::roles::Role;
use reqwest::Method;

use crate::accounts::status_json;
use crate::files::staged;
use crate::helpers::{TestApp, spawn_app};

async fn commit(app: &TestApp, token: &str, file_id: &str) -> (u16, serde_json::Value) {
    let path = format!("/files/commit-picture?file-id={file_id}");
    status_json(app.send(Method::POST, &path, Some(token), None).await).await
}

async fn upload_url_status(app: &TestApp, token: &str, file_id: &str) -> u16 {
    let path = format!("/files/get-upload-url?file-id={file_id}&access-type=PUBLIC");
    app.send(Method::GET, &path, Some(token), None).await.status().as_u16()
}

#[tokio::test]
async fn a_teacher_uploads_a_course_thumbnail_and_it_is_served_from_its_own_folder() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("thumbs", Role::Teacher).await;

    staged(&app, &token, "thumbnail-1700000000000-cover.png").await;
    let (status, body) = commit(&app, &token, "thumbnail-1700000000000-cover.png").await;

    assert_eq!(status, 200, "{body}");
    let url = body["result"]["url"].as_str().expect("url");
    assert!(url.starts_with("/files/public/thumbnails/") && url.ends_with(".png"), "{url}");
    let served = app.get(url).await;
    assert_eq!(
        (served.status().as_u16(), served.headers()["content-type"].to_str().expect("text")),
        (200, "image/png")
    );
    // Committed once: the staged copy is gone, so a second commit finds nothing.
    assert_eq!(commit(&app, &token, "thumbnail-1700000000000-cover.png").await.0, 404);
}

#[tokio::test]
async fn each_kind_of_picture_is_uploaded_only_by_the_roles_it_belongs_to() {
    let app = spawn_app().await;
    let (_, student, _) = app.signed_in("pic-student", Role::Student).await;
    let (_, teacher, _) = app.signed_in("pic-teacher", Role::Teacher).await;
    let (_, admin, _) = app.signed_in("pic-admin", Role::Admin).await;

    assert_eq!(upload_url_status(&app, &student, "thumbnail-x.png").await, 403);
    assert_eq!(upload_url_status(&app, &student, "avatar-x.png").await, 200);
    for file_id in ["banner-x.png", "category-x.png"] {
        assert_eq!(upload_url_status(&app, &teacher, file_id).await, 403, "{file_id}");
        staged(&app, &admin, file_id).await;
        let (status, body) = commit(&app, &admin, file_id).await;
        assert_eq!(status, 200, "{body}");
        let folder = if file_id.starts_with("banner") { "banners" } else { "categories" };
        assert!(
            body["result"]["url"].as_str().expect("url").starts_with(&format!("/files/public/{folder}/")),
            "{body}"
        );
    }
    let (status, body) = commit(&app, &student, "banner-x.png").await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().expect("message").contains("không được tải lên"), "{body}");
}

#[tokio::test]
async fn an_avatar_is_not_committed_as_a_picture_nor_another_persons_upload() {
    let app = spawn_app().await;
    let (_, teacher, _) = app.signed_in("pic-owner", Role::Teacher).await;
    let (_, other, _) = app.signed_in("pic-other", Role::Teacher).await;

    staged(&app, &teacher, "avatar-me.png").await;
    assert_eq!(commit(&app, &teacher, "avatar-me.png").await.0, 400);
    staged(&app, &teacher, "thumbnail-mine.png").await;
    assert_eq!(commit(&app, &other, "thumbnail-mine.png").await.0, 404);
    assert_eq!(commit(&app, &teacher, "thumbnail-mine.png").await.0, 200);
}
