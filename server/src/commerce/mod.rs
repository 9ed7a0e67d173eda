//! Commerce: carts, orders and coupons, payments (VietQR bank transfers confirmed by the bank feed) and the
//! ledger that records where every amount of money is ([`ledger`]).

pub mod ledger;
pub mod repo;
