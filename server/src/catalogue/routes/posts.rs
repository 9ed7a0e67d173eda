//! Blog posts: `GET /api/posts` (pages, newest first), `GET /api/posts/recent` (the footer's) and
//! `GET /api/posts/{id}`.

use academy_shared::i18n::Lang;
use academy_shared::names::full_name;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Language, Pagination, Path, Query,
    courses::{Page, iso},
    ok,
};
use crate::{
    catalogue::repo::{self, Localized, localized_list_in, posts::PostRow, string_list},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_posts)).routes(routes!(recent_posts)).routes(routes!(get_post))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Author {
    pub user_id: Option<String>,
    pub name: String,
    pub avatar: Option<String>,
}

/// A blog post as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Image URLs; the first is the cover.
    pub image: Vec<String>,
    pub tags: Vec<String>,
    pub author: Author,
    pub created_at: String,
    pub updated_at: String,
}

/// A post with its (sanitised) HTML content.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostDetail {
    #[serde(flatten)]
    pub post: Post,
    /// HTML, sanitised when stored.
    pub content: String,
}

pub fn post(row: &PostRow, lang: Lang) -> Post {
    Post {
        id: row.id.clone(),
        slug: row.slug.clone(),
        title: Localized::new(&row.title_vi, &row.title_en).get(lang).to_owned(),
        excerpt: Localized::new(&row.excerpt_vi, &row.excerpt_en).get(lang).to_owned(),
        image: string_list(&row.images),
        tags: localized_list_in(&row.tags, lang),
        author: Author {
            user_id: row.author_id.clone(),
            name: full_name(row.author_first_name.as_deref(), row.author_last_name.as_deref(), ""),
            avatar: row.author_avatar.clone(),
        },
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
    }
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
pub struct RecentParams {
    /// How many (default 2, at most 20).
    pub limit: Option<i64>,
}

/// Published posts, newest first.
#[utoipa::path(
    get,
    path = "/api/posts",
    tag = "catalogue",
    params(Pagination<12>),
    responses((status = 200, description = "One page of posts", body = super::Envelope<Page<Post>>))
)]
pub async fn list_posts(
    State(state): State<AppState>,
    Language(lang): Language,
    paging: Pagination<12>,
) -> ApiResult<Page<Post>> {
    let (rows, total) = repo::posts::list_posts(&state.pool, paging.page_size, paging.offset()).await?;
    Ok(ok(Page::new(rows.iter().map(|r| post(r, lang)).collect(), paging.page, paging.page_size, total)))
}

/// The latest posts (the footer shows 2).
#[utoipa::path(
    get,
    path = "/api/posts/recent",
    tag = "catalogue",
    responses((status = 200, description = "The latest posts", body = super::Envelope<Vec<Post>>))
)]
pub async fn recent_posts(
    State(state): State<AppState>,
    Language(lang): Language,
    Query(params): Query<RecentParams>,
) -> ApiResult<Vec<Post>> {
    let limit = params.limit.unwrap_or(2).clamp(1, 20);
    let (rows, _) = repo::posts::list_posts(&state.pool, limit, 0).await?;
    Ok(ok(rows.iter().map(|r| post(r, lang)).collect()))
}

/// One published post by id or slug.
#[utoipa::path(
    get,
    path = "/api/posts/{id}",
    tag = "catalogue",
    params(("id" = String, Path, description = "Post id or slug")),
    responses(
        (status = 200, description = "The post", body = super::Envelope<PostDetail>),
        (status = 404, description = "No such post", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_post(
    State(state): State<AppState>,
    Language(lang): Language,
    Path(id): Path<String>,
) -> ApiResult<PostDetail> {
    let row = repo::posts::find_post(&state.pool, &id).await?.ok_or_else(ApiError::not_found)?;
    Ok(ok(PostDetail {
        post: post(&row, lang),
        content: Localized::new(&row.content_vi, &row.content_en).get(lang).to_owned(),
    }))
}
