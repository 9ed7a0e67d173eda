//! Carts, checkout, payments (bank feed, VNPay), coupons, the ledger and the administrators' acts on money.

mod admin;
mod cart;
mod checkout;
mod coupons;
mod demo;
mod demo_purchases;
pub(crate) mod fixtures;
mod ledger;
mod payments;
mod promotions;
mod referrals;
mod safety;
mod vnpay;
