//! Promotions, where they show and what they counted. Counters are raised by updates of the row (never read then
//! written); a redemption is a row per (promotion, order), so a payment told twice counts once.

use sqlx::{AnyConnection, FromRow};

use super::coupons::DiscountKind;
use crate::platform::db::{Flag, Pool};

/// A stored promotion with its coupon's code, limits and use count.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PromotionRow {
    pub id: String,
    pub coupon_id: String,
    pub picture_url: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub text_vi: String,
    pub text_en: String,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub priority: i64,
    #[sqlx(try_from = "i64")]
    pub active: Flag,
    pub views: i64,
    pub clicks: i64,
    pub redemptions: i64,
    pub created_at: i64,
    pub coupon_code: String,
    #[sqlx(try_from = "String")]
    pub coupon_kind: DiscountKind,
    pub coupon_value: i64,
    pub coupon_currency: Option<String>,
    pub coupon_max_uses: Option<i64>,
    pub coupon_used_count: i64,
    #[sqlx(try_from = "i64")]
    pub coupon_active: Flag,
    pub coupon_starts_at: Option<i64>,
    pub coupon_ends_at: Option<i64>,
}

const SELECT: &str = "select p.id, p.coupon_id, p.picture_url, p.title_vi, p.title_en, p.text_vi, p.text_en, \
    p.starts_at, p.ends_at, p.priority, p.active, p.views, p.clicks, p.redemptions, p.created_at, \
    c.code as coupon_code, c.kind as coupon_kind, c.value as coupon_value, c.currency as coupon_currency, \
    c.max_uses as coupon_max_uses, c.used_count as coupon_used_count, c.active as coupon_active, \
    c.starts_at as coupon_starts_at, c.ends_at as coupon_ends_at \
    from promotions p join coupons c on c.id = p.coupon_id";

/// A promotion's stored fields.
#[derive(Debug, Clone)]
pub struct PromotionFields<'a> {
    pub coupon_id: &'a str,
    pub picture_url: Option<&'a str>,
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub text_vi: &'a str,
    pub text_en: &'a str,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub priority: i64,
    pub active: bool,
}

pub async fn insert(
    conn: &mut AnyConnection,
    id: &str,
    fields: &PromotionFields<'_>,
    created_by: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into promotions (id, coupon_id, picture_url, title_vi, title_en, text_vi, text_en, starts_at, \
         ends_at, priority, active, created_by, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
    )
    .bind(id)
    .bind(fields.coupon_id)
    .bind(fields.picture_url)
    .bind(fields.title_vi)
    .bind(fields.title_en)
    .bind(fields.text_vi)
    .bind(fields.text_en)
    .bind(fields.starts_at)
    .bind(fields.ends_at)
    .bind(fields.priority)
    .bind(i64::from(fields.active))
    .bind(created_by)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Changes a promotion's fields (its counters stay); false when there is no such promotion.
pub async fn update(
    conn: &mut AnyConnection,
    id: &str,
    fields: &PromotionFields<'_>,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update promotions set coupon_id = $2, picture_url = $3, title_vi = $4, title_en = $5, text_vi = $6, \
         text_en = $7, starts_at = $8, ends_at = $9, priority = $10, active = $11, updated_at = $12 where id = $1",
    )
    .bind(id)
    .bind(fields.coupon_id)
    .bind(fields.picture_url)
    .bind(fields.title_vi)
    .bind(fields.title_en)
    .bind(fields.text_vi)
    .bind(fields.text_en)
    .bind(fields.starts_at)
    .bind(fields.ends_at)
    .bind(fields.priority)
    .bind(i64::from(fields.active))
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets where a promotion shows, replacing what was there.
pub async fn set_placements(conn: &mut AnyConnection, id: &str, placements: &[&str]) -> Result<(), sqlx::Error> {
    sqlx::query("delete from promotion_placements where promotion_id = $1").bind(id).execute(&mut *conn).await?;
    for placement in placements {
        sqlx::query("insert into promotion_placements (promotion_id, placement) values ($1, $2)")
            .bind(id)
            .bind(*placement)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Deletes a promotion (its placements and redemption rows with it); false when there was none.
pub async fn delete(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    sqlx::query("delete from promotion_placements where promotion_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("delete from promotion_redemptions where promotion_id = $1").bind(id).execute(&mut *conn).await?;
    let done = sqlx::query("delete from promotions where id = $1").bind(id).execute(&mut *conn).await?;
    Ok(done.rows_affected() == 1)
}

pub async fn find(pool: &Pool, id: &str) -> Result<Option<PromotionRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where p.id = $1")).bind(id).fetch_optional(pool).await
}

/// Every promotion, highest priority first, then newest.
pub async fn list(pool: &Pool) -> Result<Vec<PromotionRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} order by p.priority desc, p.created_at desc, p.id")).fetch_all(pool).await
}

/// The promotions switched on at `placement` whose coupon is switched on and not used up, highest priority first
/// (their periods are the caller's to check).
pub async fn switched_on_at(pool: &Pool, placement: &str) -> Result<Vec<PromotionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} where p.active = 1 and c.active = 1 \
         and (c.max_uses is null or c.used_count < c.max_uses) \
         and exists (select 1 from promotion_placements pp where pp.promotion_id = p.id and pp.placement = $1) \
         order by p.priority desc, p.created_at desc, p.id"
    ))
    .bind(placement)
    .fetch_all(pool)
    .await
}

/// Every promotion's placements, as (promotion id, placement).
pub async fn placements(pool: &Pool) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("select promotion_id, placement from promotion_placements order by promotion_id, placement")
        .fetch_all(pool)
        .await
}

/// Adds one view (or click) to a promotion.
pub async fn count(pool: &Pool, id: &str, click: bool) -> Result<bool, sqlx::Error> {
    let sql = if click {
        "update promotions set clicks = clicks + 1 where id = $1"
    } else {
        "update promotions set views = views + 1 where id = $1"
    };
    Ok(sqlx::query(sql).bind(id).execute(pool).await?.rows_affected() == 1)
}

/// Records that paid order `order_id` used coupon `coupon_id`: each promotion of the coupon counts it once,
/// however often this is called for the order.
pub async fn count_redemption(
    conn: &mut AnyConnection,
    coupon_id: &str,
    order_id: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let counted: Vec<String> = sqlx::query_scalar(
        "insert into promotion_redemptions (promotion_id, order_id, redeemed_at) \
         select id, $2, $3 from promotions where coupon_id = $1 \
         on conflict (promotion_id, order_id) do nothing returning promotion_id",
    )
    .bind(coupon_id)
    .bind(order_id)
    .bind(now_ms)
    .fetch_all(&mut *conn)
    .await?;
    for id in counted {
        sqlx::query("update promotions set redemptions = redemptions + 1 where id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
