//! The home page's figures.

use sqlx::FromRow;

use crate::platform::db::Pool;

#[derive(Debug, Clone, Copy, FromRow)]
pub struct Stats {
    pub course_count: i64,
    pub instructor_count: i64,
    pub student_count: i64,
    pub enrollment_count: i64,
    pub category_count: i64,
}

pub async fn stats(pool: &Pool) -> Result<Stats, sqlx::Error> {
    sqlx::query_as(
        "select (select cast(coalesce(sum(course_count), 0) as bigint) from categories) as course_count, \
         (select count(*) from instructor_profiles) as instructor_count, \
         (select count(*) from users where role = 'STUDENT') as student_count, \
         (select count(*) from course_enrollments) as enrollment_count, \
         (select count(*) from categories) as category_count",
    )
    .fetch_one(pool)
    .await
}
