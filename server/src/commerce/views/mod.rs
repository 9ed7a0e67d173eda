//! The shapes commerce answers with, in the request's language: the cart ([`cart`]), orders and their payment
//! ([`orders`]), and what administrators see ([`admin`]).

pub mod admin;
pub mod cart;
pub mod orders;
pub mod promotions;

use academy_shared::i18n::Lang;

pub use cart::{CartView, EnrolmentView, MergedCart, SkippedCourse};
pub use orders::{OrderPageView, OrderView, PaymentInstructions, QuoteView};

/// A text kept in both languages, in `lang` (the other one when it is empty).
pub(crate) fn pick(vi: &str, en: &str, lang: Lang) -> String {
    let text = lang.pick(vi, en);
    if text.is_empty() { lang.pick(en, vi) } else { text }.to_owned()
}

/// An instant as RFC 3339 UTC with milliseconds.
pub(crate) fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
