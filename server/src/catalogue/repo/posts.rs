//! Blog posts.

use academy_shared::catalogue::PostStatus;
use sqlx::FromRow;

use super::{Localized, sanitize_html, to_json};
use crate::platform::db::Pool;

#[derive(Debug, Clone, FromRow)]
pub struct PostRow {
    pub id: String,
    pub slug: String,
    pub author_id: Option<String>,
    pub author_first_name: Option<String>,
    pub author_last_name: Option<String>,
    pub author_avatar: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub excerpt_vi: String,
    pub excerpt_en: String,
    pub content_vi: String,
    pub content_en: String,
    pub images: String,
    pub tags: String,
    #[sqlx(try_from = "String")]
    pub status: PostStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

const POST_SELECT: &str = "select p.id, p.slug, p.author_id, u.first_name as author_first_name, \
    u.last_name as author_last_name, u.avatar as author_avatar, p.title_vi, p.title_en, p.excerpt_vi, \
    p.excerpt_en, p.content_vi, p.content_en, p.images, p.tags, p.status, p.created_at, p.updated_at \
    from posts p left join users u on u.id = p.author_id";

/// Published posts, newest first, one page.
pub async fn list_posts(pool: &Pool, limit: i64, offset: i64) -> Result<(Vec<PostRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "{POST_SELECT} where p.status = 'published' order by p.created_at desc, p.id limit $1 offset $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar("select count(*) from posts where status = 'published'").fetch_one(pool).await?;
    Ok((rows, total))
}

/// One published post by id or slug.
pub async fn find_post(pool: &Pool, id_or_slug: &str) -> Result<Option<PostRow>, sqlx::Error> {
    sqlx::query_as(&format!("{POST_SELECT} where (p.id = $1 or p.slug = $1) and p.status = 'published'"))
        .bind(id_or_slug)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone)]
pub struct PostInput {
    pub slug: String,
    pub author_id: Option<String>,
    pub title: Localized,
    pub excerpt: Localized,
    /// HTML; sanitised before it is stored.
    pub content: Localized,
    pub images: Vec<String>,
    pub tags: Vec<Localized>,
    pub status: PostStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

pub async fn insert_post(conn: &mut sqlx::AnyConnection, id: &str, input: &PostInput) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into posts (id, slug, author_id, title_vi, title_en, excerpt_vi, excerpt_en, content_vi, \
         content_en, images, tags, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.author_id)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.excerpt.vi)
    .bind(&input.excerpt.en)
    .bind(sanitize_html(&input.content.vi))
    .bind(sanitize_html(&input.content.en))
    .bind(to_json(&input.images))
    .bind(to_json(&input.tags))
    .bind(input.status.as_str())
    .bind(input.created_at)
    .bind(input.updated_at)
    .execute(conn)
    .await
    .map(|_| ())
}
