use serde_json::Value;

use crate::helpers::spawn_app;

async fn post_raw(app: &crate::helpers::TestApp, path: &str, body: &str, lang: Option<&str>) -> reqwest::Response {
    let mut request = app.client.post(app.url(path)).header("content-type", "application/json").body(body.to_owned());
    if let Some(lang) = lang {
        request = request.header("accept-language", lang);
    }
    request.send().await.expect("request sent")
}

#[tokio::test]
async fn a_well_formed_body_reaches_the_handler() {
    let app = spawn_app().await;

    let response = post_raw(&app, "/api/test/echo", r#"{"name":"Lan"}"#, None).await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body, serde_json::json!({"code": 1000, "result": "Lan"}));
}

#[tokio::test]
async fn malformed_json_is_a_400_envelope_in_vietnamese_by_default() {
    let app = spawn_app().await;

    let response = post_raw(&app, "/api/test/echo", r#"{"name": "#, None).await;

    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1001);
    assert_eq!(body["result"]["message"], "Dữ liệu JSON không hợp lệ.");
    assert_eq!(body["message"], body["result"]["message"]);
}

#[tokio::test]
async fn malformed_json_is_a_400_envelope_in_english_when_asked() {
    let app = spawn_app().await;

    let response = post_raw(&app, "/api/test/echo", "not json", Some("en-US,en;q=0.9")).await;

    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1001);
    assert_eq!(body["result"]["message"], "The request body is not valid JSON.");
}

#[tokio::test]
async fn a_body_that_is_not_declared_as_json_is_a_400_envelope() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/api/test/echo"))
        .header("content-type", "text/plain")
        .header("accept-language", "en")
        .body(r#"{"name":"Lan"}"#)
        .send()
        .await
        .expect("request sent");

    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1001);
    assert!(body["result"]["message"].as_str().expect("text").contains("application/json"));
}

#[tokio::test]
async fn json_with_missing_fields_is_a_422_envelope() {
    let app = spawn_app().await;

    let response = post_raw(&app, "/api/test/echo", r#"{"nom":"Lan"}"#, Some("en")).await;

    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1006);
}

#[tokio::test]
async fn an_unreadable_query_is_a_400_envelope() {
    let app = spawn_app().await;

    let response = app.get("/api/test/page?page=minus-one").await;

    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1001);
    assert_eq!(body["result"]["message"], "Tham số truy vấn không hợp lệ.");
}

/// What a parser says about a request (serde's "missing field `x` at line 1 column 2", "EOF while parsing",
/// "unknown variant") is logged, never sent: 400 and 422 answers carry the generic text alone.
#[tokio::test]
async fn bad_requests_do_not_echo_the_parsers_words() {
    let app = spawn_app().await;
    let parser_words =
        ["line 1", "column", "EOF", "missing field", "unknown variant", "invalid type", "expected one of", "Failed to"];

    let bodies = [
        ("/api/test/echo", r#"{"name": "#),
        ("/api/test/echo", r#"{"nom":"Lan"}"#),
        ("/api/test/echo", r#"{"name": 5}"#),
        ("/users", r#"{"username": "#),
        ("/auth/token", "[1, 2"),
        ("/users", r#"{"username": ["a"]}"#),
    ];
    let mut answers = Vec::new();
    for (path, body) in bodies {
        answers.push((path.to_owned(), post_raw(&app, path, body, Some("en")).await));
    }
    for path in ["/api/courses?sort=bogus", "/api/courses?price=maybe", "/api/test/page?page=x"] {
        let response = app.client.get(app.url(path)).header("accept-language", "en").send().await.expect("sent");
        answers.push((path.to_owned(), response));
    }

    for (path, response) in answers {
        let status = response.status().as_u16();
        let text = response.text().await.expect("text");
        assert!(matches!(status, 400 | 422), "{path}: {status} {text}");
        for words in parser_words {
            assert!(!text.contains(words), "{path} echoes {words:?}: {text}");
        }
        let body: Value = serde_json::from_str(&text).expect("json");
        assert!(body["result"].get("detail").is_none(), "{path}: {body}");
    }
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_413_envelope() {
    let app = spawn_app().await;
    let huge = format!(r#"{{"name":"{}"}}"#, "a".repeat(2 * 1024 * 1024));

    let response = post_raw(&app, "/api/test/echo", &huge, None).await;

    assert_eq!(response.status(), 413);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1001);
}

#[tokio::test]
async fn unknown_api_paths_are_404_envelopes() {
    let app = spawn_app().await;

    for path in ["/api/nothing-here", "/auth/nothing", "/users/a/b/c", "/files/x", "/courses/instructor/x", "/api"] {
        let response = app.get(path).await;

        assert_eq!(response.status(), 404, "{path}");
        assert!(response.headers()["content-type"].to_str().expect("ascii").starts_with("application/json"));
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["code"], 1004, "{path}");
        assert_eq!(body["result"]["message"], "Không tìm thấy tài nguyên yêu cầu.");
    }
}

#[tokio::test]
async fn a_wrong_method_is_a_405_envelope() {
    let app = spawn_app().await;

    let response = app.client.delete(app.url("/healthz")).header("accept-language", "en").send().await.expect("sent");

    assert_eq!(response.status(), 405);
    assert!(response.headers().contains_key("allow"));
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1001);
    assert_eq!(body["result"]["message"], "This method is not allowed on this path.");
}

#[tokio::test]
async fn an_internal_error_is_a_generic_500_that_does_not_leak_its_cause() {
    let app = spawn_app().await;

    let response =
        app.client.get(app.url("/api/test/boom")).header("accept-language", "en").send().await.expect("sent");

    assert_eq!(response.status(), 500);
    let text = response.text().await.expect("text");
    assert!(!text.contains("hunter2") && !text.contains("db.internal"), "{text}");
    let body: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(body["code"], 9999);
    assert_eq!(body["result"]["message"], "Something went wrong. Please try again later.");
}

#[tokio::test]
async fn a_unique_violation_is_a_409_envelope() {
    let app = spawn_app().await;

    let response = app.client.post(app.url("/api/test/duplicate")).send().await.expect("sent");

    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1005);
}

#[tokio::test]
async fn a_missing_row_is_a_404_envelope() {
    let app = spawn_app().await;

    let response = app.get("/api/test/missing").await;

    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1004);
}
