//! Categories of courses.

use sqlx::FromRow;

use super::Localized;
use crate::platform::db::{Pool, now_ms};

#[derive(Debug, Clone, FromRow)]
pub struct CategoryRow {
    pub id: String,
    pub slug: String,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub image: Option<String>,
    pub sort_order: i64,
    pub course_count: i64,
    pub free_course_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const CATEGORY_COLUMNS: &str = "id, slug, name_vi, name_en, description_vi, description_en, image, sort_order, \
    course_count, free_course_count, created_at, updated_at";

/// Every category in display order.
pub async fn list_categories(pool: &Pool) -> Result<Vec<CategoryRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {CATEGORY_COLUMNS} from categories order by sort_order, name_vi, id"))
        .fetch_all(pool)
        .await
}

/// One category by id or slug.
pub async fn find_category(pool: &Pool, id_or_slug: &str) -> Result<Option<CategoryRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {CATEGORY_COLUMNS} from categories where id = $1 or slug = $1"))
        .bind(id_or_slug)
        .fetch_optional(pool)
        .await
}

/// What a category is made of when created or edited.
#[derive(Debug, Clone)]
pub struct CategoryInput {
    pub slug: String,
    pub name: Localized,
    pub description: Localized,
    pub image: Option<String>,
    pub sort_order: i64,
}

pub async fn insert_category(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    input: &CategoryInput,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "insert into categories (id, slug, name_vi, name_en, description_vi, description_en, image, sort_order, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(&input.image)
    .bind(input.sort_order)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Updates a category; `false` when it does not exist. The search text of its courses follows the new name.
pub async fn update_category(pool: &Pool, id: &str, input: &CategoryInput) -> Result<bool, sqlx::Error> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let done = sqlx::query(
        "update categories set slug = $2, name_vi = $3, name_en = $4, description_vi = $5, description_en = $6, \
         image = $7, sort_order = $8, updated_at = $9 where id = $1",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(&input.image)
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if done {
        super::courses::refresh_search_text_where(&mut tx, "category_id = $1", id).await?;
    }
    tx.commit().await?;
    Ok(done)
}

/// Whether the category `id` exists.
pub async fn category_exists(conn: &mut sqlx::AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> =
        sqlx::query_scalar("select id from categories where id = $1").bind(id).fetch_optional(conn).await?;
    Ok(found.is_some())
}

/// Deletes a category; a category that still has courses is refused by the database (409).
pub async fn delete_category(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from categories where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}
