//! The community feed: `GET /api/feed`.

use academy_shared::i18n::Lang;
use academy_shared::names::full_name;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiResult, Language, Pagination,
    courses::{Page, iso},
    ok,
};
use crate::{
    catalogue::repo::{self, Localized, feed::FeedRow},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_feed))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedAuthor {
    pub user_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub name: String,
    pub avatar: Option<String>,
    pub role_name: String,
}

/// A post of the community feed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedPost {
    #[serde(rename = "_id")]
    pub id: String,
    pub author: FeedAuthor,
    pub text: String,
    pub image: Option<String>,
    pub likes: i64,
    /// `visible` or `hidden` (hidden ones only appear in moderation).
    pub status: String,
    pub created_at: String,
}

pub fn feed_post(row: &FeedRow, lang: Lang) -> FeedPost {
    FeedPost {
        id: row.id.clone(),
        author: FeedAuthor {
            user_id: row.author_id.clone(),
            first_name: row.author_first_name.clone(),
            last_name: row.author_last_name.clone(),
            name: full_name(row.author_first_name.as_deref(), row.author_last_name.as_deref(), ""),
            avatar: row.author_avatar.clone(),
            role_name: row.author_role.clone(),
        },
        text: Localized::new(&row.text_vi, &row.text_en).get(lang).to_owned(),
        image: row.image.clone(),
        likes: row.likes,
        status: row.status.as_str().to_owned(),
        created_at: iso(row.created_at),
    }
}

/// Visible feed posts, newest first.
#[utoipa::path(
    get,
    path = "/api/feed",
    tag = "catalogue",
    params(Pagination<12>),
    responses((status = 200, description = "One page of the feed", body = super::Envelope<Page<FeedPost>>))
)]
pub async fn list_feed(
    State(state): State<AppState>,
    Language(lang): Language,
    paging: Pagination<12>,
) -> ApiResult<Page<FeedPost>> {
    let (rows, total) = repo::feed::list_feed(&state.pool, false, paging.page_size, paging.offset()).await?;
    Ok(ok(Page::new(rows.iter().map(|r| feed_post(r, lang)).collect(), paging.page, paging.page_size, total)))
}
