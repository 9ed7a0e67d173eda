//! The home page's banners and testimonials.

use sqlx::FromRow;

use super::Localized;
use crate::platform::db::{Flag, Pool, new_id, now_ms};

#[derive(Debug, Clone, FromRow)]
pub struct BannerRow {
    pub id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub subtitle_vi: String,
    pub subtitle_en: String,
    pub image: String,
    pub link: String,
    #[sqlx(try_from = "i64")]
    pub active: Flag,
    pub sort_order: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone)]
pub struct BannerInput {
    pub slug: String,
    pub title: Localized,
    pub subtitle: Localized,
    pub image: String,
    pub link: String,
    pub active: bool,
    pub sort_order: i64,
}

/// Banners in display order; `all` includes inactive ones (management).
pub async fn list_banners(pool: &Pool, all: bool) -> Result<Vec<BannerRow>, sqlx::Error> {
    let filter = if all { "" } else { "where active = 1" };
    sqlx::query_as(&format!(
        "select id, slug, title_vi, title_en, subtitle_vi, subtitle_en, image, link, active, sort_order, \
         created_at, updated_at from banners {filter} order by sort_order, created_at, id"
    ))
    .fetch_all(pool)
    .await
}

pub async fn insert_banner(conn: &mut sqlx::AnyConnection, id: &str, input: &BannerInput) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into banners (id, slug, title_vi, title_en, subtitle_vi, subtitle_en, image, link, active, \
         sort_order, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.subtitle.vi)
    .bind(&input.subtitle.en)
    .bind(&input.image)
    .bind(&input.link)
    .bind(i64::from(input.active))
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

pub async fn update_banner(pool: &Pool, id: &str, input: &BannerInput) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update banners set slug = $2, title_vi = $3, title_en = $4, subtitle_vi = $5, subtitle_en = $6, \
         image = $7, link = $8, active = $9, sort_order = $10, updated_at = $11 where id = $1",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.subtitle.vi)
    .bind(&input.subtitle.en)
    .bind(&input.image)
    .bind(&input.link)
    .bind(i64::from(input.active))
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_banner(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from banners where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

#[derive(Debug, Clone, FromRow)]
pub struct TestimonialRow {
    pub id: String,
    pub name: String,
    pub avatar: Option<String>,
    pub rating: i64,
    pub position_vi: String,
    pub position_en: String,
    pub quote_vi: String,
    pub quote_en: String,
}

pub async fn list_testimonials(pool: &Pool) -> Result<Vec<TestimonialRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, name, avatar, rating, position_vi, position_en, quote_vi, quote_en from testimonials \
         order by sort_order, created_at, id",
    )
    .fetch_all(pool)
    .await
}

#[allow(clippy::too_many_arguments, reason = "one column each")]
pub async fn insert_testimonial(
    conn: &mut sqlx::AnyConnection,
    name: &str,
    avatar: Option<&str>,
    rating: i64,
    position: &Localized,
    quote: &Localized,
    sort_order: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into testimonials (id, name, avatar, rating, position_vi, position_en, quote_vi, quote_en, \
         sort_order, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(new_id())
    .bind(name)
    .bind(avatar)
    .bind(rating)
    .bind(&position.vi)
    .bind(&position.en)
    .bind(&quote.vi)
    .bind(&quote.en)
    .bind(sort_order)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}
