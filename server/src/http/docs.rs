//! The OpenAPI document (`GET /api/openapi.json`) and its browsable page (`GET /api/docs`).
//!
//! Paths join the document by being registered through `utoipa_axum`'s `OpenApiRouter::routes(routes!(…))`
//! in a module's `router()`; schemas used by those paths are collected automatically.

use axum::Router;
use utoipa::{
    Modify, OpenApi,
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
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

/// Serves `openapi` as JSON and the Swagger UI page (bundled in the binary, nothing loaded from elsewhere).
pub fn router(openapi: utoipa::openapi::OpenApi) -> Router<AppState> {
    let config = Config::new([OPENAPI_PATH]).validator_url("none").try_it_out_enabled(true);
    SwaggerUi::new(DOCS_PATH).url(OPENAPI_PATH, openapi).config(config).into()
}
