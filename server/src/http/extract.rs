//! Extractors that answer in the API's envelope when the request cannot be read, and the request's language.

use std::convert::Infallible;

use academy_shared::i18n::Lang;
use axum::{
    extract::{FromRequest, FromRequestParts},
    http::request::Parts,
    response::{IntoResponse, Response},
};

use super::{error::ApiError, language::lang_of};

/// The language the client asked for; use it to pick texts in handlers (`Language(lang): Language`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for Language {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Language(lang_of(&parts.headers)))
    }
}

/// JSON body in, JSON out. Unlike `axum::Json`, a malformed body or a wrong content type is answered with the
/// error envelope (400 / 422) in the request's language.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Query string parameters; unreadable ones are answered with a 400 envelope.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// Path parameters; unreadable ones are answered with a 400 envelope.
#[derive(Debug, Clone, Copy, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// The most items a page of any list holds.
pub const MAX_PAGE_SIZE: i64 = 100;

/// The last page number a list reads: a later one, however many digits it has, is read as this one, which is
/// past every list's end and so empty. Offsets stay below 10^10, far from overflowing.
pub const MAX_PAGE: i64 = 100_000_000;

/// `?page=` (1-based) and `?pageSize=` of a list, `DEFAULT_SIZE` items per page unless the client asks for
/// another size. A page below 1 is the first, a page past [`MAX_PAGE`] is empty, a size is kept within
/// 1..=[`MAX_PAGE_SIZE`]; a value that is not a whole number is answered with a 400 in the request's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pagination<const DEFAULT_SIZE: i64> {
    pub page: i64,
    pub page_size: i64,
}

impl<const DEFAULT_SIZE: i64> Pagination<DEFAULT_SIZE> {
    /// Reads the two raw values (absent or empty: page 1, the default size).
    pub fn parse(page: Option<&str>, page_size: Option<&str>) -> Option<Self> {
        let page = match page.map(str::trim).filter(|p| !p.is_empty()) {
            Some(text) => whole_number(text)?.clamp(1, MAX_PAGE),
            None => 1,
        };
        let page_size = match page_size.map(str::trim).filter(|s| !s.is_empty()) {
            Some(text) => whole_number(text)?,
            None => DEFAULT_SIZE,
        };
        Some(Pagination { page, page_size: page_size.clamp(1, MAX_PAGE_SIZE) })
    }

    /// How many items come before this page.
    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.page_size
    }
}

/// An optionally signed run of ASCII digits; values beyond `i64` saturate (any of them is out of range of a
/// page anyway).
fn whole_number(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match digits.parse::<i64>() {
        Ok(n) if negative => -n,
        Ok(n) => n,
        Err(_) if negative => i64::MIN,
        Err(_) => i64::MAX,
    })
}

/// The raw paging values of a query string; other parameters are the handler's.
#[derive(Debug, serde::Deserialize)]
struct RawPagination {
    page: Option<String>,
    #[serde(rename = "pageSize")]
    page_size: Option<String>,
}

impl<S: Send + Sync, const DEFAULT_SIZE: i64> FromRequestParts<S> for Pagination<DEFAULT_SIZE> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let raw = axum::extract::Query::<RawPagination>::from_request_parts(parts, state).await;
        raw.ok()
            .and_then(|axum::extract::Query(raw)| Pagination::parse(raw.page.as_deref(), raw.page_size.as_deref()))
            .ok_or_else(|| ApiError::bad_request(super::error::texts::bad_paging()))
    }
}

impl<const DEFAULT_SIZE: i64> utoipa::IntoParams for Pagination<DEFAULT_SIZE> {
    fn into_params(
        parameter_in_provider: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        use utoipa::openapi::{ObjectBuilder, Type, path::ParameterBuilder};
        let integer = |minimum: i64, maximum: Option<i64>, default: i64| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
                .minimum(Some(minimum))
                .maximum(maximum)
                .default(Some(default.into()))
        };
        let place = parameter_in_provider().unwrap_or(utoipa::openapi::path::ParameterIn::Query);
        vec![
            ParameterBuilder::new()
                .name("page")
                .parameter_in(place.clone())
                .description(Some("1-based page (default 1); a page past the last one is empty."))
                .schema(Some(integer(1, None, 1)))
                .build(),
            ParameterBuilder::new()
                .name("pageSize")
                .parameter_in(place)
                .description(Some(format!("Items per page, 1–{MAX_PAGE_SIZE} (default {DEFAULT_SIZE}).")))
                .schema(Some(integer(1, Some(MAX_PAGE_SIZE), DEFAULT_SIZE)))
                .build(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Twelve = Pagination<12>;

    #[test]
    fn absent_or_empty_values_are_the_first_page_of_the_default_size() {
        assert_eq!(Twelve::parse(None, None), Some(Pagination { page: 1, page_size: 12 }));
        assert_eq!(Twelve::parse(Some(""), Some(" ")), Some(Pagination { page: 1, page_size: 12 }));
    }

    #[test]
    fn pages_below_one_are_the_first_and_pages_beyond_the_last_readable_one_are_that_one() {
        let page = |text| Twelve::parse(Some(text), None).map(|p| p.page);
        assert_eq!(page("0"), Some(1));
        assert_eq!(page("-7"), Some(1));
        assert_eq!(page("+3"), Some(3));
        assert_eq!(page("9223372036854775807"), Some(MAX_PAGE));
        assert_eq!(page("-9223372036854775809"), Some(1));
        assert_eq!(page("123456789012345678901234567890"), Some(MAX_PAGE));
    }

    #[test]
    fn the_offset_of_the_last_readable_page_does_not_overflow() {
        let last = Pagination::<100>::parse(Some("9223372036854775807"), Some("100")).expect("a page");
        assert_eq!(last.offset(), (MAX_PAGE - 1) * 100);
    }

    #[test]
    fn sizes_are_kept_between_one_and_one_hundred() {
        let size = |text| Twelve::parse(None, Some(text)).map(|p| p.page_size);
        let sizes = [size("0"), size("-4"), size("55"), size("101"), size("99999999999999999999")];
        assert_eq!(sizes, [Some(1), Some(1), Some(55), Some(100), Some(100)]);
    }

    #[test]
    fn anything_but_a_whole_number_is_refused() {
        for text in ["abc", "1.5", "1e3", "--1", "-", "+", "0x10", "١"] {
            assert_eq!(Twelve::parse(Some(text), None), None, "{text}");
            assert_eq!(Twelve::parse(None, Some(text)), None, "{text}");
        }
    }
}
