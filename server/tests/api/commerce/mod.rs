//! Carts, checkout, payments (bank feed, VNPay), coupons, the ledger and the administrators' acts on money.

mod admin;
mod cart;
mod checkout;
mod coupons;
mod demo;
pub(crate) mod fixtures;
mod ledger;
mod payments;
mod safety;
mod vnpay;
