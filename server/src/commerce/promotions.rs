//! Promotions: a coupon shown on the site (the home page's promo band, above the course list, in the cart) with
//! its picture and texts, a period and a priority; the administrators' list with what each counted, and the
//! visitors' promotions of a placement.
//!
//! Views and clicks come from the visitors' pages: the browser only names the promotion; the server counts it
//! when the promotion is shown at that moment, within a per-address rate limit. Redemptions are counted in the
//! transaction that pays an order with the promotion's coupon, once per order ([`count_redemption`]).

use academy_shared::promotions::{
    Placement, PromotionError as RuleError, PromotionField, PromotionForm, check_promotion, is_showing,
};
use academy_shared::validation::FieldErrors;
use sqlx::AnyConnection;

use super::repo::{
    self,
    promotions::{PromotionFields, PromotionRow},
};
use crate::{
    platform::db::{new_id, now_ms},
    state::AppState,
};

/// Why a promotion use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum PromotionError {
    #[error("invalid promotion")]
    Invalid(FieldErrors<PromotionField, RuleError>),
    #[error("no such promotion")]
    NotFound,
    /// The coupon named does not exist.
    #[error("no such coupon")]
    CouponNotFound,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A promotion with where it shows.
#[derive(Debug, Clone)]
pub struct PromotionEntry {
    pub row: PromotionRow,
    pub placements: Vec<Placement>,
}

impl PromotionEntry {
    /// Whether a visitor sees it at `now`: switched on, within its period and its coupon's, the coupon switched
    /// on and not used up.
    pub fn is_showing(&self, now: i64) -> bool {
        let row = &self.row;
        row.active.get()
            && row.coupon_active.get()
            && row.coupon_max_uses.is_none_or(|max| row.coupon_used_count < max)
            && is_showing(row.starts_at, row.ends_at, now)
            && is_showing(row.coupon_starts_at, row.coupon_ends_at, now)
    }
}

/// Saves a new promotion (`id` None) or changes one, after the shared check; switched on or off by `active`.
pub async fn save(
    state: &AppState,
    actor_id: &str,
    id: Option<&str>,
    form: &PromotionForm,
    active: bool,
) -> Result<PromotionEntry, PromotionError> {
    let promotion = check_promotion(form).map_err(PromotionError::Invalid)?;
    let mut tx = repo::begin_write(state).await?;
    if repo::coupons::find_in(&mut tx, &promotion.coupon_id).await?.is_none() {
        return Err(PromotionError::CouponNotFound);
    }
    let fields = PromotionFields {
        coupon_id: &promotion.coupon_id,
        picture_url: promotion.picture_url.as_deref(),
        title_vi: &promotion.title_vi,
        title_en: &promotion.title_en,
        text_vi: &promotion.text_vi,
        text_en: &promotion.text_en,
        starts_at: promotion.starts_at,
        ends_at: promotion.ends_at,
        priority: promotion.priority,
        active,
    };
    let now = now_ms();
    let id = match id {
        Some(id) => {
            if !repo::promotions::update(&mut tx, id, &fields, now).await? {
                return Err(PromotionError::NotFound);
            }
            id.to_owned()
        }
        None => {
            let id = new_id();
            repo::promotions::insert(&mut tx, &id, &fields, actor_id, now).await?;
            id
        }
    };
    let placements: Vec<&str> = promotion.placements.iter().map(|p| p.as_str()).collect();
    repo::promotions::set_placements(&mut tx, &id, &placements).await?;
    tx.commit().await?;
    find(state, &id).await?.ok_or(PromotionError::NotFound)
}

/// Deletes a promotion (its coupon stays).
pub async fn delete(state: &AppState, id: &str) -> Result<(), PromotionError> {
    let mut tx = repo::begin_write(state).await?;
    if !repo::promotions::delete(&mut tx, id).await? {
        return Err(PromotionError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// One promotion with its placements.
pub async fn find(state: &AppState, id: &str) -> Result<Option<PromotionEntry>, PromotionError> {
    let Some(row) = repo::promotions::find(&state.pool, id).await? else { return Ok(None) };
    let placements = placements_of(state, &[&row.id]).await?.remove(&row.id).unwrap_or_default();
    Ok(Some(PromotionEntry { row, placements }))
}

/// Every promotion, highest priority first.
pub async fn list(state: &AppState) -> Result<Vec<PromotionEntry>, PromotionError> {
    let rows = repo::promotions::list(&state.pool).await?;
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let mut placements = placements_of(state, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let placements = placements.remove(&row.id).unwrap_or_default();
            PromotionEntry { row, placements }
        })
        .collect())
}

async fn placements_of(
    state: &AppState,
    ids: &[&str],
) -> Result<std::collections::HashMap<String, Vec<Placement>>, sqlx::Error> {
    let mut by_id: std::collections::HashMap<String, Vec<Placement>> = std::collections::HashMap::new();
    for (id, name) in repo::promotions::placements(&state.pool).await? {
        if ids.contains(&id.as_str())
            && let Some(placement) = Placement::parse(&name)
        {
            by_id.entry(id).or_default().push(placement);
        }
    }
    for placements in by_id.values_mut() {
        placements.sort();
    }
    Ok(by_id)
}

/// The promotions a visitor sees at `placement` at `now`, highest priority first.
pub async fn showing(state: &AppState, placement: Placement, now: i64) -> Result<Vec<PromotionEntry>, PromotionError> {
    let rows = repo::promotions::switched_on_at(&state.pool, placement.as_str()).await?;
    Ok(rows
        .into_iter()
        .map(|row| PromotionEntry { row, placements: vec![placement] })
        .filter(|entry| entry.is_showing(now))
        .collect())
}

/// Counts a view (or a click) of a promotion a visitor was shown; false when it is not shown now (nothing is
/// counted).
pub async fn count_seen(state: &AppState, id: &str, click: bool, now: i64) -> Result<bool, PromotionError> {
    let Some(entry) = find(state, id).await? else { return Err(PromotionError::NotFound) };
    if !entry.is_showing(now) {
        return Ok(false);
    }
    Ok(repo::promotions::count(&state.pool, id, click).await?)
}

/// Counts paid order `order_id`, which used coupon `coupon_id`, for the coupon's promotions, in the payment's
/// transaction: once per order and promotion, however often the payment is told.
pub async fn count_redemption(
    conn: &mut AnyConnection,
    coupon_id: &str,
    order_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    repo::promotions::count_redemption(conn, coupon_id, order_id, now).await
}
