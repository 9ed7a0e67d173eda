//! `GET /api/dashboard/home`: the caller's home, in one request.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{service, views::HomeView};
use crate::{
    http::{Allowed, ApiError, ApiResult, DashboardUsers, Language, error::ErrorEnvelope, ok},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read_home))
}

/// The dashboard's home for the caller's role: administrators (revenue, orders, what waits), teachers (earnings,
/// students, rating, sales, the week ahead, reviews, setup) or staff (inboxes, material, new users).
#[utoipa::path(
    get,
    path = "/api/dashboard/home",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "TEACHER", "STAFF"])),
    responses(
        (status = 200, description = "The home", body = crate::http::Envelope<HomeView>),
        (status = 403, description = "Not an administrator, teacher or staff member", body = ErrorEnvelope),
    )
)]
pub async fn read_home(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<DashboardUsers>,
) -> ApiResult<HomeView> {
    let home = service::home(&state.pool, &user.id, user.role, lang, now_ms()).await?;
    home.map(ok).ok_or_else(ApiError::not_found)
}
