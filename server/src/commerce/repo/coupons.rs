//! Coupons and their uses. Uses are counted by conditional updates, never read-then-written, so concurrent
//! checkouts can never take more uses than a coupon has.

use sqlx::{AnyConnection, FromRow};

use crate::platform::db::Pool;

/// A stored coupon.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct CouponRow {
    pub id: String,
    pub code: String,
    pub kind: String,
    pub value: i64,
    pub currency: Option<String>,
    pub course_id: Option<String>,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub min_order: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_user: Option<i64>,
    pub used_count: i64,
    pub active: i64,
    pub description_vi: String,
    pub description_en: String,
    pub created_at: i64,
}

const COLUMNS: &str = "id, code, kind, value, currency, course_id, starts_at, ends_at, min_order, max_uses, \
    max_uses_per_user, used_count, active, description_vi, description_en, created_at";

/// A new coupon.
#[derive(Debug, Clone)]
pub struct NewCoupon<'a> {
    pub id: &'a str,
    pub code: &'a str,
    pub kind: &'a str,
    pub value: i64,
    pub currency: Option<&'a str>,
    pub course_id: Option<&'a str>,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub min_order: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_user: Option<i64>,
    pub description_vi: &'a str,
    pub description_en: &'a str,
    pub created_by: Option<&'a str>,
}

pub async fn insert(conn: &mut AnyConnection, coupon: &NewCoupon<'_>, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into coupons (id, code, kind, value, currency, course_id, starts_at, ends_at, min_order, max_uses, \
         max_uses_per_user, used_count, active, description_vi, description_en, created_by, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 1, $12, $13, $14, $15, $15)",
    )
    .bind(coupon.id)
    .bind(coupon.code)
    .bind(coupon.kind)
    .bind(coupon.value)
    .bind(coupon.currency)
    .bind(coupon.course_id)
    .bind(coupon.starts_at)
    .bind(coupon.ends_at)
    .bind(coupon.min_order)
    .bind(coupon.max_uses)
    .bind(coupon.max_uses_per_user)
    .bind(coupon.description_vi)
    .bind(coupon.description_en)
    .bind(coupon.created_by)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn find_by_code(conn: &mut AnyConnection, code: &str) -> Result<Option<CouponRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from coupons where code = $1")).bind(code).fetch_optional(conn).await
}

pub async fn find(pool: &Pool, id: &str) -> Result<Option<CouponRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from coupons where id = $1")).bind(id).fetch_optional(pool).await
}

/// Every coupon, newest first.
pub async fn list(pool: &Pool) -> Result<Vec<CouponRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from coupons order by created_at desc, id")).fetch_all(pool).await
}

pub async fn set_active(pool: &Pool, id: &str, active: bool, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update coupons set active = $1, updated_at = $2 where id = $3")
        .bind(i64::from(active))
        .bind(now_ms)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// How often the user has used the coupon.
pub async fn uses_by(conn: &mut AnyConnection, coupon_id: &str, user_id: &str) -> Result<i64, sqlx::Error> {
    let uses: Option<i64> =
        sqlx::query_scalar("select uses from coupon_user_uses where coupon_id = $1 and user_id = $2")
            .bind(coupon_id)
            .bind(user_id)
            .fetch_optional(conn)
            .await?;
    Ok(uses.unwrap_or(0))
}

/// Takes one use of the coupon if it is switched on and has one left; whether it did.
pub async fn take_use(conn: &mut AnyConnection, coupon_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update coupons set used_count = used_count + 1 \
         where id = $1 and active = 1 and (max_uses is null or used_count < max_uses)",
    )
    .bind(coupon_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes one of the user's uses if they have one left under `limit` (none: unlimited); whether it did.
pub async fn take_user_use(
    conn: &mut AnyConnection,
    coupon_id: &str,
    user_id: &str,
    limit: Option<i64>,
) -> Result<bool, sqlx::Error> {
    if limit.is_some_and(|limit| limit < 1) {
        return Ok(false);
    }
    let done = sqlx::query(
        "insert into coupon_user_uses (coupon_id, user_id, uses) values ($1, $2, 1) \
         on conflict (coupon_id, user_id) do update set uses = coupon_user_uses.uses + 1 \
         where $3 is null or coupon_user_uses.uses < $3",
    )
    .bind(coupon_id)
    .bind(user_id)
    .bind(limit)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives back the use an order held (it was cancelled or expired).
pub async fn release_use(conn: &mut AnyConnection, coupon_id: &str, user_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update coupons set used_count = used_count - 1 where id = $1 and used_count > 0")
        .bind(coupon_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("update coupon_user_uses set uses = uses - 1 where coupon_id = $1 and user_id = $2 and uses > 0")
        .bind(coupon_id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}
