//! Coupons and their uses. A use is counted when its order is paid, by an update of the coupon's row (never
//! read-then-written), so concurrent payments count every use exactly once.

use academy_shared::money::Currency;
use sqlx::{AnyConnection, FromRow};

use crate::platform::db::{Flag, Nullable, Pool};

academy_shared::stored_names! {
    /// How a coupon discounts: an amount off, or a percentage of the price.
    pub enum DiscountKind("coupon kind") {
        Fixed = "fixed",
        Percent = "percent",
    }
}

/// A stored coupon.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct CouponRow {
    pub id: String,
    pub code: String,
    #[sqlx(try_from = "String")]
    pub kind: DiscountKind,
    pub value: i64,
    /// The currency of a fixed amount and of the minimum order (none: a percentage without a minimum).
    #[sqlx(try_from = "Option<String>")]
    pub currency: Nullable<Currency>,
    pub course_id: Option<String>,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub min_order: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_user: Option<i64>,
    pub used_count: i64,
    #[sqlx(try_from = "i64")]
    pub active: Flag,
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

/// Counts one paid use of the coupon by the user, whatever its limits say (the payment has arrived; see
/// [`crate::commerce::coupons::count_paid_use`]); whether the use was within the coupon's total and per-person
/// limits. The coupon's row is updated first, so concurrent payments with one coupon count one after the other.
pub async fn count_paid_use(conn: &mut AnyConnection, coupon_id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    let (used, max_uses, max_per_user): (i64, Option<i64>, Option<i64>) = sqlx::query_as(
        "update coupons set used_count = used_count + 1 where id = $1 \
         returning used_count, max_uses, max_uses_per_user",
    )
    .bind(coupon_id)
    .fetch_one(&mut *conn)
    .await?;
    let by_user: i64 = sqlx::query_scalar(
        "insert into coupon_user_uses (coupon_id, user_id, uses) values ($1, $2, 1) \
         on conflict (coupon_id, user_id) do update set uses = coupon_user_uses.uses + 1 \
         returning uses",
    )
    .bind(coupon_id)
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(max_uses.is_none_or(|max| used <= max) && max_per_user.is_none_or(|max| by_user <= max))
}

/// How many unpaid orders of the user, still open at `now_ms`, name the coupon.
pub async fn open_orders_by(
    conn: &mut AnyConnection,
    coupon_id: &str,
    user_id: &str,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "select count(*) from orders where coupon_id = $1 and user_id = $2 and status = 'pending' and expires_at > $3",
    )
    .bind(coupon_id)
    .bind(user_id)
    .bind(now_ms)
    .fetch_one(conn)
    .await
}

/// A coupon by id, in a transaction.
pub async fn find_in(conn: &mut AnyConnection, id: &str) -> Result<Option<CouponRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from coupons where id = $1")).bind(id).fetch_optional(conn).await
}

/// The courses coupons apply to: (course id, title in Vietnamese, in English).
pub async fn course_titles(pool: &Pool) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "select distinct co.id, co.title_vi, co.title_en from coupons c join courses co on co.id = c.course_id",
    )
    .fetch_all(pool)
    .await
}
