//! Who is enrolled in which course (the course page's access); learning lists enrolments with their progress.

use crate::platform::db::{Pool, new_id};

pub async fn is_enrolled(pool: &Pool, user_id: &str, course_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("select 1 from course_enrollments where user_id = $1 and course_id = $2")
            .bind(user_id)
            .bind(course_id)
            .fetch_optional(pool)
            .await?;
    Ok(found.is_some())
}

pub async fn insert_enrollment(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    course_id: &str,
    progress: i64,
    created_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, progress, completed, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(course_id)
    .bind(progress)
    .bind(i64::from(progress >= 100))
    .bind(created_at)
    .execute(conn)
    .await
    .map(|_| ())
}
