//! The OpenAPI document (`GET /api/openapi.json`) and its browsable page (`GET /api/docs`).
//!
//! Paths join the document by being registered through `utoipa_axum`'s `OpenApiRouter::routes(routes!(…))`
//! in a module's `router()`; schemas used by those paths are collected automatically.

use std::collections::BTreeMap;

use axum::Router;
use utoipa::{
    Modify, OpenApi,
    openapi::{
        Ref, RefOr, Required, ResponseBuilder, Schema,
        content::ContentBuilder,
        path::{Operation, Parameter, ParameterIn},
        security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    },
};
use utoipa_swagger_ui::{Config, SwaggerUi};

use super::error::{ErrorEnvelope, ErrorResult};
use crate::state::AppState;

/// Where the document is served.
pub const OPENAPI_PATH: &str = "/api/openapi.json";
/// Where the browsable page is served.
pub const DOCS_PATH: &str = "/api/docs";

/// The document's fixed parts: info, shared schemas, tags, the bearer scheme.
#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "Academy API",
        description = "The course marketplace's API. Every response is an envelope `{code, message, result}`; \
                       code 1000 is success. Errors carry `result.message` (and `result.fields` for forms) in \
                       the language of `Accept-Language` (vi by default, en)."
    ),
    components(schemas(ErrorEnvelope, ErrorResult)),
    modifiers(&BearerAuth),
    tags((name = "health", description = "Liveness and database reachability"))
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// Adds to every operation the answers it gives by construction, each derived from what the route reads or
/// declares, so a handler documents only the answers of its own (a taken slug, another teacher's course...):
/// - 400 when it reads a query, a path or a required body: the extractors refuse what they cannot read;
/// - 413 when it reads a body (the body limit), and 422 when that body is required JSON: the `Json`
///   extractor refuses values of the wrong types (an optional body is read leniently, its faults ignored);
/// - 401 when it takes a bearer token;
/// - 403 when its bearer requirement names roles: in OpenAPI 3.1 the "scopes" of a non-OAuth scheme are the
///   roles the operation is for, and its handler refuses every other role (`require_role`);
/// - 404 when its path names something (`{id}`, `{inbox}`...): an unknown one is not found;
/// - 422 when a query parameter has a maximum length: a longer value is refused, naming the parameter;
/// - 503 on every operation: the database cannot be reached right now.
///
/// A test sends every operation requests as each role and checks that each answer is documented and that the
/// named roles are exactly the ones let in.
pub fn document_edge_answers(openapi: &mut utoipa::openapi::OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
            &mut item.head,
            &mut item.options,
            &mut item.trace,
        ];
        for operation in operations.into_iter().flatten() {
            document_operation(operation);
            document_unavailable(operation);
        }
    }
}

/// What the rules of [`document_edge_answers`] read from one operation.
#[derive(Debug, Default, PartialEq, Eq)]
struct Reads {
    query_or_path: bool,
    path: bool,
    body: bool,
    required_json_body: bool,
    bounded_query: Vec<String>,
    token: bool,
    roles: Vec<String>,
}

impl Reads {
    fn of(operation: &Operation) -> Reads {
        let parameters: Vec<&Parameter> = operation
            .parameters
            .iter()
            .flatten()
            .filter_map(|p| match p {
                RefOr::T(parameter) => Some(parameter),
                RefOr::Ref(_) => None,
            })
            .collect();
        let in_query = |p: &Parameter| matches!(p.parameter_in, ParameterIn::Query);
        let in_path = |p: &Parameter| matches!(p.parameter_in, ParameterIn::Path);
        let body = match &operation.request_body {
            Some(RefOr::T(body)) => Some(body),
            _ => None,
        };
        let required_json_body = body.is_some_and(|b| {
            matches!(b.required, Some(Required::True)) && b.content.keys().any(|c| c == "application/json")
        });
        Reads {
            query_or_path: parameters.iter().any(|p| in_query(p) || in_path(p)),
            path: parameters.iter().any(|p| in_path(p)),
            body: body.is_some(),
            required_json_body,
            bounded_query: parameters
                .iter()
                .filter(|p| in_query(p) && max_length(p).is_some())
                .map(|p| p.name.clone())
                .collect(),
            token: operation.security.as_ref().is_some_and(|s| !s.is_empty()),
            roles: roles_of(operation),
        }
    }
}

fn max_length(parameter: &Parameter) -> Option<usize> {
    match &parameter.schema {
        Some(RefOr::T(Schema::Object(object))) => object.max_length,
        _ => None,
    }
}

/// The roles named by the operation's bearer requirements (their scopes), in the order written.
fn roles_of(operation: &Operation) -> Vec<String> {
    let mut roles = Vec::new();
    for requirement in operation.security.iter().flatten() {
        // The requirement's map is private; its JSON form is `{"bearer": ["ADMIN", ...]}`.
        let Ok(serde_json::Value::Object(schemes)) = serde_json::to_value(requirement) else { continue };
        let named = schemes.get("bearer").and_then(serde_json::Value::as_array).into_iter().flatten();
        for role in named.filter_map(serde_json::Value::as_str) {
            if !roles.iter().any(|r| r == role) {
                roles.push(role.to_owned());
            }
        }
    }
    roles
}

/// "ADMIN", "ADMIN or STAFF", "ADMIN, STAFF or TEACHER".
fn one_of(roles: &[String]) -> String {
    match roles {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The answers the rules give `reads`, by status, each with its reasons.
fn edge_answers(reads: &Reads) -> BTreeMap<&'static str, Vec<String>> {
    let mut answers: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut add = |status, reason: String| answers.entry(status).or_default().push(reason);
    if reads.query_or_path || reads.required_json_body {
        add("400", "The request cannot be read: malformed JSON, or a parameter of the wrong type".to_owned());
    }
    if reads.body {
        add("413", "The body is larger than this operation accepts".to_owned());
    }
    if reads.required_json_body {
        add("422", "The body is JSON but its values do not fit (a wrong type), or a field is invalid".to_owned());
    }
    if !reads.bounded_query.is_empty() {
        let names = reads.bounded_query.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
        add("422", format!("A parameter is longer than its maximum ({names}); the answer names it"));
    }
    if reads.token {
        add("401", "Not signed in, or the access token is invalid or expired".to_owned());
    }
    if !reads.roles.is_empty() {
        add("403", format!("Signed in, but not as {}", one_of(&reads.roles)));
    }
    if reads.path {
        add("404", "Nothing is found under this path (an unknown id)".to_owned());
    }
    answers
}

/// Adds the rules' answers the handler does not document itself (its own description then says it all), except
/// that a handler's own 403 (another teacher's course) is about what it finds: the role check's reason is added
/// to it.
fn document_operation(operation: &mut Operation) {
    for (status, reasons) in edge_answers(&Reads::of(operation)) {
        let reasons = reasons.join("; or ");
        match operation.responses.responses.get_mut(status) {
            Some(RefOr::T(own)) if status == "403" => {
                let mut reasons = reasons.chars();
                let first = reasons.next().map(|c| c.to_lowercase().to_string()).unwrap_or_default();
                own.description = format!("{}; or {first}{}", own.description, reasons.as_str());
            }
            Some(_) => {}
            None => {
                let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorEnvelope"))).build();
                let answer = ResponseBuilder::new().description(reasons).content("application/json", content).build();
                operation.responses.responses.insert(status.to_owned(), RefOr::T(answer));
            }
        }
    }
}

/// 503 when the database cannot be reached (every operation reads or writes it, or may: the session check).
fn document_unavailable(operation: &mut Operation) {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorEnvelope"))).build();
    let answer = ResponseBuilder::new()
        .description("The database cannot be reached right now; `Retry-After` says when to try again")
        .content("application/json", content)
        .build();
    operation.responses.responses.entry("503".to_owned()).or_insert(RefOr::T(answer));
}

/// Serves `openapi` as JSON and the Swagger UI page (bundled in the binary, nothing loaded from elsewhere).
pub fn router(openapi: utoipa::openapi::OpenApi) -> Router<AppState> {
    let config = Config::new([OPENAPI_PATH]).validator_url("none").try_it_out_enabled(true);
    SwaggerUi::new(DOCS_PATH).url(OPENAPI_PATH, openapi).config(config).into()
}

#[cfg(test)]
mod tests {
    use utoipa::openapi::{
        ContentBuilder, ObjectBuilder, ResponseBuilder,
        path::{OperationBuilder, ParameterBuilder},
        request_body::RequestBodyBuilder,
        security::SecurityRequirement,
    };

    use super::*;

    fn statuses(operation: &Operation) -> Vec<&str> {
        operation.responses.responses.keys().map(String::as_str).collect()
    }

    fn described(operation: &Operation, status: &str) -> String {
        match &operation.responses.responses[status] {
            RefOr::T(answer) => answer.description.clone(),
            RefOr::Ref(_) => String::new(),
        }
    }

    fn json_body(required: Option<Required>) -> utoipa::openapi::request_body::RequestBody {
        RequestBodyBuilder::new().content("application/json", ContentBuilder::new().build()).required(required).build()
    }

    fn ok() -> utoipa::openapi::Response {
        ResponseBuilder::new().description("ok").build()
    }

    #[test]
    fn an_operation_reading_nothing_documents_nothing_more() {
        let mut operation = OperationBuilder::new().response("200", ok()).build();
        document_operation(&mut operation);
        assert_eq!(statuses(&operation), ["200"]);
    }

    #[test]
    fn a_path_parameter_documents_400_and_404() {
        let id = ParameterBuilder::new().name("id").parameter_in(ParameterIn::Path).build();
        let mut operation = OperationBuilder::new().parameter(id).response("200", ok()).build();
        document_operation(&mut operation);
        assert_eq!(statuses(&operation), ["200", "400", "404"]);
    }

    #[test]
    fn a_required_json_body_documents_400_413_and_422_an_optional_one_only_413() {
        let mut required = OperationBuilder::new().request_body(Some(json_body(Some(Required::True)))).build();
        let mut optional = OperationBuilder::new().request_body(Some(json_body(None))).build();
        document_operation(&mut required);
        document_operation(&mut optional);
        assert_eq!(statuses(&required), ["400", "413", "422"]);
        assert_eq!(statuses(&optional), ["413"]);
    }

    #[test]
    fn a_query_parameter_with_a_maximum_length_documents_422_naming_it() {
        let bounded = ObjectBuilder::new().max_length(Some(100)).build();
        let search = ParameterBuilder::new().name("search").parameter_in(ParameterIn::Query).schema(Some(bounded));
        let page = ParameterBuilder::new().name("page").parameter_in(ParameterIn::Query);
        let mut operation = OperationBuilder::new().parameter(search).parameter(page).build();
        document_operation(&mut operation);
        assert_eq!(statuses(&operation), ["400", "422"]);
        assert!(described(&operation, "422").contains("`search`"), "{}", described(&operation, "422"));
        assert!(!described(&operation, "422").contains("`page`"));
    }

    #[test]
    fn a_bearer_requirement_documents_401_and_403_only_when_it_names_roles() {
        let anyone = SecurityRequirement::new("bearer", Vec::<String>::new());
        let staff = SecurityRequirement::new("bearer", ["ADMIN", "STAFF"]);
        let mut signed_in = OperationBuilder::new().security(anyone).build();
        let mut role_checked = OperationBuilder::new().security(staff).build();
        document_operation(&mut signed_in);
        document_operation(&mut role_checked);
        assert_eq!(statuses(&signed_in), ["401"]);
        assert_eq!(statuses(&role_checked), ["401", "403"]);
        assert_eq!(described(&role_checked, "403"), "Signed in, but not as ADMIN or STAFF");
    }

    #[test]
    fn a_handlers_own_403_gains_the_role_checks_reason_and_its_other_answers_stay_as_written() {
        let id = ParameterBuilder::new().name("id").parameter_in(ParameterIn::Path).build();
        let own = |text: &str| ResponseBuilder::new().description(text).build();
        let mut operation = OperationBuilder::new()
            .security(SecurityRequirement::new("bearer", ["TEACHER", "ADMIN"]))
            .parameter(id)
            .response("403", own("Another teacher's course"))
            .response("404", own("No such course"))
            .build();
        document_operation(&mut operation);
        assert_eq!(described(&operation, "403"), "Another teacher's course; or signed in, but not as TEACHER or ADMIN");
        assert_eq!(described(&operation, "404"), "No such course");
    }

    #[test]
    fn roles_read_as_a_sentence() {
        let roles = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
        assert_eq!(one_of(&roles(&["ADMIN"])), "ADMIN");
        assert_eq!(one_of(&roles(&["ADMIN", "STAFF", "TEACHER"])), "ADMIN, STAFF or TEACHER");
    }
}
