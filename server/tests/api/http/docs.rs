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

/// The OpenAPI document names each schema after its Rust type, and a second type of the same name silently takes
/// the first one's place (the web app's generated types then describe the wrong shape): every type the document
/// describes has a name of its own.
#[test]
fn no_two_documented_types_share_a_schema_name() {
    fn visit(dir: &std::path::Path, found: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("source dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                visit(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                let mut documented = false;
                for line in text.lines().map(str::trim) {
                    if line.starts_with("#[derive(") && line.contains("ToSchema") {
                        documented = true;
                    } else if line.starts_with("#[schema(as") {
                        documented = false;
                    } else if documented && (line.starts_with("pub struct ") || line.starts_with("pub enum ")) {
                        let name = line.split_whitespace().nth(2).unwrap_or_default();
                        let name = name.split(['<', '{', '(', ';']).next().unwrap_or_default().to_owned();
                        found.push((name, path.display().to_string()));
                        documented = false;
                    } else if !line.starts_with("#[") && !line.starts_with("///") && !line.is_empty() {
                        documented = false;
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    visit(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut found);
    assert!(found.len() > 50, "the scan finds the documented types: {}", found.len());
    found.sort();
    let twice: Vec<_> = found.windows(2).filter(|pair| pair[0].0 == pair[1].0).collect();
    assert!(twice.is_empty(), "schema names used twice: {twice:?}");
}
