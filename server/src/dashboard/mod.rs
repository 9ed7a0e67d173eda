//! The dashboard's home: what each role looks at first, in one request. Administrators: revenue (read from the
//! ledger as the sales reports read it), orders, new students and what waits for them (transfers to review,
//! payout requests, unread messages). Teachers: their earnings (finance's balance figures), students, rating,
//! sales this month against last, the week ahead, latest reviews and what is left to set up. Staff: the inboxes,
//! material changed lately and the week's new users.

pub mod repo;
pub mod routes;
pub mod service;
pub mod views;

/// Every route of this domain (the dashboard's home); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
