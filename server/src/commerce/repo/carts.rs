//! Carts and their items.

use academy_shared::{catalogue::CourseStatus, money::Currency};
use sqlx::{AnyConnection, FromRow};

use super::offers::OFFER_COLUMNS;
use crate::platform::db::new_id;

/// An item of a cart with its course as the catalogue has it now.
#[derive(Debug, Clone, FromRow)]
pub struct CartItemRow {
    pub item_id: String,
    pub added_at: i64,
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    pub price: i64,
    pub discount: Option<i64>,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    #[sqlx(try_from = "String")]
    pub status: CourseStatus,
    pub instructor_id: String,
}

/// The id of the user's cart, if they have one.
pub async fn id_of(conn: &mut AnyConnection, user_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select id from carts where user_id = $1").bind(user_id).fetch_optional(conn).await
}

/// The id of the user's cart, created the first time it is needed.
pub async fn ensure(conn: &mut AnyConnection, user_id: &str, now_ms: i64) -> Result<String, sqlx::Error> {
    sqlx::query(
        "insert into carts (id, user_id, created_at, updated_at) values ($1, $2, $3, $3) \
         on conflict (user_id) do nothing",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar("select id from carts where user_id = $1").bind(user_id).fetch_one(conn).await
}

/// Holds the user's cart row until the transaction ends (on PostgreSQL; SQLite's writer lock already
/// serialises writing transactions): a person's checkouts run one after the other.
pub async fn lock(conn: &mut AnyConnection, user_id: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update carts set updated_at = $1 where user_id = $2").bind(now_ms).bind(user_id).execute(conn).await?;
    Ok(())
}

/// The owner of a cart, if it exists.
pub async fn owner(conn: &mut AnyConnection, cart_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select user_id from carts where id = $1").bind(cart_id).fetch_optional(conn).await
}

/// The items of a cart, oldest first, with their courses.
pub async fn items(conn: &mut AnyConnection, cart_id: &str) -> Result<Vec<CartItemRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select ci.id as item_id, ci.created_at as added_at, {OFFER_COLUMNS} \
         from cart_items ci join courses c on c.id = ci.course_id where ci.cart_id = $1 order by ci.created_at, ci.id"
    ))
    .bind(cart_id)
    .fetch_all(conn)
    .await
}

/// Adds a course; false when it is in the cart already.
pub async fn add(conn: &mut AnyConnection, cart_id: &str, course_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into cart_items (id, cart_id, course_id, created_at) values ($1, $2, $3, $4) \
         on conflict (cart_id, course_id) do nothing",
    )
    .bind(new_id())
    .bind(cart_id)
    .bind(course_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    touch(conn, cart_id, now_ms).await?;
    Ok(done.rows_affected() == 1)
}

/// Removes an item of a cart; false when the cart has no such item.
pub async fn remove(conn: &mut AnyConnection, cart_id: &str, item_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from cart_items where cart_id = $1 and id = $2")
        .bind(cart_id)
        .bind(item_id)
        .execute(&mut *conn)
        .await?;
    touch(conn, cart_id, now_ms).await?;
    Ok(done.rows_affected() == 1)
}

/// Removes these courses from the user's cart (bought or enrolled in).
pub async fn remove_courses(conn: &mut AnyConnection, user_id: &str, course_ids: &[String]) -> Result<(), sqlx::Error> {
    for course_id in course_ids {
        sqlx::query(
            "delete from cart_items where course_id = $1 and cart_id in (select id from carts where user_id = $2)",
        )
        .bind(course_id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn touch(conn: &mut AnyConnection, cart_id: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update carts set updated_at = $1 where id = $2").bind(now_ms).bind(cart_id).execute(conn).await?;
    Ok(())
}
