//! The OpenAPI document (`GET /api/openapi.json`) and its browsable page (`GET /api/docs`).
//!
//! Paths join the document by being registered through `utoipa_axum`'s `OpenApiRouter::routes(routes!(…))`
//! in a module's `router()`; schemas used by those paths are collected automatically.

use axum::Router;
use utoipa::{
    Modify, OpenApi,
    openapi::{
        Ref, RefOr, ResponseBuilder,
        content::ContentBuilder,
        path::Operation,
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

/// Adds to every operation the answers the HTTP edge gives by construction, so each handler documents only its
/// own: 400 when it reads a body, a query or a path (the extractors refuse what they cannot read), 413 and 422
/// when it reads a body (the body limit; JSON whose values have the wrong types), 401 when it takes a bearer
/// token, and 503 on every operation (the database cannot be reached).
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
        }
    }
}

fn document_operation(operation: &mut Operation) {
    let has_body = operation.request_body.is_some();
    let has_params = operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
    let takes_token = operation.security.as_ref().is_some_and(|s| !s.is_empty());
    if has_body || has_params {
        add_error(
            operation,
            "400",
            "The request cannot be read: malformed JSON, a value of the wrong type or a \
            missing required value",
        );
    }
    if has_body {
        add_error(operation, "413", "The body is larger than this operation accepts");
        add_error(operation, "422", "The body is JSON but its values do not fit (a wrong type), or a field is invalid");
    }
    if takes_token {
        add_error(operation, "401", "Not signed in, or the access token is invalid or expired");
    }
    add_error(operation, "503", "The database cannot be reached right now; `Retry-After` says when to try again");
}

fn add_error(operation: &mut Operation, status: &str, description: &str) {
    let responses = &mut operation.responses.responses;
    if responses.contains_key(status) {
        return;
    }
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorEnvelope"))).build();
    let response = ResponseBuilder::new().description(description).content("application/json", content).build();
    responses.insert(status.to_owned(), RefOr::T(response));
}

/// Serves `openapi` as JSON and the Swagger UI page (bundled in the binary, nothing loaded from elsewhere).
pub fn router(openapi: utoipa::openapi::OpenApi) -> Router<AppState> {
    let config = Config::new([OPENAPI_PATH]).validator_url("none").try_it_out_enabled(true);
    SwaggerUi::new(DOCS_PATH).url(OPENAPI_PATH, openapi).config(config).into()
}
