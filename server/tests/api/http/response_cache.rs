//! The public catalogue's responses kept in memory: served again while the catalogue version stands, fresh
//! at once for whoever wrote, and fresh within a second on another server instance sharing the database.

use std::time::{Duration, Instant};

use academy_server::platform::{cache::VERSION_MAX_AGE, db::Backend};
use academy_shared::roles::Role;
use serde_json::{Value, json};

use crate::{
    catalogue::spawn_demo_app,
    commerce_fixtures::{NewCourse, SEPAY_KEY, shop_on, transfer},
    helpers::{TestApp, spawn_app_with},
};

async fn json_at(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.expect("json")
}

async fn admin_token(app: &TestApp) -> String {
    let response = app
        .client
        .post(app.url("/auth/token"))
        .json(&json!({"username": "admin01", "password": "Admin@2026"}))
        .send()
        .await
        .expect("sent");
    let body: Value = response.json().await.expect("json");
    body["result"]["token"].as_str().expect("token").to_owned()
}

/// The first course of the newest-first list and its category.
async fn first_card(app: &TestApp) -> Value {
    json_at(app, "/api/courses?sort=newest&pageSize=1").await["result"]["items"][0].clone()
}

/// Renames the category of `card` through the dashboard API of `app`.
async fn rename_category(app: &TestApp, card: &Value, vi: &str) {
    let id = card["category"]["id"].as_str().expect("category id");
    let categories = json_at(app, "/api/categories").await;
    let list = categories["result"].as_array().expect("list");
    let category = list.iter().find(|c| c["id"] == id).expect("found").clone();
    let body = json!({
        "name": {"vi": vi, "en": "Renamed"},
        "image": category["image"],
        "order": category["order"],
    });
    let response = app
        .client
        .put(app.url(&format!("/api/dashboard/categories/{id}")))
        .bearer_auth(admin_token(app).await)
        .json(&body)
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
}

#[tokio::test]
async fn a_repeated_list_request_is_answered_from_memory_with_the_same_body() {
    let app = spawn_demo_app().await;
    let path = "/api/courses?category=programming&sort=best-rated&page=1&pageSize=6";

    let first = app.get(path).await.text().await.expect("body");
    let (hits, misses) = (app.state.cache.hits(), app.state.cache.misses());
    let second = app.get(path).await.text().await.expect("body");

    assert_eq!(first, second);
    assert_eq!(app.state.cache.hits(), hits + 1);
    assert_eq!(app.state.cache.misses(), misses);
}

#[tokio::test]
async fn searches_differing_only_in_marks_and_case_share_an_entry_and_languages_do_not() {
    let app = spawn_demo_app().await;

    let marked = json_at(&app, "/api/courses?search=%C4%90%E1%BB%93%20h%E1%BB%8Da").await;
    let hits = app.state.cache.hits();
    let plain = json_at(&app, "/api/courses?search=do%20HOA").await;
    let after_plain = app.state.cache.hits();
    let english: Value = app
        .client
        .get(app.url("/api/courses?search=do%20hoa"))
        .header("accept-language", "en")
        .send()
        .await
        .expect("sent")
        .json()
        .await
        .expect("json");

    assert_eq!(marked, plain);
    assert_eq!(after_plain, hits + 1);
    assert_eq!(app.state.cache.hits(), after_plain, "the English answer is its own entry");
    assert_eq!(english["result"]["total"], plain["result"]["total"]);
}

#[tokio::test]
async fn the_writer_sees_its_change_at_once_and_another_instance_within_a_second() {
    let first = spawn_demo_app().await;
    let url = first.state.config.database_url();
    let second = spawn_app_with(|config| config.database_url = Some(url)).await;
    let card = first_card(&first).await;
    let before = first_card(&second).await;
    assert_eq!(before["category"]["categoryName"], card["category"]["categoryName"]);
    let _cached = first_card(&second).await;

    rename_category(&first, &card, "Danh mục đổi tên").await;
    let renamed_at = Instant::now();
    let on_first = first_card(&first).await;
    let mut on_second = first_card(&second).await;
    let renamed = |card: &Value| card["category"]["categoryName"] == "Danh mục đổi tên";
    while !renamed(&on_second) && renamed_at.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        on_second = first_card(&second).await;
    }
    let waited = renamed_at.elapsed();

    assert_eq!(on_first["category"]["categoryName"], "Danh mục đổi tên", "the writer's instance, at once");
    assert_eq!(on_second["category"]["categoryName"], "Danh mục đổi tên", "the other instance, after {waited:?}");
    assert!(waited <= VERSION_MAX_AGE + Duration::from_millis(500), "took {waited:?}");
}

#[tokio::test]
async fn a_cache_of_zero_entries_answers_every_request_from_the_database() {
    let app = spawn_app_with(|config| config.response_cache_entries = 0).await;
    academy_server::demo::load(&app.state).await.expect("demo loaded");

    let first = app.get("/api/home").await.text().await.expect("body");
    let second = app.get("/api/home").await.text().await.expect("body");

    assert_eq!(first, second);
    assert_eq!(app.state.cache.hits(), 0);
    assert_eq!(app.state.cache.misses(), 2);
}

#[tokio::test]
async fn a_browser_gets_the_stored_brotli_or_gzip_form_of_the_same_json() {
    let app = spawn_demo_app().await;
    let path = "/api/courses?sort=popular&pageSize=12";
    let fetch = |encoding: &'static str| {
        let request = app.client.get(app.url(path)).header("accept-encoding", encoding);
        async move {
            let response = request.send().await.expect("sent");
            let coding = response.headers().get("content-encoding").map(|v| v.to_str().expect("ascii").to_owned());
            (coding, response.bytes().await.expect("body").to_vec())
        }
    };

    let (_, plain) = fetch("identity").await;
    let hits = app.state.cache.hits();
    let (br_coding, br) = fetch("gzip, deflate, br, zstd").await;
    let (gzip_coding, gzip) = fetch("gzip").await;
    let (refused_coding, refused) = fetch("br;q=0, gzip;q=0").await;

    assert_eq!(app.state.cache.hits(), hits + 3, "every form comes from the one entry");
    assert_eq!(br_coding.as_deref(), Some("br"));
    let mut unbrotli = Vec::new();
    brotli::BrotliDecompress(&mut &br[..], &mut unbrotli).expect("brotli");
    assert_eq!(unbrotli, plain);
    assert_eq!(gzip_coding.as_deref(), Some("gzip"));
    let mut ungzip = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut ungzip).expect("gzip");
    assert_eq!(ungzip, plain);
    assert!(br.len() * 3 < plain.len(), "compressed {} → {}", plain.len(), br.len());
    assert_eq!(refused_coding, None);
    assert_eq!(refused, plain);
}

/// The catalogue version, as the triggers keep it.
async fn catalogue_version(app: &TestApp) -> i64 {
    sqlx::query_scalar("select version from catalogue_version where id = 1")
        .fetch_one(&app.state.pool)
        .await
        .expect("version")
}

#[tokio::test]
async fn a_paid_purchase_keeps_the_course_lists_and_the_student_count_catches_up_within_its_age() {
    let app = spawn_app_with(|config| {
        config.sepay_api_key = Some(SEPAY_KEY.to_owned());
        config.response_cache_counts_max_age_secs = 3;
    })
    .await;
    let shop = shop_on(app).await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let path = "/api/courses?sort=newest&pageSize=12";
    let count = |list: &Value| {
        let items = list["result"]["items"].as_array().expect("items");
        let card =
            items.iter().find(|card| card["_id"] == course.as_str()).unwrap_or_else(|| panic!("not listed: {list}"));
        card["enrollmentCount"].as_i64().expect("count")
    };
    let (_, _, pending) = shop.pending_order(&[&course]).await;
    let before = json_at(&shop.app, path).await;
    let version = catalogue_version(&shop.app).await;

    let paid = shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 500_000, pending["code"].as_str().expect("code"))).await;
    let (hits, misses) = (shop.app.state.cache.hits(), shop.app.state.cache.misses());
    let during = json_at(&shop.app, path).await;
    let served_from_memory = (shop.app.state.cache.hits() - hits, shop.app.state.cache.misses() - misses);
    let started = Instant::now();
    let mut after = json_at(&shop.app, path).await;
    while count(&after) == 0 && started.elapsed() < Duration::from_secs(8) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        after = json_at(&shop.app, path).await;
    }

    assert_eq!(paid.0, 200, "{}", paid.1);
    assert_eq!(shop.count("course_enrollments", "course_id = $1", &course).await, 1, "the purchase enrolled");
    assert_eq!(catalogue_version(&shop.app).await, version, "a purchase leaves the catalogue version alone");
    assert_eq!(served_from_memory, (1, 0), "the list stays in memory through the purchase");
    assert_eq!((count(&before), count(&during)), (0, 0));
    assert_eq!(count(&after), 1, "the count caught up after {:?}", started.elapsed());
    assert!(started.elapsed() < Duration::from_secs(4), "within the counts' age: {:?}", started.elapsed());
}

#[tokio::test]
async fn a_student_signing_up_leaves_the_catalogue_version_and_a_teacher_signing_up_raises_it() {
    let app = spawn_app_with(|_| {}).await;
    let mut versions = vec![catalogue_version(&app).await];
    app.create_user("learner", Role::Student).await;
    versions.push(catalogue_version(&app).await);
    app.create_user("mentor", Role::Teacher).await;
    versions.push(catalogue_version(&app).await);

    assert_eq!(versions[1], versions[0], "a student's sign-up (shown only in the home page's count)");
    assert!(versions[2] > versions[1], "a teacher is on the mentor lists: {versions:?}");
}

#[tokio::test]
async fn every_column_of_a_course_but_its_enrolment_and_sales_counts_raises_the_catalogue_version() {
    let shop = crate::commerce_fixtures::shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let columns: Vec<String> = match shop.app.state.backend {
        Backend::Sqlite => sqlx::query_scalar("select name from pragma_table_info('courses')"),
        Backend::Postgres => sqlx::query_scalar(
            "select cast(column_name as text) from information_schema.columns where table_name = 'courses' \
             and table_schema = current_schema()",
        ),
    }
    .fetch_all(&shop.app.state.pool)
    .await
    .expect("columns");
    assert!(columns.len() > 20, "{columns:?}");

    let mut silent = Vec::new();
    // `seq`, the row's own number, is never updated (PostgreSQL refuses to: it is generated).
    for column in columns.iter().filter(|column| *column != "seq") {
        let before = catalogue_version(&shop.app).await;
        sqlx::query(&format!("update courses set {column} = {column} where id = $1"))
            .bind(&course)
            .execute(&shop.app.state.pool)
            .await
            .expect("updated");
        if catalogue_version(&shop.app).await == before {
            silent.push(column.as_str());
        }
    }

    silent.sort_unstable();
    assert_eq!(silent, ["enrollment_count", "sales_count"], "only the counts leave the version alone");
}
