//! The commerce domain's SQL, one module per group of tables; the only place of its queries.

pub mod carts;
pub mod coupons;
pub mod enrolments;
pub mod ledger;
pub mod offers;
pub mod orders;
pub mod payments;

use sqlx::{Any, Transaction};

use crate::{platform::db::Backend, state::AppState};

/// Opens a transaction that writes. On SQLite it takes the write lock at once (`begin immediate`): a transaction
/// that reads first and writes later could otherwise find that another connection wrote meanwhile and fail at
/// once instead of waiting its turn.
pub async fn begin_write(state: &AppState) -> Result<Transaction<'static, Any>, sqlx::Error> {
    match state.backend {
        Backend::Sqlite => state.pool.begin_with("begin immediate").await,
        Backend::Postgres => state.pool.begin().await,
    }
}
