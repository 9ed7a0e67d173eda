//! Text search beyond the sample: common words get an estimated total ("about N") and pages found in sort
//! order; rare words and small scopes are counted exactly.

use academy_server::{
    catalogue::repo::{
        Localized,
        courses::{self, SEARCH_SAMPLE},
    },
    platform::db,
};
use serde_json::Value;

use crate::{catalogue::spawn_demo_app, helpers::TestApp};

/// Courses added beside the demo catalogue; every fifth is an Elixir course, one is a Haskell course.
const ADDED: i64 = 1500;
const ELIXIR: i64 = ADDED / 5;
const _: () = assert!(ADDED > SEARCH_SAMPLE, "the scope must be bigger than the sample");

/// Adds [`ADDED`] published courses to the demo's first category, by the demo's first teacher.
async fn add_courses(app: &TestApp) -> String {
    let pool = &app.state.pool;
    let (category_id, category_vi, category_en): (String, String, String) =
        sqlx::query_as("select id, name_vi, name_en from categories order by sort_order limit 1")
            .fetch_one(pool)
            .await
            .expect("category");
    let (teacher_id, first, last): (String, Option<String>, Option<String>) =
        sqlx::query_as("select id, first_name, last_name from users where role = 'TEACHER' order by username limit 1")
            .fetch_one(pool)
            .await
            .expect("teacher");
    let category = Localized::new(category_vi, category_en);
    let now = db::now_ms();
    let mut tx = pool.begin().await.expect("transaction");
    for n in 0..ADDED {
        let title = match n {
            _ if n % 5 == 0 => Localized::new(format!("Lập trình Elixir {n}"), format!("Elixir programming {n}")),
            7 => Localized::new("Nhập môn Haskell", "Haskell basics"),
            _ => Localized::new(format!("Khóa học số {n}"), format!("Course number {n}")),
        };
        let text = courses::search_text(&title, first.as_deref(), last.as_deref(), &category);
        sqlx::query(
            "insert into courses (id, slug, title_vi, title_en, price, currency, level, total_seat, instructor_id, \
             category_id, status, enrollment_count, search_text, created_at, updated_at) \
             values ($1, $2, $3, $4, 990000, 'VND', 'beginner', 100, $5, $6, 'published', $7, $8, $9, $9)",
        )
        .bind(db::new_id())
        .bind(format!("added-course-{n}"))
        .bind(&title.vi)
        .bind(&title.en)
        .bind(&teacher_id)
        .bind(&category_id)
        .bind((n * 7919) % 5000)
        .bind(text)
        .bind(now - n)
        .execute(&mut *tx)
        .await
        .expect("course added");
    }
    courses::refresh_category_counts(&mut tx, &category_id).await.expect("counts");
    tx.commit().await.expect("committed");
    category_id
}

async fn search(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/api/courses?{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    let body: Value = response.json().await.expect("json");
    body["result"].clone()
}

fn titles(page: &Value) -> Vec<String> {
    page["items"].as_array().expect("items").iter().map(|c| c["title"].as_str().expect("title").to_owned()).collect()
}

#[tokio::test]
async fn common_words_get_an_estimated_total_and_pages_of_real_matches_in_sort_order() {
    let app = spawn_demo_app().await;
    add_courses(&app).await;

    let first = search(&app, "search=lap+trinh+elixir&sort=popular&pageSize=12").await;
    let second = search(&app, "search=elixir&sort=popular&page=2&pageSize=12").await;

    assert_eq!(first["totalExact"], false, "{first}");
    let total = first["total"].as_i64().expect("total");
    assert!((ELIXIR * 2 / 3..=ELIXIR * 3 / 2).contains(&total), "about {ELIXIR}, estimated {total}");
    let found = titles(&first);
    assert_eq!(found.len(), 12);
    assert!(found.iter().all(|t| t.starts_with("Lập trình Elixir")), "{found:?}");
    let counts: Vec<i64> =
        first["items"].as_array().expect("items").iter().map(|c| c["enrollmentCount"].as_i64().expect("n")).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "most enrolments first: {counts:?}");
    assert_eq!(titles(&second).len(), 12);
    assert!(titles(&second).iter().all(|t| !found.contains(t)), "page 2 follows page 1");
}

#[tokio::test]
async fn the_last_page_of_an_estimate_gives_the_exact_total_and_past_it_nothing_is_promised() {
    let app = spawn_demo_app().await;
    add_courses(&app).await;

    // 300 Elixir courses in pages of 13: pages 1–23 are full, page 24 holds the last one.
    let last = search(&app, "search=elixir&sort=newest&page=24&pageSize=13").await;
    let past = search(&app, "search=elixir&sort=newest&page=40&pageSize=13").await;

    assert_eq!(titles(&last).len(), 1);
    assert_eq!(last["total"], ELIXIR, "a short page ends the list: {last}");
    assert_eq!(last["totalExact"], true);
    assert_eq!(titles(&past).len(), 0);
    assert!(past["total"].as_i64().expect("total") <= 39 * 13, "{past}");
}

#[tokio::test]
async fn rare_words_and_small_scopes_are_counted_exactly() {
    let app = spawn_demo_app().await;
    let crowded = add_courses(&app).await;
    let categories: Value = app.get("/api/categories").await.json().await.expect("json");
    let small = categories["result"]
        .as_array()
        .expect("categories")
        .iter()
        .find(|c| c["id"] != crowded.as_str() && c["courseCount"].as_i64() > Some(0))
        .expect("another category with courses")
        .clone();

    let rare = search(&app, "search=haskell").await;
    let (name, id) = (small["categoryName"].as_str().expect("name"), small["id"].as_str().expect("id"));
    let by_name = search(&app, &format!("search={name}&category={id}")).await;

    assert_eq!(rare["total"], 1);
    assert_eq!(rare["totalExact"], true);
    assert_eq!(titles(&rare), ["Nhập môn Haskell"]);
    assert_eq!(by_name["totalExact"], true);
    assert_eq!(by_name["total"], small["courseCount"], "every course of the category carries its name");
}
