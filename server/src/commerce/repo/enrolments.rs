//! Enrolments written by commerce: a paid order or a free course enrols, a refund takes the course back. Each
//! write keeps the course's enrolment count in step, in the caller's transaction.

use sqlx::AnyConnection;

use crate::platform::db::new_id;

/// Enrols the user in the course unless enrolled already; whether a new enrolment was made.
pub async fn enrol(conn: &mut AnyConnection, user_id: &str, course_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, progress, completed, created_at, updated_at) \
         values ($1, $2, $3, 0, 0, $4, $4) on conflict (user_id, course_id) do nothing",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(course_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    let enrolled = done.rows_affected() == 1;
    if enrolled {
        sqlx::query("update courses set enrollment_count = enrollment_count + 1 where id = $1")
            .bind(course_id)
            .execute(conn)
            .await?;
    }
    Ok(enrolled)
}

/// Counts a sale of the course (the best-selling lists sort by it).
pub async fn count_sale(conn: &mut AnyConnection, course_id: &str, delta: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update courses set sales_count = case when sales_count + $1 < 0 then 0 else sales_count + $1 end where id = $2")
        .bind(delta)
        .bind(course_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends the user's enrolment in the course; whether there was one.
pub async fn unenrol(conn: &mut AnyConnection, user_id: &str, course_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from course_enrollments where user_id = $1 and course_id = $2")
        .bind(user_id)
        .bind(course_id)
        .execute(&mut *conn)
        .await?;
    let removed = done.rows_affected() == 1;
    if removed {
        sqlx::query(
            "update courses set enrollment_count = enrollment_count - 1 where id = $1 and enrollment_count > 0",
        )
        .bind(course_id)
        .execute(conn)
        .await?;
    }
    Ok(removed)
}
