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
