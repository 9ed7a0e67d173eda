//! Orders, quotes and what the browser needs to take a payment.

use academy_shared::{commerce::OrderStatus, commerce::settings::BankAccount, i18n::Lang};
use serde::Serialize;
use utoipa::ToSchema;

use super::{iso, pick};
use crate::commerce::{
    checkout::Quote,
    orders::Order,
    repo::orders::{BuyerRow, OrderEventRow, OrderItemRow},
};

/// An order, as its receipt shows it. Amounts are minor units of `currency`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    #[serde(rename = "_id")]
    pub id: String,
    /// The transfer note: the bank feed finds the order by it.
    pub code: String,
    /// `pending`, `paid`, `cancelled`, `expired` or `refunded`.
    pub status: String,
    pub currency: String,
    /// The items' prices before the coupon.
    pub subtotal: i64,
    pub discount_total: i64,
    /// What the order costs: `subtotal - discountTotal`.
    pub total_amount: i64,
    /// What arrived for it so far (a transfer short of the total leaves it pending).
    pub amount_received: i64,
    /// What is still to pay.
    pub amount_due: i64,
    pub amount_refunded: i64,
    pub coupon_code: Option<String>,
    pub payment_method: String,
    pub created_at: String,
    /// An unpaid order expires then.
    pub expires_at: String,
    pub paid_at: Option<String>,
    /// When it was cancelled or expired.
    pub closed_at: Option<String>,
    pub refunded_at: Option<String>,
    pub items: Vec<OrderItemView>,
    /// How to pay: present while the order is pending.
    pub payment: Option<PaymentInstructions>,
    /// Who ordered (administrators' views).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buyer: Option<Buyer>,
    /// What happened to it and who did it (administrators' views of one order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<OrderEventView>>,
}

/// A course of an order as it was sold.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemView {
    #[serde(rename = "_id")]
    pub id: String,
    /// The course, or the mentorship plan when `kind` is `mentorship_plan`.
    pub course_id: String,
    /// `course` or `mentorship_plan`.
    pub kind: String,
    pub title: String,
    pub thumbnail: Option<String>,
    /// The course's list price at checkout.
    pub list_price: i64,
    /// What it cost at checkout (its sale price when on sale).
    pub price: i64,
    /// Its share of the coupon.
    pub discount: i64,
    /// What was paid for it: `price - discount`.
    pub paid: i64,
    pub currency: String,
    /// `active` or `refunded`.
    pub status: String,
    pub refunded_at: Option<String>,
}

/// What the browser needs to show a VietQR code and the transfer details.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInstructions {
    /// `vietqr`: a bank transfer.
    pub method: String,
    /// The receiving bank's 6-digit BIN.
    pub bank_bin: String,
    pub bank_name: String,
    pub account_number: String,
    pub account_name: String,
    /// What to transfer now (minor units; VND has none).
    pub amount: i64,
    pub currency: String,
    /// The transfer note: the order's code, exactly.
    pub note: String,
    /// When the order expires if unpaid.
    pub expires_at: String,
}

/// Who placed an order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Buyer {
    pub user_id: String,
    pub username: String,
    pub name: String,
    pub email: String,
}

/// Something that happened to an order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderEventView {
    /// `created`, `partially_paid`, `paid`, `cancelled`, `expired`, `confirmed_by_hand`, `refunded`,
    /// `coupon_over_limit` (paid after its coupon's last use was taken: the discount held; `note` names the
    /// coupon), ...
    pub kind: String,
    /// Who did it: null for the system, the bank feed or a payment gateway.
    pub actor_id: Option<String>,
    pub actor_username: Option<String>,
    pub note: String,
    pub amount: Option<i64>,
    pub created_at: String,
}

impl OrderView {
    /// The order in `lang`, with the payment instructions while it is pending and `bank` is set.
    pub fn new(order: &Order, bank: Option<&BankAccount>, lang: Lang) -> OrderView {
        let row = &order.row;
        let payment = bank.filter(|_| order.status() == OrderStatus::Pending).map(|bank| PaymentInstructions {
            method: "vietqr".to_owned(),
            bank_bin: bank.bank_bin.clone(),
            bank_name: bank.bank_name.clone(),
            account_number: bank.account_number.clone(),
            account_name: bank.account_name.clone(),
            amount: order.amount_due(),
            currency: row.currency.code().to_owned(),
            note: row.code.clone(),
            expires_at: iso(row.expires_at),
        });
        OrderView {
            id: row.id.clone(),
            code: row.code.clone(),
            status: row.status.as_str().to_owned(),
            currency: row.currency.code().to_owned(),
            subtotal: row.subtotal,
            discount_total: row.discount_total,
            total_amount: row.total,
            amount_received: row.amount_received,
            amount_due: order.amount_due(),
            amount_refunded: row.amount_refunded,
            coupon_code: row.coupon_code.clone(),
            payment_method: row.payment_method.as_str().to_owned(),
            created_at: iso(row.created_at),
            expires_at: iso(row.expires_at),
            paid_at: row.paid_at.map(iso),
            closed_at: row.closed_at.map(iso),
            refunded_at: row.refunded_at.map(iso),
            items: order.items.iter().map(|item| OrderItemView::new(item, lang)).collect(),
            payment,
            buyer: None,
            events: None,
        }
    }

    pub fn with_buyer(mut self, buyer: Option<BuyerRow>) -> OrderView {
        self.buyer = buyer.map(|b| Buyer {
            name: academy_shared::names::full_name(b.first_name.as_deref(), b.last_name.as_deref(), &b.username),
            user_id: b.id,
            username: b.username,
            email: b.email,
        });
        self
    }

    pub fn with_events(mut self, events: Vec<OrderEventRow>) -> OrderView {
        self.events = Some(
            events
                .into_iter()
                .map(|e| OrderEventView {
                    kind: e.kind.as_str().to_owned(),
                    actor_id: e.actor_id,
                    actor_username: e.actor_username,
                    note: e.note,
                    amount: e.amount,
                    created_at: iso(e.created_at),
                })
                .collect(),
        );
        self
    }
}

impl OrderItemView {
    fn new(item: &OrderItemRow, lang: Lang) -> OrderItemView {
        OrderItemView {
            id: item.id.clone(),
            course_id: item.course_id.clone(),
            kind: item.kind.as_str().to_owned(),
            title: pick(&item.title_vi, &item.title_en, lang),
            thumbnail: item.thumbnail.clone(),
            list_price: item.list_price,
            price: item.price,
            discount: item.discount,
            paid: item.paid,
            currency: item.currency.code().to_owned(),
            status: item.status.as_str().to_owned(),
            refunded_at: item.refunded_at.map(iso),
        }
    }
}

/// A page of orders, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPageView {
    pub items: Vec<OrderView>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
}

impl OrderPageView {
    pub fn new(items: Vec<OrderView>, page: i64, page_size: i64, total: i64) -> OrderPageView {
        OrderPageView { items, page, page_size, total, total_pages: (total + page_size - 1) / page_size.max(1) }
    }
}

/// What the cart would cost with a coupon.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    pub currency: String,
    pub items: Vec<QuoteItemView>,
    pub subtotal: i64,
    pub discount_total: i64,
    pub total_amount: i64,
    /// The coupon applied, upper case; null without one.
    pub coupon_code: Option<String>,
}

/// A course of a quote.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteItemView {
    pub course_id: String,
    pub title: String,
    pub price: i64,
    pub discount: i64,
    pub paid: i64,
}

impl QuoteView {
    pub fn new(quote: &Quote, lang: Lang) -> QuoteView {
        QuoteView {
            currency: quote.currency.code().to_owned(),
            items: quote
                .lines
                .iter()
                .map(|line| QuoteItemView {
                    course_id: line.offer.id.clone(),
                    title: pick(&line.offer.title_vi, &line.offer.title_en, lang),
                    price: line.price,
                    discount: line.discount,
                    paid: line.paid(),
                })
                .collect(),
            subtotal: quote.subtotal(),
            discount_total: quote.discount_total(),
            total_amount: quote.total(),
            coupon_code: quote.coupon.as_ref().map(|c| c.code.clone()),
        }
    }
}
