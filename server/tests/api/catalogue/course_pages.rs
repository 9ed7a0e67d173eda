//! A course page stays light and cached however large its course: it carries every section but the lessons of
//! its first sections only (up to 100), the rest come from `GET /api/courses/{id}/sections`, and visitors who
//! are not signed in are answered from memory until the course changes.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::status_json,
    helpers::{TestApp, spawn_app},
};

/// A published course of `sections` sections of `lessons` lessons each; its id and its teacher's token.
async fn large_course(app: &TestApp, sections: usize, lessons: usize) -> (String, String) {
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (_, teacher, _) = app.signed_in("teacher", Role::Teacher).await;
    let name = crate::accounts::unique_name("nhom");
    let category = json!({"name": {"vi": name, "en": name}});
    let (_, created) =
        status_json(app.send(Method::POST, "/api/dashboard/categories", Some(&admin), Some(category)).await).await;
    let course = json!({
        "title": {"vi": format!("Khóa học {name}"), "en": "A large course"}, "price": 0,
        "categoryId": created["result"]["id"].as_str().expect("category id")
    });
    let (status, created) =
        status_json(app.send(Method::POST, "/api/dashboard/courses", Some(&teacher), Some(course)).await).await;
    assert_eq!(status, 200, "{created}");
    let id = created["result"]["_id"].as_str().expect("course id").to_owned();
    let curriculum = curriculum(sections, lessons, "Bài");
    let path = format!("/api/dashboard/courses/{id}/curriculum");
    let (status, body) = status_json(app.send(Method::PUT, &path, Some(&teacher), Some(curriculum)).await).await;
    assert_eq!(status, 200, "{body}");
    let status_path = format!("/api/dashboard/courses/{id}/status");
    let publish = json!({"status": "published"});
    assert_eq!(app.send(Method::PUT, &status_path, Some(&teacher), Some(publish)).await.status(), 200);
    (id, teacher)
}

fn curriculum(sections: usize, lessons: usize, word: &str) -> Value {
    let sections: Vec<Value> = (0..sections)
        .map(|s| {
            let lessons: Vec<Value> = (0..lessons)
                .map(|l| json!({"title": {"vi": format!("{word} {s}.{l}"), "en": format!("Lesson {s}.{l}")}, "durationSeconds": 60}))
                .collect();
            json!({"title": {"vi": format!("Chương {s}"), "en": format!("Part {s}")}, "lessons": lessons})
        })
        .collect();
    json!({ "sections": sections })
}

async fn json_of(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.expect("json")
}

fn lesson_counts(sections: &Value) -> Vec<usize> {
    sections.as_array().expect("sections").iter().map(|s| s["lessons"].as_array().expect("lessons").len()).collect()
}

#[tokio::test]
async fn a_large_course_page_carries_its_first_lessons_and_the_rest_come_by_sections() {
    let app = spawn_app().await;
    let (id, _) = large_course(&app, 20, 25).await;

    let page = json_of(&app, &format!("/api/courses/{id}")).await;
    let rest = json_of(&app, &format!("/api/courses/{id}/sections?from=4")).await;
    let two = json_of(&app, &format!("/api/courses/{id}/sections?from=18&limit=5")).await;

    let page = &page["result"];
    assert_eq!(lesson_counts(&page["sections"]), [vec![25; 4], vec![0; 16]].concat());
    assert_eq!(page["moreLessonsFrom"], 4);
    assert_eq!(page["sections"][19]["lessonCount"], 25, "every section says what it holds");
    assert_eq!(page["sections"][19]["durationSeconds"], 25 * 60);
    assert_eq!(lesson_counts(&rest["result"]), vec![25; 16]);
    assert_eq!(rest["result"][0]["title"], "Chương 4");
    assert_eq!(rest["result"][15]["lessons"][24]["title"], "Bài 19.24");
    assert_eq!(lesson_counts(&two["result"]), [25, 25]);
    let small = large_course(&app, 2, 3).await.0;
    let small_page = json_of(&app, &format!("/api/courses/{small}")).await;
    assert_eq!(lesson_counts(&small_page["result"]["sections"]), [3, 3]);
    assert_eq!(small_page["result"]["moreLessonsFrom"], Value::Null);
}

#[tokio::test]
async fn a_course_page_is_served_from_memory_to_visitors_until_its_course_changes() {
    let app = spawn_app().await;
    let (id, teacher) = large_course(&app, 3, 2).await;
    let path = format!("/api/courses/{id}");
    let first = json_of(&app, &path).await;
    let hits = app.state.cache.hits();

    let again = json_of(&app, &path).await;

    assert_eq!(again, first);
    assert_eq!(app.state.cache.hits(), hits + 1, "the second visitor was answered from memory");
    let edit = format!("/api/dashboard/courses/{id}/curriculum");
    let (status, _) =
        status_json(app.send(Method::PUT, &edit, Some(&teacher), Some(curriculum(3, 2, "Tiết"))).await).await;
    assert_eq!(status, 200);
    let edited = json_of(&app, &path).await;
    assert_eq!(edited["result"]["sections"][0]["lessons"][0]["title"], "Tiết 0.0", "an edit shows at once");
}
