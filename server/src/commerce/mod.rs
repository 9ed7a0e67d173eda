//! Commerce: the cart and free enrolment ([`cart`]), orders and coupons, payments (VietQR bank transfers
//! confirmed by the bank feed) and the ledger that records where every amount of money is ([`ledger`]).
//!
//! Use cases return a [`CommerceError`](error::CommerceError); [`routes`] turns it into the API's answer.

pub mod admin;
pub mod bank_feed;
pub mod cart;
pub mod checkout;
pub mod coupons;
pub mod error;
pub mod ledger;
pub mod notify;
pub mod orders;
pub mod payments;
pub mod promotions;
pub mod referrals;
pub mod repo;
pub mod routes;
pub mod settings;
pub mod views;
pub mod vnpay;

/// Every route of this domain (the cart, free enrolment, checkout and orders, payments, and their administration); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new()
        .merge(routes::cart::router())
        .merge(routes::orders::router())
        .merge(routes::payments::router())
        .merge(routes::vnpay::router())
        .merge(routes::admin::router())
        .merge(routes::admin_payments::router())
        .merge(routes::promotions::router())
        .merge(routes::referrals::router())
}
