//! Finance: what teachers earned and how they are paid. Balances are read from the ledger that commerce writes
//! ([`balance`]); teachers keep payout accounts ([`accounts`]) and ask for payouts that an administrator pays,
//! rejects or marks failed ([`requests`]) or sends through payOS ([`sending`], [`payos`]), all recorded in the
//! same ledger; a teacher's statement and the administrators' table of balances ([`statement`]); the yearly
//! withholding statement ([`withholding`]); the payout settings ([`settings`]).
//!
//! Use cases return a [`FinanceError`](error::FinanceError); [`routes`] turns it into the API's answer.

pub mod accounts;
pub mod balance;
pub mod error;
pub mod payos;
pub mod repo;
pub mod requests;
pub mod routes;
pub mod sending;
pub mod settings;
pub mod statement;
pub mod views;
pub mod withholding;

use academy_shared::Lang;

/// A text kept in both languages, in `lang` (the other one when it is empty).
pub(crate) fn pick(vi: &str, en: &str, lang: Lang) -> String {
    let text = lang.pick(vi, en);
    if text.is_empty() { lang.pick(en, vi) } else { text }.to_owned()
}

/// Every route of this domain (balances, payout accounts, payouts, statements); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
