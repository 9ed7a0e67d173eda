//! What promotions look like to administrators and to visitors.

use academy_shared::promotions::remaining_uses;
use serde::Serialize;
use utoipa::ToSchema;

use crate::commerce::promotions::PromotionEntry;

/// A promotion as the administrators see it, with what it counted.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromotionView {
    pub id: String,
    pub coupon_id: String,
    pub coupon_code: String,
    /// `home`, `courses`, `cart`.
    pub placements: Vec<String>,
    pub picture_url: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub text_vi: String,
    pub text_en: String,
    /// Epoch milliseconds, inclusive; null: at once.
    pub starts_at: Option<i64>,
    /// Epoch milliseconds, exclusive; null: no end.
    pub ends_at: Option<i64>,
    pub priority: i64,
    pub active: bool,
    /// Whether visitors see it now (switched on, within its period, its coupon usable).
    pub showing: bool,
    pub views: i64,
    pub clicks: i64,
    /// Paid orders that used its coupon.
    pub redemptions: i64,
    /// Uses of its coupon left; null: unlimited.
    pub remaining_uses: Option<i64>,
    /// Epoch milliseconds.
    pub created_at: i64,
}

impl PromotionView {
    pub fn new(entry: &PromotionEntry, now: i64) -> PromotionView {
        let row = &entry.row;
        PromotionView {
            id: row.id.clone(),
            coupon_id: row.coupon_id.clone(),
            coupon_code: row.coupon_code.clone(),
            placements: entry.placements.iter().map(|p| p.as_str().to_owned()).collect(),
            picture_url: row.picture_url.clone(),
            title_vi: row.title_vi.clone(),
            title_en: row.title_en.clone(),
            text_vi: row.text_vi.clone(),
            text_en: row.text_en.clone(),
            starts_at: row.starts_at,
            ends_at: row.ends_at,
            priority: row.priority,
            active: row.active.get(),
            showing: entry.is_showing(now),
            views: row.views,
            clicks: row.clicks,
            redemptions: row.redemptions,
            remaining_uses: remaining_uses(row.coupon_max_uses, row.coupon_used_count),
            created_at: row.created_at,
        }
    }
}

/// A promotion a visitor sees: its texts in both languages, its coupon's code and discount, the uses left.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicPromotionView {
    pub id: String,
    /// The code applied in the cart.
    pub coupon_code: String,
    /// `percent` or `fixed`.
    pub discount_kind: String,
    /// The percentage, or the amount in minor units of `currency`.
    pub discount_value: i64,
    pub currency: Option<String>,
    pub picture_url: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub text_vi: String,
    pub text_en: String,
    /// Epoch milliseconds; null: no end.
    pub ends_at: Option<i64>,
    /// Uses of its coupon left; null: unlimited.
    pub remaining_uses: Option<i64>,
}

impl From<&PromotionEntry> for PublicPromotionView {
    fn from(entry: &PromotionEntry) -> PublicPromotionView {
        let row = &entry.row;
        let ends_at = match (row.ends_at, row.coupon_ends_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        PublicPromotionView {
            id: row.id.clone(),
            coupon_code: row.coupon_code.clone(),
            discount_kind: row.coupon_kind.as_str().to_owned(),
            discount_value: row.coupon_value,
            currency: row.coupon_currency.clone(),
            picture_url: row.picture_url.clone(),
            title_vi: row.title_vi.clone(),
            title_en: row.title_en.clone(),
            text_vi: row.text_vi.clone(),
            text_en: row.text_en.clone(),
            ends_at,
            remaining_uses: remaining_uses(row.coupon_max_uses, row.coupon_used_count),
        }
    }
}
