//! The commerce domain's SQL, one module per group of tables; the only place of its queries.

pub mod carts;
pub mod coupons;
pub mod enrolments;
pub mod ledger;
pub mod offers;
pub mod orders;
pub mod payments;
pub mod promotions;
pub mod referrals;

use sqlx::{Any, Transaction};

use crate::state::AppState;

/// Opens a transaction that writes (see [`crate::platform::db::begin_write`]).
pub async fn begin_write(state: &AppState) -> Result<Transaction<'static, Any>, sqlx::Error> {
    crate::platform::db::begin_write(&state.pool).await
}
