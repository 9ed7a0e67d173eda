//! What administrators see: coupons, the payment settings and the bank transactions.

use academy_shared::commerce::settings::BankAccount;
use serde::Serialize;
use utoipa::ToSchema;

use super::iso;
use crate::commerce::{
    repo::{coupons::CouponRow, payments::PaymentRow},
    settings::PaymentSettings,
};

/// A coupon.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponView {
    #[serde(rename = "_id")]
    pub id: String,
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// The percentage (1–100), or the amount in minor units of `currency`.
    pub value: i64,
    pub currency: Option<String>,
    /// The one course it applies to; null: every course.
    pub course_id: Option<String>,
    /// That course's title in Vietnamese and English (in the list).
    pub course_title_vi: Option<String>,
    pub course_title_en: Option<String>,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub min_order: i64,
    pub max_uses: Option<i64>,
    pub max_uses_per_user: Option<i64>,
    /// Uses taken by paid orders (unpaid ones hold none); above `maxUses` when several orders that were
    /// checked out while a use was left paid for the last one.
    pub used_count: i64,
    pub active: bool,
    pub description_vi: String,
    pub description_en: String,
    pub created_at: String,
}

impl From<&CouponRow> for CouponView {
    fn from(row: &CouponRow) -> CouponView {
        CouponView {
            id: row.id.clone(),
            code: row.code.clone(),
            kind: row.kind.as_str().to_owned(),
            value: row.value,
            currency: row.currency.0.map(|c| c.code().to_owned()),
            course_id: row.course_id.clone(),
            course_title_vi: None,
            course_title_en: None,
            starts_at: row.starts_at.map(iso),
            ends_at: row.ends_at.map(iso),
            min_order: row.min_order,
            max_uses: row.max_uses,
            max_uses_per_user: row.max_uses_per_user,
            used_count: row.used_count,
            active: row.active.get(),
            description_vi: row.description_vi.clone(),
            description_en: row.description_en.clone(),
            created_at: iso(row.created_at),
        }
    }
}

/// The payment settings.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSettingsView {
    /// Whether the bank account is set (checkout is refused until it is).
    pub configured: bool,
    pub bank_bin: Option<String>,
    pub bank_name: Option<String>,
    pub account_number: Option<String>,
    pub account_name: Option<String>,
    /// The platform's share of each sale, in percent; the teacher gets the rest.
    pub commission_percent: i64,
    /// How long an order waits for its payment.
    pub order_expiry_minutes: i64,
}

impl From<&PaymentSettings> for PaymentSettingsView {
    fn from(settings: &PaymentSettings) -> PaymentSettingsView {
        let bank = settings.bank.as_ref();
        let field = |get: fn(&BankAccount) -> &String| bank.map(|b| get(b).clone());
        PaymentSettingsView {
            configured: bank.is_some(),
            bank_bin: field(|b| &b.bank_bin),
            bank_name: field(|b| &b.bank_name),
            account_number: field(|b| &b.account_number),
            account_name: field(|b| &b.account_name),
            commission_percent: settings.terms.commission.into(),
            order_expiry_minutes: settings.terms.order_expiry_minutes,
        }
    }
}

/// A bank transaction as reported, and what it did.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    #[serde(rename = "_id")]
    pub id: String,
    /// `sepay`.
    pub provider: String,
    /// The provider's id of the transaction.
    pub provider_id: String,
    /// `in` or `out`.
    pub transfer_type: String,
    pub amount: i64,
    pub currency: String,
    /// The transfer's text.
    pub content: String,
    pub order_code: Option<String>,
    pub order_id: Option<String>,
    /// `paid`, `partial`, `overpaid`, `unmatched`, `order_closed`, `already_paid`, `ignored`, `failed` (a card
    /// payment that did not go through), `unapplied` (applying it failed: recorded as received, for review) or
    /// `amount_out_of_range` (an amount no transfer can carry: kept for review, not in the ledger); `received`
    /// while it is being applied.
    pub outcome: String,
    /// `open` (an administrator must look at it), `resolved` or `none`.
    pub review_status: String,
    pub reviewed_by: Option<String>,
    pub review_note: String,
    pub reviewed_at: Option<String>,
    pub received_at: String,
}

impl From<&PaymentRow> for PaymentView {
    fn from(row: &PaymentRow) -> PaymentView {
        PaymentView {
            id: row.id.clone(),
            provider: row.provider.clone(),
            provider_id: row.provider_id.clone(),
            transfer_type: row.transfer_type.clone(),
            amount: row.amount,
            currency: row.currency.code().to_owned(),
            content: row.content.clone(),
            order_code: row.order_code.clone(),
            order_id: row.order_id.clone(),
            outcome: row.outcome.as_str().to_owned(),
            review_status: row.review_status.as_str().to_owned(),
            reviewed_by: row.reviewed_by.clone(),
            review_note: row.review_note.clone(),
            reviewed_at: row.reviewed_at.map(iso),
            received_at: iso(row.received_at),
        }
    }
}

/// A page of bank transactions, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentPageView {
    pub items: Vec<PaymentView>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
}
