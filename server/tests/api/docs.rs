use serde_json::Value;

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_openapi_document_lists_healthz_and_the_envelopes() {
    let app = spawn_app().await;

    let response = app.get("/api/openapi.json").await;

    assert_eq!(response.status(), 200);
    let doc: Value = response.json().await.expect("openapi json");
    assert!(doc["openapi"].as_str().expect("version").starts_with("3."));
    assert!(doc["paths"]["/healthz"]["get"].is_object(), "{}", doc["paths"]);
    assert!(doc["components"]["schemas"]["ErrorEnvelope"].is_object());
    assert!(doc["components"]["schemas"]["ErrorResult"].is_object());
    assert!(doc["paths"].get("/api/test/echo").is_none(), "test probes stay out of the document");
}

#[tokio::test]
async fn the_docs_page_is_served_from_the_server_itself() {
    let app = spawn_app().await;

    let redirect = app.get("/api/docs").await;
    assert!(redirect.status().is_redirection());

    let page = app.get("/api/docs/").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.expect("html");
    assert!(html.contains("swagger-ui"), "{html}");
    assert!(!html.contains("src=\"http"), "no script from another host: {html}");

    let config = app.get("/api/docs/swagger-initializer.js").await;
    assert_eq!(config.status(), 200);
    assert!(config.text().await.expect("js").contains("/api/openapi.json"));
}
