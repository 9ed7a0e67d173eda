//! Sales reports, and the check that their day sums are the ledger's entries (shared with the money tests).

pub(crate) mod fixtures;
mod sales;
