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

#[tokio::test]
async fn every_operation_documents_the_answers_of_the_http_edge() {
    let app = spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.expect("openapi json");

    let register = &doc["paths"]["/users"]["post"]["responses"];
    assert!(register["400"].is_object(), "a body that cannot be read: {register}");
    assert!(register["413"].is_object(), "a body over the limit: {register}");
    let my_info = &doc["paths"]["/users/my-info"]["get"]["responses"];
    assert!(my_info["401"].is_object(), "a bearer-token operation can answer 401: {my_info}");
    assert!(my_info.get("400").is_none(), "no input, nothing to misread: {my_info}");
    let health = &doc["paths"]["/healthz"]["get"]["responses"];
    assert!(health.get("401").is_none() && health.get("400").is_none(), "{health}");
}

#[tokio::test]
async fn the_account_and_course_status_bodies_are_two_documented_schemas() {
    let app = spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.expect("openapi json");

    let schemas = &doc["components"]["schemas"];
    let account = schemas["AccountStatusBody"]["properties"]["status"]["description"].as_str().unwrap_or_default();
    let course = schemas["CourseStatusBody"]["properties"]["status"]["description"].as_str().unwrap_or_default();

    assert!(account.contains("locked"), "{account}");
    assert!(course.contains("published"), "{course}");
    assert!(schemas.get("StatusBody").is_none());
}

#[test]
fn every_reference_in_the_document_names_one_of_its_schemas() {
    fn references<'a>(value: &'a Value, found: &mut Vec<&'a str>) {
        match value {
            Value::Object(fields) => {
                if let Some(Value::String(reference)) = fields.get("$ref") {
                    found.push(reference);
                }
                fields.values().for_each(|v| references(v, found));
            }
            Value::Array(items) => items.iter().for_each(|v| references(v, found)),
            _ => {}
        }
    }
    let doc = serde_json::to_value(academy_server::openapi()).expect("the document as JSON");
    let mut found = Vec::new();
    references(&doc, &mut found);

    let dangling: Vec<&str> = found
        .iter()
        .copied()
        .filter(|r| {
            let name = r.strip_prefix("#/components/schemas/").unwrap_or(r);
            doc["components"]["schemas"].get(name).is_none()
        })
        .collect();

    assert!(found.len() > 100, "the document refers to its schemas: {}", found.len());
    assert!(dangling.is_empty(), "references to no schema: {dangling:?}");
}
