//! The commerce domain's SQL, one module per table group; the only place of its queries.

pub mod ledger;
