//! Sales reports read from the ledger: what sold, was discounted and refunded, and how the money was shared
//! between teachers and the platform, over a range of days in Vietnam, grouped by day, week or month, ranked per
//! course or plan (and, for administrators, per teacher and category), against the period before.
//!
//! A sale counts on the day its ledger transaction was posted, a refund on the day it was; the amounts of each line
//! are those of its order item, which the ledger's entries of that transaction are made of (a teacher's share
//! credited to `teacher:<id>`, the commission to the platform's revenue), so the reports and the teachers'
//! statements add up to the same money. The ledger adds each sale and refund to the reports' day sums
//! ([`day_sums`]) as it posts them; the reports read those rows, not the entries.

pub mod day_sums;
pub mod error;
pub mod repo;
pub mod routes;
pub mod service;
pub mod views;

/// Every route of this domain (sales reports); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
