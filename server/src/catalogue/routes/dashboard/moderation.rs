//! Feed moderation in the dashboard (administrators): every post, hidden ones included, and hiding or showing
//! one.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{ApiResult, Json, Language, Pagination, Path, ok};
use crate::{
    catalogue::{
        routes::{
            courses::Page,
            feed::{FeedPost, feed_post},
        },
        service::moderation as service,
    },
    http::{Admins, Allowed},
    state::AppState,
};

/// Every feed post, hidden ones included, newest first.
#[utoipa::path(
    get,
    path = "/api/dashboard/feed",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(Pagination<20>),
    responses((status = 200, description = "Feed posts", body = super::Envelope<Page<FeedPost>>))
)]
pub async fn list_feed_for_moderation(
    State(state): State<AppState>,
    Language(lang): Language,
    _: Allowed<Admins>,
    paging: Pagination<20>,
) -> ApiResult<Page<FeedPost>> {
    let (page, size) = (paging.page, paging.page_size);
    let (rows, total) = service::list(&state.pool, size, paging.offset()).await?;
    Ok(ok(Page::new(rows.iter().map(|r| feed_post(r, lang)).collect(), page, size, total)))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ModerationBody {
    /// `visible` or `hidden`.
    pub status: String,
}

/// Shows or hides a feed post.
#[utoipa::path(
    put,
    path = "/api/dashboard/feed/{id}/status",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Feed post id")),
    request_body = ModerationBody,
    responses((status = 200, description = "Saved", body = super::Envelope<bool>))
)]
pub async fn moderate_feed_post(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<ModerationBody>,
) -> ApiResult<bool> {
    service::set_status(&state.pool, &id, &body.status).await?;
    Ok(ok(true))
}
