//! The published courses as the in-memory catalogue index ([`crate::catalogue::index`]) reads them when it
//! builds: each course's card (what a list shows) with its search text, and the categories' ids and slugs by
//! which a list may name its category.

use sqlx::FromRow;

use super::CourseCardRow;
use crate::platform::db::Pool;

/// A published course as the index keeps it.
#[derive(Debug, Clone, FromRow)]
pub struct IndexedCourseRow {
    /// The tie-breaker of every sort order.
    pub seq: i64,
    #[sqlx(flatten)]
    pub card: CourseCardRow,
    /// Normalized (no marks, lower case): what a search's words are found in.
    pub search_text: String,
}

/// A category's id and slug.
#[derive(Debug, Clone, FromRow)]
pub struct CategoryKeyRow {
    pub id: String,
    pub slug: String,
}

/// Every published course, with its card and search text.
pub async fn published_for_index(pool: &Pool) -> Result<Vec<IndexedCourseRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "select c.seq, ",
        card_columns!(),
        ", c.search_text ",
        card_from!(),
        " where c.status = 'published' order by c.seq"
    ))
    .fetch_all(pool)
    .await
}

/// Every category's id and slug.
pub async fn category_keys(pool: &Pool) -> Result<Vec<CategoryKeyRow>, sqlx::Error> {
    sqlx::query_as("select id, slug from categories order by sort_order, id").fetch_all(pool).await
}
