//! Who is enrolled in which course, with their progress.

use sqlx::FromRow;

use crate::platform::db::{Pool, new_id};

/// A course a user is enrolled in, with its progress.
#[derive(Debug, Clone, FromRow)]
pub struct EnrolledRow {
    pub id: String,
    pub course_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    pub instructor_first_name: Option<String>,
    pub instructor_last_name: Option<String>,
    pub instructor_avatar: Option<String>,
    pub progress: i64,
    pub completed: i64,
    pub created_at: i64,
}

pub async fn enrolled_courses_of(pool: &Pool, user_id: &str) -> Result<Vec<EnrolledRow>, sqlx::Error> {
    sqlx::query_as(
        "select e.id, c.id as course_id, c.title_vi, c.title_en, c.thumbnail, u.first_name as instructor_first_name, \
         u.last_name as instructor_last_name, u.avatar as instructor_avatar, e.progress, e.completed, e.created_at \
         from course_enrollments e join courses c on c.id = e.course_id join users u on u.id = c.instructor_id \
         where e.user_id = $1 order by e.created_at desc, e.id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

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
