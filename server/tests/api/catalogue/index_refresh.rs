//! The catalogue index follows the catalogue without a restart: a course published, renamed, unpublished or
//! enrolled in is answered accordingly by the index itself once it has caught up, and the writer sees its own
//! change at once meanwhile (the database answers until the index has caught up).

use std::time::{Duration, Instant};

use academy_server::{
    catalogue::repo::courses::{ListQuery, Sort},
    platform::cache::read_catalogue_version,
};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::status_json,
    helpers::{TestApp, spawn_app_with},
};

/// Titles (Vietnamese) of the list at `path`.
async fn titles(app: &TestApp, path: &str) -> Vec<String> {
    let body: Value = app.get(path).await.json().await.expect("json");
    let items = body["result"]["items"].as_array().unwrap_or_else(|| panic!("no items: {body}"));
    items.iter().map(|c| c["title"].as_str().expect("title").to_owned()).collect()
}

/// The index's own answer to `query` once it holds the database's catalogue version and counts read after
/// `since` (lists ask it to check; it is rebuilt off the request path).
async fn from_index(app: &TestApp, query: &ListQuery, since: Instant) -> Vec<String> {
    let started = Instant::now();
    loop {
        let version = read_catalogue_version(&app.state.pool).await.expect("version");
        if let Some(index) = app.state.courses_index.current()
            && index.version >= version
            && index.read_at > since
        {
            return index.list(query).items.into_iter().map(|c| c.title_vi).collect();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the index did not catch up");
        app.get("/api/courses?sort=newest").await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn search(words: &str) -> ListQuery {
    ListQuery { search: Some(words.to_owned()), page: 1, page_size: 12, ..ListQuery::default() }
}

fn course_form(title_vi: &str, title_en: &str, category_id: &Value) -> Value {
    json!({
        "title": {"vi": title_vi, "en": title_en},
        "description": {"vi": "Mô tả", "en": "About"},
        "price": 0,
        "level": "beginner",
        "totalSeat": 10,
        "categoryId": category_id,
    })
}

#[tokio::test]
async fn a_course_published_renamed_unpublished_and_enrolled_in_is_answered_by_the_index_without_a_restart() {
    let app = spawn_app_with(|config| config.response_cache_counts_max_age_secs = 1).await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (_, teacher, _) = app.signed_in("teacher", Role::Teacher).await;
    let (_, student, _) = app.signed_in("student", Role::Student).await;
    let category = json!({"name": {"vi": "Ngoại ngữ", "en": "Languages"}});
    let (status, body) =
        status_json(app.send(Method::POST, "/api/dashboard/categories", Some(&admin), Some(category)).await).await;
    assert_eq!(status, 200, "{body}");
    let category_id = body["result"]["id"].clone();
    let mut ids = Vec::new();
    for (vi, en) in [("Tiếng Đức sơ cấp", "Beginner German"), ("Tiếng Nhật sơ cấp", "Beginner Japanese")]
    {
        let form = course_form(vi, en, &category_id);
        let (status, body) =
            status_json(app.send(Method::POST, "/api/dashboard/courses", Some(&teacher), Some(form)).await).await;
        assert_eq!(status, 200, "{body}");
        ids.push(body["result"]["_id"].as_str().expect("id").to_owned());
    }
    let set_status = |id: &str, status: &'static str| {
        let path = format!("/api/dashboard/courses/{id}/status");
        let (app, teacher) = (&app, &teacher);
        async move {
            let response = app.send(Method::PUT, &path, Some(teacher), Some(json!({ "status": status }))).await;
            assert_eq!(response.status(), 200, "{status}");
        }
    };
    let index_built = app.state.courses_index.rebuild(&app.state.pool).await.expect("built");
    assert!(index_built.is_empty());

    // Published: the writer finds it at once, then the index does.
    let published = Instant::now();
    set_status(&ids[0], "published").await;
    let at_once = titles(&app, "/api/courses?search=tieng+duc").await;
    let by_index = from_index(&app, &search("tiếng đức"), published).await;

    assert_eq!(at_once, ["Tiếng Đức sơ cấp"]);
    assert_eq!(by_index, ["Tiếng Đức sơ cấp"]);

    // Renamed: found by its new words, not by its old ones.
    let renamed = Instant::now();
    let form = course_form("Đàn guitar đệm hát", "Guitar accompaniment", &category_id);
    let path = format!("/api/dashboard/courses/{}", ids[0]);
    assert_eq!(app.send(Method::PUT, &path, Some(&teacher), Some(form)).await.status(), 200);
    let new_words = from_index(&app, &search("dan guitar"), renamed).await;
    let old_words = from_index(&app, &search("tiếng đức"), renamed).await;

    assert_eq!(new_words, ["Đàn guitar đệm hát"]);
    assert!(old_words.is_empty(), "{old_words:?}");

    // Two free courses with no enrolments: the later one first; an enrolment puts the other first once the
    // counts are refreshed (they do not change the catalogue version).
    set_status(&ids[1], "published").await;
    let popular = ListQuery { sort: Sort::Popular, page: 1, page_size: 12, ..ListQuery::default() };
    let before = from_index(&app, &popular, Instant::now()).await;
    let enrolled = Instant::now();
    let path = format!("/api/courses/{}/enroll-free", ids[0]);
    let (status, body) = status_json(app.send(Method::POST, &path, Some(&student), None).await).await;
    assert_eq!(status, 200, "{body}");
    let after = from_index(&app, &popular, enrolled).await;

    assert_eq!(before, ["Tiếng Nhật sơ cấp", "Đàn guitar đệm hát"]);
    assert_eq!(after, ["Đàn guitar đệm hát", "Tiếng Nhật sơ cấp"]);
    assert!(enrolled.elapsed() < Duration::from_secs(5), "counts caught up after {:?}", enrolled.elapsed());

    // Unpublished: gone from the writer's next list at once, and from the index.
    let unpublished = Instant::now();
    set_status(&ids[0], "draft").await;
    let at_once = titles(&app, "/api/courses?search=guitar").await;
    let by_index = from_index(&app, &search("guitar"), unpublished).await;

    assert!(at_once.is_empty(), "{at_once:?}");
    assert!(by_index.is_empty(), "{by_index:?}");
}
