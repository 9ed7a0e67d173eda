use crate::helpers::spawn_app;

const SECURITY_HEADERS: [&str; 5] =
    ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "permissions-policy"];

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app().await;

    for path in ["/", "/healthz", "/api/nothing", crate::helpers::ASSET, "/api/openapi.json"] {
        let response = app.get(path).await;

        for name in SECURITY_HEADERS {
            assert!(response.headers().contains_key(name), "{name} missing on {path}");
        }
        let csp = response.headers()["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval'"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("https://www.youtube-nocookie.com"), "{csp}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert_eq!(response.headers()["x-frame-options"], "DENY");
        assert_eq!(response.headers()["referrer-policy"], "strict-origin-when-cross-origin");
    }
}

#[tokio::test]
async fn a_given_request_id_is_echoed() {
    let app = spawn_app().await;

    let response =
        app.client.get(app.url("/healthz")).header("x-request-id", "trace-me-42").send().await.expect("sent");

    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
}

#[tokio::test]
async fn a_request_without_an_id_gets_one() {
    let app = spawn_app().await;

    let first = app.get("/api/nothing").await;
    let second = app.get("/api/nothing").await;

    let id = |r: &reqwest::Response| r.headers()["x-request-id"].to_str().expect("ascii").to_owned();
    assert!(!id(&first).is_empty());
    assert_ne!(id(&first), id(&second));
}

#[tokio::test]
async fn api_responses_are_compressed_when_the_client_accepts_it() {
    let app = spawn_app().await;

    let response =
        app.client.get(app.url("/api/openapi.json")).header("accept-encoding", "br, gzip").send().await.expect("sent");

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "br");
}
