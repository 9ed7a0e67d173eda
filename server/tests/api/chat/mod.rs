//! Chat between a mentee and the mentor of a booking, and the conversations they report.

mod conversations;
mod reports;

pub(crate) use conversations::{pair, send};
