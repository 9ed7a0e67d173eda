//! The public pages carry their first view: the API answers the web app asks for first, read as the caller.

use academy_shared::roles::Role;
use serde_json::Value;

use crate::{catalogue::spawn_demo_app, helpers::TestApp};

/// The page at `path` (with `cookie`, when given) and its first view's JSON, if it has one.
async fn page(app: &TestApp, path: &str, cookie: Option<&str>) -> (String, Option<Value>) {
    let mut request = app.client.get(app.url(path));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.expect("sent");
    assert_eq!(response.status(), 200, "{path}");
    let html = response.text().await.expect("html");
    let first_view = html.split_once(r#"<script id="first-view" type="application/json">"#).map(|(_, rest)| {
        let json = rest.split_once("</script>").expect("script closed").0;
        serde_json::from_str(json).expect("first view is JSON")
    });
    (html, first_view)
}

async fn api(app: &TestApp, path: &str, lang: &str, token: Option<&str>) -> Value {
    let mut request = app.client.get(app.url(path)).header("accept-language", lang);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("sent").json().await.expect("json")
}

#[tokio::test]
async fn each_public_page_carries_the_answers_its_first_requests_get() {
    let app = spawn_demo_app().await;
    let id = api(&app, "/api/courses?pageSize=1", "vi", None).await["result"]["items"][0]["_id"]
        .as_str()
        .expect("a course")
        .to_owned();
    let (detail_page, detail) = (format!("/course/details/{id}"), format!("/api/courses/{id}"));
    let reviews = format!("/api/courses/{id}/reviews?page=1&pageSize=5");
    let pages = [
        ("/", vec!["/api/home"]),
        ("/courselist", vec!["/api/courses?page=1&pageSize=12&sort=popular", "/api/categories"]),
        ("/courselist?sort=newest&page=2", vec!["/api/courses?page=2&pageSize=12&sort=newest"]),
        ("/mentorlist", vec!["/api/mentors"]),
        (detail_page.as_str(), vec![detail.as_str(), reviews.as_str()]),
    ];
    for (path, requests) in pages {
        let (html, first_view) = page(&app, path, None).await;
        let first_view = first_view.unwrap_or_else(|| panic!("{path} has a first view"));

        assert!(html.contains(r#"<html lang="vi">"#), "{path}");
        assert_eq!(first_view["lang"], "vi");
        for request in requests.into_iter().chain(["/api/posts/recent?limit=2", "/api/site"]) {
            assert_eq!(first_view["answers"][request], api(&app, request, "vi", None).await, "{path}: {request}");
        }
    }
}

#[tokio::test]
async fn the_page_follows_the_language_cookie_and_the_signed_in_caller() {
    let app = spawn_demo_app().await;
    let (_, token, _) = app.signed_in("firstview", Role::Student).await;

    let (html, first_view) = page(&app, "/mentorlist", Some(&format!("academy.lang=en; access-token={token}"))).await;
    let first_view = first_view.expect("first view");

    assert!(html.contains(r#"<html lang="en">"#));
    assert_eq!(first_view["lang"], "en");
    let mentors = api(&app, "/api/mentors", "en", Some(&token)).await;
    assert_eq!(first_view["answers"]["/api/mentors"], mentors);
    assert_ne!(mentors, api(&app, "/api/mentors", "vi", None).await, "the answer is in English");
}

#[tokio::test]
async fn other_pages_unknown_courses_and_files_have_no_first_view() {
    let app = spawn_demo_app().await;

    for path in ["/dashboard", "/profile", "/login", "/course/details/not-a-course"] {
        let (html, first_view) = page(&app, path, None).await;
        let answers = first_view.map(|view| view["answers"].as_object().expect("answers").len());
        assert!(answers.is_none_or(|n| n == 2), "{path}: only the footer's posts and the academy's details at most");
        assert!(html.contains("<html"), "{path}");
    }
    let (_, first_view) = page(&app, "/course/details/not-a-course", None).await;
    let first_view = first_view.expect("the footer's posts and the academy's details");
    assert!(first_view["answers"]["/api/site"]["result"]["phone"].is_string());
    assert!(first_view["answers"].get("/api/courses/not-a-course").is_none(), "a 404 is left to the page");
}

/// A page renderer speaking the server's protocol that numbers its renders and writes the address it rendered.
const COUNTING_RENDERER: &str = r#"
    let rendered = 0;
    require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
      const { id, url } = JSON.parse(line);
      rendered += 1;
      process.stdout.write(JSON.stringify({ id, html: `<p data-url="${url}">#${rendered}</p>` }) + "\n");
    });
"#;

#[tokio::test]
async fn addresses_differing_in_parameters_the_page_does_not_read_are_rendered_once() {
    if std::process::Command::new("node").arg("--version").output().is_err() {
        eprintln!("skipped: Node.js (`node`) is not installed here, and the page renderer runs on it");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let script = dir.path().join("renderer.cjs");
    std::fs::write(&script, COUNTING_RENDERER).expect("script");
    let app = crate::helpers::spawn_app_with(move |config| config.page_renderer = script).await;
    let rendered = |html: &str| {
        html.split_once("data-rendered=\"vi\">").map(|(_, rest)| rest.split("</div>").next().unwrap_or("").to_owned())
    };
    // The renderer starts with the server: wait for its first page.
    let mut first = None;
    for _ in 0..50 {
        first = rendered(&page(&app, "/courselist?x=0", None).await.0);
        if first.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let first = first.expect("the page renderer answered");
    assert_eq!(first, r#"<p data-url="/courselist">#1</p>"#);

    for x in 1..=16 {
        let html = page(&app, &format!("/courselist?x={x}&utm_source=mail{x}"), None).await.0;
        assert_eq!(rendered(&html).as_deref(), Some(first.as_str()), "?x={x} is the same page, rendered once");
    }
    let sorted = rendered(&page(&app, "/courselist?x=99&sort=newest", None).await.0);
    assert_eq!(sorted.as_deref(), Some(r#"<p data-url="/courselist?sort=newest">#2</p>"#));
}
