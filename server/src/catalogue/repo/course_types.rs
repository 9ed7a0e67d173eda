//! Course types and how many courses each has.

use sqlx::FromRow;

use super::Localized;
use crate::platform::db::{Pool, now_ms};

#[derive(Debug, Clone, FromRow)]
pub struct CourseTypeRow {
    pub id: String,
    pub slug: String,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone)]
pub struct CourseTypeInput {
    pub slug: String,
    pub name: Localized,
    pub description: Localized,
}

pub async fn list_course_types(pool: &Pool) -> Result<Vec<CourseTypeRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, slug, name_vi, name_en, description_vi, description_en, created_at, updated_at \
         from course_types order by created_at, id",
    )
    .fetch_all(pool)
    .await
}

pub async fn insert_course_type(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    input: &CourseTypeInput,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into course_types (id, slug, name_vi, name_en, description_vi, description_en, created_at, \
         updated_at) values ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

pub async fn update_course_type(pool: &Pool, id: &str, input: &CourseTypeInput) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update course_types set slug = $2, name_vi = $3, name_en = $4, description_vi = $5, \
         description_en = $6, updated_at = $7 where id = $1",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_course_type(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from course_types where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

/// How many courses are of the course type `id`.
pub async fn courses_of_type(conn: &mut sqlx::AnyConnection, id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from courses where type_id = $1").bind(id).fetch_one(conn).await
}

/// Course types with how many courses each has.
pub async fn course_type_counts(pool: &Pool) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("select type_id, count(*) from courses where type_id is not null group by type_id")
        .fetch_all(pool)
        .await
}
