//! Every paged list reads `?page=` and `?pageSize=` the same way: a page past the last one (however large) is
//! empty, a page below 1 is the first, and a page that is not a whole number is a 400 in the user's language.

use academy_shared::roles::Role;
use serde_json::{Value, json};

use crate::{accounts::status_json, catalogue::spawn_demo_app, helpers::TestApp};

/// The paged lists and whether each needs an admin's token.
const LISTS: [(&str, bool); 9] = [
    ("/api/courses", false),
    ("/api/posts", false),
    ("/api/feed", false),
    ("/users", true),
    ("/api/admin/outbox", true),
    ("/api/dashboard/courses", true),
    ("/api/dashboard/feed", true),
    ("/api/dashboard/contact-messages", true),
    ("/api/dashboard/admission-messages", true),
];

/// The demo catalogue plus a mail in the outbox and a message in each inbox, so every list has a first page.
async fn app_with_lists() -> (TestApp, String) {
    let app = spawn_demo_app().await;
    let (_, admin, _) = app.signed_in("pageadmin", Role::Admin).await;
    sqlx::query("insert into outbox_mails (id, recipient, subject, body_text, created_at) values ($1, $2, $3, $4, $5)")
        .bind("mail-1")
        .bind("lan@example.com")
        .bind("Chào mừng")
        .bind("Xin chào")
        .bind(1_800_000_000_000_i64)
        .execute(&app.state.pool)
        .await
        .expect("outbox mail");
    let contact = json!({"name": "Lan", "email": "lan@example.com", "message": "Xin chào"});
    let admission =
        json!({"name": "Lan", "email": "lan@example.com", "phone": "0912345678", "courseName": "Lập trình Python"});
    assert_eq!(app.post_json("/api/contact/message", contact).await.status(), 200);
    assert_eq!(app.post_json("/api/contact/admissionMessage", admission).await.status(), 200);
    (app, admin)
}

async fn get(app: &TestApp, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.get(app.url(path)).header("accept-language", "en");
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    status_json(request.send().await.expect("request sent")).await
}

/// The items of a list's answer (the outbox answers a bare array).
fn items(body: &Value) -> Vec<Value> {
    let result = &body["result"];
    result.get("items").unwrap_or(result).as_array().cloned().unwrap_or_else(|| panic!("no items: {body}"))
}

#[tokio::test]
async fn a_huge_page_number_is_an_empty_page_on_every_list() {
    let (app, admin) = app_with_lists().await;

    for (list, needs_admin) in LISTS {
        let token = needs_admin.then_some(admin.as_str());
        let (status, first) = get(&app, list, token).await;
        assert_eq!(status, 200, "{list}: {first}");
        assert!(!items(&first).is_empty(), "{list} has a first page: {first}");

        for page in ["9223372036854775807", "9223372036854775808", "99999999999999999999999", "4611686018427387904"] {
            let path = format!("{list}?page={page}");
            let (status, body) = get(&app, &path, token).await;

            assert_eq!(status, 200, "{path}: {body}");
            assert_eq!(items(&body), Vec::<Value>::new(), "{path} must not wrap around to a page with items");
        }
    }
}

#[tokio::test]
async fn a_page_of_zero_or_below_is_the_first_page_on_every_list() {
    let (app, admin) = app_with_lists().await;

    for (list, needs_admin) in LISTS {
        let token = needs_admin.then_some(admin.as_str());
        let (_, first) = get(&app, list, token).await;
        for page in ["0", "-1", "-9223372036854775808"] {
            let path = format!("{list}?page={page}");
            let (status, body) = get(&app, &path, token).await;

            assert_eq!(status, 200, "{path}: {body}");
            assert_eq!(items(&body), items(&first), "{path}");
            if body["result"].get("page").is_some() {
                assert_eq!(body["result"]["page"], 1, "{path}");
            }
        }
    }
}

#[tokio::test]
async fn a_page_that_is_not_a_whole_number_is_a_400_in_the_users_language() {
    let (app, admin) = app_with_lists().await;

    for (list, needs_admin) in LISTS {
        let token = needs_admin.then_some(admin.as_str());
        for query in ["page=abc", "page=1.5", "pageSize=ten"] {
            let path = format!("{list}?{query}");
            let (status, body) = get(&app, &path, token).await;

            assert_eq!(status, 400, "{path}: {body}");
            assert_eq!(body["code"], 1001, "{path}");
            assert_eq!(body["result"]["message"], "The page and page size must be whole numbers.", "{path}");
            assert!(!body.to_string().contains("invalid digit"), "{path} echoes the parser: {body}");
        }
    }
    let response = app.client.get(app.url("/api/posts?page=abc")).send().await.expect("sent");
    let (_, body) = status_json(response).await;
    assert_eq!(body["result"]["message"], "Số trang và kích thước trang phải là số nguyên.");
}

#[tokio::test]
async fn a_page_size_is_kept_between_one_and_one_hundred() {
    let (app, admin) = app_with_lists().await;

    let (_, small) = get(&app, "/api/courses?pageSize=0", None).await;
    let (_, large) = get(&app, "/api/courses?pageSize=100000", None).await;
    let (_, users) = get(&app, "/users?pageSize=-5", Some(&admin)).await;

    assert_eq!((small["result"]["pageSize"].clone(), items(&small).len()), (json!(1), 1));
    assert_eq!(large["result"]["pageSize"], 100);
    assert_eq!(users["result"]["pageSize"], 1);
}

#[tokio::test]
async fn the_paging_parameters_stay_documented_for_every_list() {
    let (app, _) = app_with_lists().await;
    let (_, doc) = status_json(app.get("/api/openapi.json").await).await;

    let lists = LISTS.iter().map(|(list, _)| *list).chain(["/api/dashboard/{inbox}"]);
    for list in lists.filter(|l| !l.ends_with("-messages")) {
        let params = doc["paths"][list]["get"]["parameters"].as_array().cloned().unwrap_or_default();
        let names: Vec<&str> = params.iter().filter_map(|p| p["name"].as_str()).collect();
        assert!(names.contains(&"page") && names.contains(&"pageSize"), "{list}: {names:?}");
    }
}
