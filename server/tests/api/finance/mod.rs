//! Paying teachers: balances, payout requests and decisions, payOS, documents.

mod demo;
mod documents;
mod payos;
mod payouts;

pub(crate) use payouts::{
    account, ask, assert_ledger_balanced, decide, figures, payout_shop, payout_shop_on, teacher_with_sale,
};
