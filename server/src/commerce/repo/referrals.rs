//! Referral codes, the visits they brought, and the order items they are credited with.

use sqlx::AnyConnection;

use crate::platform::db::Pool;

pub async fn code_of(pool: &Pool, teacher_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select code from referral_codes where teacher_id = $1")
        .bind(teacher_id)
        .fetch_optional(pool)
        .await
}

/// Gives the teacher `code` unless they have one already (the first stays).
pub async fn insert_code(pool: &Pool, teacher_id: &str, code: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into referral_codes (code, teacher_id, created_at) values ($1, $2, $3) \
         on conflict (teacher_id) do nothing",
    )
    .bind(code)
    .bind(teacher_id)
    .bind(now_ms)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn teacher_of(pool: &Pool, code: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select teacher_id from referral_codes where code = $1").bind(code).fetch_optional(pool).await
}

/// Records that `user_id` arrived through `teacher_id`'s link at `at` (a later arrival moves it forward).
pub async fn record_visit(pool: &Pool, user_id: &str, teacher_id: &str, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into referral_visits (user_id, teacher_id, visited_at) values ($1, $2, $3) \
         on conflict (user_id, teacher_id) do update set visited_at = excluded.visited_at \
         where referral_visits.visited_at < excluded.visited_at",
    )
    .bind(user_id)
    .bind(teacher_id)
    .bind(at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Credits the items of order `order_id` whose teacher's link its buyer arrived through since `since` to that
/// teacher; the ids of the teachers credited.
pub async fn attribute(
    conn: &mut AnyConnection,
    order_id: &str,
    user_id: &str,
    since: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update order_items set referrer_id = teacher_id where order_id = $1 and exists (\
         select 1 from referral_visits v where v.user_id = $2 and v.teacher_id = order_items.teacher_id \
         and v.visited_at >= $3)",
    )
    .bind(order_id)
    .bind(user_id)
    .bind(since)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// The shares of a credited order item between its teacher and the platform (minor units).
pub async fn set_shares(
    conn: &mut AnyConnection,
    item_id: &str,
    teacher_share: i64,
    platform_share: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update order_items set teacher_share = $1, platform_share = $2 where id = $3")
        .bind(teacher_share)
        .bind(platform_share)
        .bind(item_id)
        .execute(conn)
        .await?;
    Ok(())
}
