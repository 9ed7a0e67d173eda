//! A teacher's name is part of their courses' search text: renaming the teacher (`PUT /users/{id}`) changes
//! what the course search finds, at once.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::status_json;
use crate::helpers::TestApp;

async fn search_total(app: &TestApp, words: &str) -> i64 {
    let body: Value =
        app.get(&format!("/api/courses?search={}", words.replace(' ', "%20"))).await.json().await.expect("json");
    body["result"]["total"].as_i64().unwrap_or_else(|| panic!("no total: {body}"))
}

#[tokio::test]
async fn a_teacher_renamed_with_marks_is_found_without_them_and_the_old_name_no_longer_is() {
    let app = crate::helpers::spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (teacher, token, _) = app.signed_in("teacher", Role::Teacher).await;
    let category = json!({"name": {"vi": "Ngoại ngữ", "en": "Languages"}});
    let (status, body) =
        status_json(app.send(Method::POST, "/api/dashboard/categories", Some(&admin), Some(category)).await).await;
    assert_eq!(status, 200, "{body}");
    let course = json!({
        "title": {"vi": "Tiếng Nhật sơ cấp", "en": "Beginner Japanese"},
        "description": {"vi": "Học tiếng Nhật", "en": "Learn Japanese"},
        "price": 0,
        "level": "beginner",
        "totalSeat": 10,
        "categoryId": body["result"]["id"],
    });
    let (status, body) =
        status_json(app.send(Method::POST, "/api/dashboard/courses", Some(&token), Some(course)).await).await;
    assert_eq!(status, 200, "{body}");
    let course_id = body["result"]["_id"].as_str().expect("id").to_owned();
    let publish = json!({"status": "published"});
    let path = format!("/api/dashboard/courses/{course_id}/status");
    assert_eq!(status_json(app.send(Method::PUT, &path, Some(&token), Some(publish)).await).await.0, 200);
    // The account was created as "Test User".
    assert_eq!(search_total(&app, "test user").await, 1);
    assert_eq!(search_total(&app, "khong xuyen").await, 0);

    let rename = json!({"firstName": "Thị Quỳnh Xuyến", "lastName": "Khổng", "email": teacher.email});
    let (status, body) =
        status_json(app.send(Method::PUT, &format!("/users/{}", teacher.id), Some(&token), Some(rename)).await).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(search_total(&app, "khong xuyen").await, 1);
    assert_eq!(search_total(&app, "Khổng Thị Quỳnh Xuyến").await, 1);
    assert_eq!(search_total(&app, "test user").await, 0);
    assert_eq!(search_total(&app, "user").await, 0);
}
