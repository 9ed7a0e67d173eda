//! `POST /api/newsletter`: subscribe an e-mail. Subscribing twice succeeds the same way. Each client address
//! may subscribe a few times in a quarter of an hour ([`Limit::Newsletter`]).

use academy_shared::contact::validate_newsletter_email;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, ApiResult, Json, ok, repo};
use crate::{
    http::ClientAddr,
    identity::rate_limit::{Limit, Subject},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(subscribe_newsletter))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct NewsletterRequest {
    pub email: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Subscription {
    /// Always true on success (also when the address was already subscribed).
    pub subscribed: bool,
    pub email: String,
}

/// Subscribes an e-mail address to the newsletter.
#[utoipa::path(
    post,
    path = "/api/newsletter",
    tag = "contact",
    request_body = NewsletterRequest,
    responses(
        (status = 200, description = "Subscribed (or already was)", body = super::Envelope<Subscription>),
        (status = 422, description = "Not a valid e-mail; `result.fields.email` says why", body = super::error::ErrorEnvelope),
        (status = 429, description = "Too many subscriptions from this address (`Retry-After`)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn subscribe_newsletter(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    Json(request): Json<NewsletterRequest>,
) -> ApiResult<Subscription> {
    crate::http::rate_limit::check(&state, Limit::Newsletter, Subject::Address(ip)).await?;
    let email = validate_newsletter_email(&request.email).map_err(|e| ApiError::refused("email", e))?;
    repo::subscribe(&state.pool, &email).await?;
    Ok(ok(Subscription { subscribed: true, email }))
}
