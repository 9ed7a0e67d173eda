//! The OpenAPI document held against the API itself. Every operation of the document is sent requests as a
//! visitor and signed in as each role: a request shaped by the document (unknown ids in the path), a body of
//! the wrong type and a body that is not JSON. Every answer must be documented for its operation; the roles an
//! operation names (its bearer requirement's scopes) must be exactly the ones it lets in; the rules that
//! document answers by construction (400/422 for a required JSON body, 422 past a parameter's maximum length)
//! must hold.

use std::collections::{BTreeMap, BTreeSet};

use academy_server::identity::rate_limit::RateSetting;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

/// Who sends the requests: the visitor has no token.
struct Caller {
    role: Option<Role>,
    token: Option<String>,
}

impl Caller {
    fn name(&self) -> &'static str {
        self.role.map_or("visitor", Role::as_str)
    }
}

async fn callers(app: &TestApp) -> Vec<Caller> {
    let mut callers = vec![Caller { role: None, token: None }];
    for role in [Role::Student, Role::Teacher, Role::Staff, Role::Admin] {
        let (_, token, _) = app.signed_in("caller", role).await;
        callers.push(Caller { role: Some(role), token: Some(token) });
    }
    callers
}

/// One operation of the document.
struct Operation {
    method: Method,
    path: String,
    spec: Value,
}

impl Operation {
    fn name(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    fn documented(&self) -> BTreeSet<u16> {
        let responses = self.spec["responses"].as_object().expect("responses");
        responses.keys().map(|status| status.parse().expect("a numeric status")).collect()
    }

    /// The roles its bearer requirement names.
    fn roles(&self) -> Vec<String> {
        let requirements = self.spec["security"].as_array().into_iter().flatten();
        let scopes = requirements.filter_map(|r| r["bearer"].as_array()).flatten();
        scopes.filter_map(Value::as_str).map(str::to_owned).collect()
    }

    fn takes_token(&self) -> bool {
        self.spec["security"].as_array().is_some_and(|s| !s.is_empty())
    }

    /// Whether `caller` gets past the operation's sign-in and role checks.
    fn admits(&self, caller: &Caller) -> bool {
        match (self.takes_token(), caller.role) {
            (false, _) => true,
            (true, None) => false,
            (true, Some(role)) => self.roles().is_empty() || self.roles().iter().any(|r| r == role.as_str()),
        }
    }

    fn parameters(&self) -> impl Iterator<Item = &Value> {
        self.spec["parameters"].as_array().into_iter().flatten()
    }

    fn body_content_type(&self) -> Option<&str> {
        self.spec["requestBody"]["content"].as_object().and_then(|c| c.keys().next()).map(String::as_str)
    }

    fn requires_json_body(&self) -> bool {
        self.spec["requestBody"]["required"] == true && self.body_content_type() == Some("application/json")
    }

    /// Whether it is called with a key of its own in the `Authorization` header (a payment provider's webhook),
    /// which it checks before reading the body: without the key no body is read.
    fn takes_an_api_key(&self) -> bool {
        self.parameters()
            .any(|p| p["in"] == "header" && p["name"].as_str().is_some_and(|n| n.eq_ignore_ascii_case("authorization")))
    }

    /// Logout ends the session of the bearer token when its body names none; the probes keep theirs.
    fn ends_the_callers_session(&self) -> bool {
        self.path.contains("logout")
    }
}

fn operations(doc: &Value) -> Vec<Operation> {
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, spec) in item.as_object().expect("path item") {
            let Ok(method) = Method::from_bytes(method.to_ascii_uppercase().as_bytes()) else { continue };
            operations.push(Operation { method, path: path.clone(), spec: spec.clone() });
        }
    }
    assert!(operations.len() > 50, "the document lists the API: {}", operations.len());
    operations
}

/// A small value of `schema`: the required properties and those with an example, the first of an enum, an
/// example where the document gives one.
fn instance(doc: &Value, schema: &Value, depth: usize) -> Value {
    if depth > 12 {
        return Value::Null;
    }
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap_or_default();
        return instance(doc, &doc["components"]["schemas"][name], depth + 1);
    }
    if let Some(example) = schema.get("example") {
        return example.clone();
    }
    if let Some(first) = schema["enum"].as_array().and_then(|values| values.first()) {
        return first.clone();
    }
    if let Some(parts) = schema["allOf"].as_array() {
        let mut merged = serde_json::Map::new();
        for part in parts {
            if let Value::Object(fields) = instance(doc, part, depth + 1) {
                merged.extend(fields);
            }
        }
        return Value::Object(merged);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(variants) = schema[key].as_array() {
            let variant = variants.iter().find(|v| v["type"] != "null").unwrap_or(&Value::Null);
            return instance(doc, variant, depth + 1);
        }
    }
    let kind = match &schema["type"] {
        Value::String(kind) => kind.as_str(),
        Value::Array(kinds) => kinds.iter().filter_map(Value::as_str).find(|k| *k != "null").unwrap_or("null"),
        _ => "object",
    };
    match kind {
        "string" => json!("x".repeat(schema["minLength"].as_u64().unwrap_or(1).try_into().unwrap_or(1))),
        "integer" | "number" => json!(schema["minimum"].as_i64().unwrap_or(0).max(0)),
        "boolean" => json!(false),
        "array" => match schema["minItems"].as_u64() {
            Some(n) if n > 0 => json!([instance(doc, &schema["items"], depth + 1)]),
            _ => json!([]),
        },
        "null" => Value::Null,
        _ => {
            let required: BTreeSet<&str> =
                schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let mut object = serde_json::Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                if required.contains(name.as_str()) || property.get("example").is_some() {
                    object.insert(name.clone(), instance(doc, property, depth + 1));
                }
            }
            Value::Object(object)
        }
    }
}

/// The bodies a probe sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Body {
    /// Shaped by the document.
    Shaped,
    /// JSON of the wrong type (a string where an object is read).
    WrongType,
    /// Not JSON at all.
    Unreadable,
}

/// Sends `operation` as `caller`: unknown ids in the path (or the parameter's example: an inbox), the query
/// parameters the document requires (their examples, or `x`), `query` on top, and `body`.
async fn probe(
    app: &TestApp,
    doc: &Value,
    operation: &Operation,
    caller: &Caller,
    body: Body,
    query: &[(String, String)],
) -> reqwest::Response {
    let mut path = operation.path.clone();
    let mut pairs: Vec<(String, String)> = Vec::new();
    for parameter in operation.parameters() {
        let name = parameter["name"].as_str().expect("a parameter name");
        match parameter["in"].as_str() {
            Some("path") => {
                let value = parameter["example"].as_str().unwrap_or("no-such-thing");
                path = path.replace(&format!("{{{name}}}"), value);
            }
            Some("query") if parameter["required"] == true => {
                let value = match parameter.get("example").unwrap_or(&instance(doc, &parameter["schema"], 0)) {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                };
                pairs.push((name.to_owned(), value));
            }
            _ => {}
        }
    }
    pairs.extend(query.iter().cloned());
    let mut request = app.client.request(operation.method.clone(), app.url(&path)).query(&pairs);
    if let Some(token) = &caller.token {
        request = request.bearer_auth(token);
    }
    if let Some(content_type) = operation.body_content_type() {
        let bytes = match body {
            Body::Shaped if content_type == "application/json" => {
                instance(doc, &operation.spec["requestBody"]["content"][content_type]["schema"], 0).to_string()
            }
            Body::Shaped => "GIF89a".to_owned(),
            Body::WrongType => "\"text\"".to_owned(),
            Body::Unreadable => "{".to_owned(),
        };
        let content_type = if content_type.contains('*') { "image/gif" } else { content_type };
        request = request.header("content-type", content_type).body(bytes);
    }
    request.send().await.expect("request sent")
}

async fn document(app: &TestApp) -> Value {
    app.get("/api/openapi.json").await.json().await.expect("openapi json")
}

/// Limits of one request per window, so the probes reach every rate limit.
fn tight_limits() -> Vec<RateSetting> {
    [
        "contact=1/900",
        "admission=1/900",
        "newsletter=1/900",
        "registration=1/900",
        "upload-url=1/900",
        "coupon=1/900",
        "coupon-address=1/900",
    ]
    .into_iter()
    .map(|setting| setting.parse().expect("a rate setting"))
    .collect()
}

#[tokio::test]
async fn every_answer_of_every_operation_is_documented() {
    let app = spawn_app_with(|config| config.rate_limits = tight_limits()).await;
    let doc = document(&app).await;
    let callers = callers(&app).await;
    // (operation, status) → who got it, and one answer's text.
    let mut undocumented: BTreeMap<(String, u16), (BTreeSet<String>, String)> = BTreeMap::new();
    let mut seen = BTreeSet::new();

    for operation in operations(&doc) {
        let documented = operation.documented();
        for caller in &callers {
            if caller.token.is_some() && operation.ends_the_callers_session() {
                continue;
            }
            // Twice shaped, so that a limit of one request per window answers the second.
            for body in [Body::WrongType, Body::Unreadable, Body::Shaped, Body::Shaped] {
                let response = probe(&app, &doc, &operation, caller, body, &[]).await;
                let status = response.status().as_u16();
                seen.insert(status);
                if !documented.contains(&status) {
                    let text: String = response.text().await.unwrap_or_default().chars().take(160).collect();
                    let (who, sample) = undocumented.entry((operation.name(), status)).or_default();
                    who.insert(format!("{} {body:?}", caller.name()));
                    *sample = text;
                }
            }
        }
    }

    let report: Vec<String> = undocumented
        .iter()
        .map(|((operation, status), (who, sample))| format!("{operation}: {status} to {who:?}, e.g. {sample}"))
        .collect();
    assert!(report.is_empty(), "answers the document does not list:\n{}", report.join("\n"));
    for status in [200, 400, 401, 403, 404, 409, 422, 429] {
        assert!(seen.contains(&status), "the probes reach a {status} somewhere: {seen:?}");
    }
}

#[tokio::test]
async fn the_roles_an_operation_names_are_exactly_the_roles_it_lets_in() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    let callers = callers(&app).await;
    let mut wrong = Vec::new();
    let mut checked = 0;

    for operation in operations(&doc).into_iter().filter(|o| !o.roles().is_empty()) {
        assert!(operation.documented().contains(&403), "{} names roles and documents 403", operation.name());
        for caller in callers.iter().filter(|c| c.role.is_some()) {
            let status = probe(&app, &doc, &operation, caller, Body::Shaped, &[]).await.status().as_u16();
            let admitted = operation.admits(caller);
            if admitted == (status == 403) {
                let expected = if admitted { "let in" } else { "refused (403)" };
                wrong.push(format!("{} as {}: {status}, expected {expected}", operation.name(), caller.name()));
            }
            checked += 1;
        }
    }

    assert!(checked > 100, "every role-checked operation was probed by each role: {checked}");
    assert!(wrong.is_empty(), "the named roles are not the ones let in:\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn a_required_json_body_of_the_wrong_type_is_422_and_one_that_is_not_json_400() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    let callers = callers(&app).await;
    let mut wrong = Vec::new();

    for operation in operations(&doc) {
        if operation.ends_the_callers_session() {
            // An optional body: the bearer token is used instead of one that cannot be read.
            let visitor = &callers[0];
            for body in [Body::WrongType, Body::Unreadable] {
                let status = probe(&app, &doc, &operation, visitor, body, &[]).await.status().as_u16();
                if status != 200 {
                    wrong.push(format!("{} ({body:?}): {status}, expected 200", operation.name()));
                }
            }
            continue;
        }
        if !operation.requires_json_body() || operation.takes_an_api_key() {
            continue;
        }
        let caller = callers.iter().find(|c| operation.admits(c)).expect("someone is let in");
        for (body, expected) in [(Body::WrongType, 422), (Body::Unreadable, 400)] {
            let status = probe(&app, &doc, &operation, caller, body, &[]).await.status().as_u16();
            if status != expected {
                wrong.push(format!(
                    "{} as {} ({body:?}): {status}, expected {expected}",
                    operation.name(),
                    caller.name()
                ));
            }
        }
    }

    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[tokio::test]
async fn a_query_parameter_past_its_documented_maximum_length_is_422_naming_it() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    let callers = callers(&app).await;
    let mut wrong = Vec::new();
    let mut checked = 0;

    for operation in operations(&doc) {
        let bounded: Vec<(String, usize)> = operation
            .parameters()
            .filter(|p| p["in"] == "query")
            .filter_map(|p| Some((p["name"].as_str()?.to_owned(), p["schema"]["maxLength"].as_u64()?)))
            .map(|(name, max)| (name, usize::try_from(max).expect("a small maximum")))
            .collect();
        let Some(caller) = callers.iter().find(|c| operation.admits(c)) else { continue };
        for (name, max) in bounded {
            let at_most = [(name.clone(), "a".repeat(max))];
            let status = probe(&app, &doc, &operation, caller, Body::Shaped, &at_most).await.status().as_u16();
            if status == 422 {
                wrong.push(format!("{}: {name} of {max} characters refused", operation.name()));
            }
            let past = [(name.clone(), "a".repeat(max + 1))];
            let response = probe(&app, &doc, &operation, caller, Body::Shaped, &past).await;
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or_default();
            if status != 422 || body["result"]["fields"].get(&name).is_none() {
                wrong.push(format!("{}: {name} of {} characters gave {status} {body}", operation.name(), max + 1));
            }
            checked += 1;
        }
    }

    assert!(checked >= 5, "the searches of the lists document their maximum: {checked}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_operation_documents_the_answers_its_route_gives_by_construction() {
    let doc = serde_json::to_value(academy_server::openapi()).expect("the document as JSON");
    let mut missing = Vec::new();

    for operation in operations(&doc) {
        let documented = operation.documented();
        let mut expect = |status: u16, why: &str| {
            if !documented.contains(&status) {
                missing.push(format!("{} has {why} but does not document {status}", operation.name()));
            }
        };
        if operation.parameters().any(|p| p["in"] == "path") {
            expect(404, "a path parameter");
            expect(400, "a path parameter");
        }
        if operation.takes_token() {
            expect(401, "a bearer requirement");
        }
        if !operation.roles().is_empty() {
            expect(403, "roles");
        }
        if operation.requires_json_body() {
            expect(400, "a required JSON body");
            expect(422, "a required JSON body");
        }
        if operation.body_content_type().is_some() {
            expect(413, "a body");
        }
    }

    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
