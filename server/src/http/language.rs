//! The request's language, from `Accept-Language`: the [`Language`](super::Language) handlers pick texts in, and
//! the one error envelopes are rendered in.

use academy_shared::i18n::Lang;
use axum::http::{HeaderMap, header};

/// The request's language from `Accept-Language` (Vietnamese when absent or unsupported).
pub fn lang_of(headers: &HeaderMap) -> Lang {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(Lang::from_accept_language)
        .unwrap_or_default()
}
