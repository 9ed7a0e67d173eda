//! The cart's shapes.

use academy_shared::i18n::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use super::{iso, pick};
use crate::commerce::{cart::Cart, repo::carts::CartItemRow};

/// The caller's cart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartView {
    /// The cart's id (the `cartId` of `DELETE /api/cart/delete`).
    #[serde(rename = "_id")]
    pub id: String,
    pub items: Vec<CartItemView>,
    /// What the items cost now, together (minor units of `currency`).
    pub total_amount: i64,
    /// The currency of every item (one cart, one currency); null when the cart is empty.
    pub currency: Option<String>,
    /// How many items.
    pub count: usize,
}

/// A course in the cart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartItemView {
    /// The item's id (the `itemId` of `DELETE /api/cart/delete`).
    #[serde(rename = "_id")]
    pub id: String,
    pub course_id: String,
    pub course: CartCourse,
    pub added_at: String,
}

/// The course of a cart item as the catalogue has it now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartCourse {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub thumbnail: Option<String>,
    /// What it costs now (its sale price when on sale), minor units.
    pub price: i64,
    /// Its list price, minor units.
    pub original_price: i64,
    pub currency: String,
}

impl CartView {
    pub fn new(cart: &Cart, lang: Lang) -> CartView {
        CartView {
            id: cart.id.clone(),
            items: cart.items.iter().map(|item| CartItemView::new(item, lang)).collect(),
            total_amount: cart.total(),
            currency: cart.currency().map(|c| c.code().to_owned()),
            count: cart.items.len(),
        }
    }
}

impl CartItemView {
    fn new(item: &CartItemRow, lang: Lang) -> CartItemView {
        CartItemView {
            id: item.item_id.clone(),
            course_id: item.id.clone(),
            course: CartCourse {
                id: item.id.clone(),
                title: pick(&item.title_vi, &item.title_en, lang),
                thumbnail: item.thumbnail.clone(),
                price: item.current_price(),
                original_price: item.price,
                currency: item.currency.code().to_owned(),
            },
            added_at: iso(item.added_at),
        }
    }
}

/// The cart after a merge, and the courses that were not added with the reason.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergedCart {
    pub cart: CartView,
    pub skipped: Vec<SkippedCourse>,
}

/// A course of the browser's cart that was not added, and why.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkippedCourse {
    pub course_id: String,
    pub message: String,
}

/// A new enrolment in a free course.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentView {
    pub course_id: String,
    pub enrolled_at: String,
}
