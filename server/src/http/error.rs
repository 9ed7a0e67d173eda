//! The one error type of the API and its envelope `{code, message, result: {message, fields?}}`.
//!
//! Handlers return `Result<_, ApiError>`; `?` converts database and internal errors. Texts are kept in both
//! languages and the one matching the request's `Accept-Language` is sent (see [`localize_errors`]).

use std::collections::BTreeMap;

use academy_shared::{
    envelope::Envelope,
    i18n::Lang,
    validation::{Field, FieldErrors, Message},
};
use axum::{
    body::Body,
    extract::{
        Request,
        rejection::{JsonRejection, PathRejection, QueryRejection},
    },
    http::{HeaderMap, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::text::Text;

/// Everything that can go wrong in a request, each mapped to an HTTP status and an application code.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 / 1001: the request cannot be read (malformed JSON, bad query...). `detail` is the parser's own
    /// words: logged at debug level, never sent (they describe our types, not the person's mistake).
    #[error("bad request: {message:?}")]
    BadRequest { message: Text, detail: Option<String> },
    /// 413 / 1001: the body is larger than the route accepts.
    #[error("payload too large")]
    PayloadTooLarge(Text),
    /// 415 / 1001: the body is not of a type the route accepts (read from its content).
    #[error("unsupported media type")]
    UnsupportedMediaType(Text),
    /// 401 / 1002: no valid credentials.
    #[error("unauthenticated")]
    Unauthenticated(Text),
    /// 403 / 1003: authenticated but not allowed.
    #[error("forbidden")]
    Forbidden(Text),
    /// 404 / 1004.
    #[error("not found")]
    NotFound(Text),
    /// 409 / 1005: e.g. a unique value already taken.
    #[error("conflict")]
    Conflict(Text),
    /// 422 / 1006: readable but invalid; `fields` maps a field name to its message.
    #[error("unprocessable: {message:?}")]
    Unprocessable { message: Text, fields: BTreeMap<String, Text> },
    /// 429 / 1007.
    #[error("too many requests")]
    TooManyRequests(Text),
    /// 429 / 1007 with `Retry-After`: a rate limit's window has this many seconds left.
    #[error("rate limited for {retry_after_secs} s")]
    RateLimited { message: Text, retry_after_secs: u64 },
    /// 503 / 9999: a dependency (the database) is down.
    #[error("service unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// 507 / 9999: there is no room left to store what the request sends (an upload on a full disk).
    #[error("insufficient storage")]
    InsufficientStorage(Text),
    /// 500 / 9999: a bug or an unexpected failure. Logged with its cause chain, never shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Application codes of the envelope (brief: 1001–1007, 9999).
pub mod code {
    pub const BAD_REQUEST: i32 = 1001;
    pub const UNAUTHENTICATED: i32 = 1002;
    pub const FORBIDDEN: i32 = 1003;
    pub const NOT_FOUND: i32 = 1004;
    pub const CONFLICT: i32 = 1005;
    pub const UNPROCESSABLE: i32 = 1006;
    pub const TOO_MANY_REQUESTS: i32 = 1007;
    pub const INTERNAL: i32 = 9999;
}

impl ApiError {
    /// 400 with a text and no technical detail.
    pub fn bad_request(message: Text) -> ApiError {
        ApiError::BadRequest { message, detail: None }
    }

    /// 401 with the generic "please sign in" text.
    pub fn unauthenticated() -> ApiError {
        ApiError::Unauthenticated(texts::unauthenticated())
    }

    /// 403 with the generic "no permission" text.
    pub fn forbidden() -> ApiError {
        ApiError::Forbidden(texts::forbidden())
    }

    /// 429 with the generic "try again later" text.
    pub fn too_many_requests() -> ApiError {
        ApiError::TooManyRequests(texts::too_many_requests())
    }

    /// 404 with the generic "not found" text.
    pub fn not_found() -> ApiError {
        ApiError::NotFound(texts::not_found())
    }

    /// 422 with per-field messages. The overall message is the first field's text, so a client showing only
    /// `result.message` shows the cause; the generic "check your input" when no field is named.
    pub fn invalid_fields(fields: impl IntoIterator<Item = (String, Text)>) -> ApiError {
        let fields: Vec<(String, Text)> = fields.into_iter().collect();
        let message = fields.first().map_or_else(texts::invalid_input, |(_, text)| text.clone());
        ApiError::Unprocessable { message, fields: fields.into_iter().collect() }
    }

    /// 422 naming one field, its text also the overall message.
    pub fn invalid_field(field: &str, text: Text) -> ApiError {
        ApiError::invalid_fields([(field.to_owned(), text)])
    }

    /// 422 naming `field` with a shared rule's refusal.
    pub fn refused(field: &str, error: impl Message) -> ApiError {
        ApiError::invalid_field(field, message_text(error))
    }

    /// 422 naming `field` when `value` (a query parameter) is longer than `max` characters, with the shared
    /// rule's text.
    pub fn check_length(field: &str, value: Option<&str>, max: usize) -> Result<(), ApiError> {
        use academy_shared::Message as _;
        match value.map(|v| academy_shared::limits::check_max(v, max)) {
            Some(Err(error)) => Err(ApiError::Unprocessable {
                message: Text::localized(|lang| error.message(lang)),
                fields: [(field.to_owned(), Text::localized(|lang| error.message(lang)))].into_iter().collect(),
            }),
            _ => Ok(()),
        }
    }

    /// Wraps any error as an internal one.
    pub fn internal(error: impl Into<anyhow::Error>) -> ApiError {
        ApiError::Internal(error.into())
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooManyRequests(_) | ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::InsufficientStorage(_) => StatusCode::INSUFFICIENT_STORAGE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The application code of the envelope.
    pub fn code(&self) -> i32 {
        match self {
            ApiError::BadRequest { .. } | ApiError::PayloadTooLarge(_) | ApiError::UnsupportedMediaType(_) => {
                code::BAD_REQUEST
            }
            ApiError::Unauthenticated(_) => code::UNAUTHENTICATED,
            ApiError::Forbidden(_) => code::FORBIDDEN,
            ApiError::NotFound(_) => code::NOT_FOUND,
            ApiError::Conflict(_) => code::CONFLICT,
            ApiError::Unprocessable { .. } => code::UNPROCESSABLE,
            ApiError::TooManyRequests(_) | ApiError::RateLimited { .. } => code::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::InsufficientStorage(_) | ApiError::Internal(_) => code::INTERNAL,
        }
    }

    /// What the client is told: never the internal cause.
    fn public_parts(&self) -> ErrorParts {
        let (message, fields) = match self {
            ApiError::BadRequest { message, .. } => (message.clone(), BTreeMap::new()),
            ApiError::Unprocessable { message, fields } => (message.clone(), fields.clone()),
            ApiError::PayloadTooLarge(m)
            | ApiError::UnsupportedMediaType(m)
            | ApiError::Unauthenticated(m)
            | ApiError::Forbidden(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::TooManyRequests(m)
            | ApiError::InsufficientStorage(m)
            | ApiError::RateLimited { message: m, .. } => (m.clone(), BTreeMap::new()),
            ApiError::Unavailable(_) => (texts::unavailable(), BTreeMap::new()),
            ApiError::Internal(_) => (texts::internal(), BTreeMap::new()),
        };
        ErrorParts { status: self.status(), code: self.code(), message, fields }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> ApiError {
        match &error {
            sqlx::Error::RowNotFound => ApiError::not_found(),
            sqlx::Error::Database(db) if db.is_unique_violation() => ApiError::Conflict(texts::already_exists()),
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => ApiError::Conflict(texts::still_referenced()),
            sqlx::Error::Database(db) if db.is_check_violation() => {
                ApiError::Unprocessable { message: texts::invalid_input(), fields: BTreeMap::new() }
            }
            // PostgreSQL stores no NUL character in text (22021) nor text it cannot convert (22P05): a value sent
            // with one cannot be read as the request meant it.
            sqlx::Error::Database(db) if matches!(db.code().as_deref(), Some("22021" | "22P05")) => {
                ApiError::bad_request(texts::bad_request())
            }
            _ if crate::platform::db::is_unavailable(&error) => ApiError::Unavailable(error.into()),
            _ => ApiError::Internal(anyhow::Error::new(error).context("database error")),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let detail = Some(rejection.body_text());
        match rejection {
            JsonRejection::JsonDataError(_) => {
                tracing::debug!(detail = detail.as_deref().unwrap_or_default(), "request body refused");
                ApiError::Unprocessable {
                    message: Text::new(
                        "Dữ liệu gửi lên không đúng định dạng yêu cầu.",
                        "The request body does not have the expected fields or types.",
                    ),
                    fields: BTreeMap::new(),
                }
            }
            JsonRejection::MissingJsonContentType(_) => ApiError::BadRequest {
                message: Text::new(
                    "Yêu cầu phải gửi dữ liệu JSON (Content-Type: application/json).",
                    "The request must send JSON (Content-Type: application/json).",
                ),
                detail,
            },
            JsonRejection::BytesRejection(_) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::PayloadTooLarge(texts::too_large())
            }
            _ => ApiError::BadRequest {
                message: Text::new("Dữ liệu JSON không hợp lệ.", "The request body is not valid JSON."),
                detail,
            },
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::BadRequest {
            message: Text::new("Tham số truy vấn không hợp lệ.", "The query parameters are not valid."),
            detail: Some(rejection.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> ApiError {
        ApiError::BadRequest {
            message: Text::new("Đường dẫn không hợp lệ.", "The path parameters are not valid."),
            detail: Some(rejection.body_text()),
        }
    }
}

/// The public content of an error response, kept as a response extension so [`localize_errors`] can render it
/// in the request's language.
#[derive(Debug, Clone)]
pub(crate) struct ErrorParts {
    status: StatusCode,
    code: i32,
    message: Text,
    fields: BTreeMap<String, Text>,
}

impl ErrorParts {
    fn render(&self, lang: Lang) -> Response {
        let message = self.message.get(lang).to_owned();
        let fields = (!self.fields.is_empty())
            .then(|| self.fields.iter().map(|(k, v)| (k.clone(), v.get(lang).to_owned())).collect());
        let body = ErrorEnvelope { code: self.code, message: message.clone(), result: ErrorResult { message, fields } };
        let mut response = (self.status, axum::Json(body)).into_response();
        response.extensions_mut().insert(self.clone());
        response
    }
}

/// Seconds a client is asked to wait (`Retry-After`) before repeating a request answered 503.
pub const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 5;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let this = self.unavailable_when_the_database_is();
        match &this {
            ApiError::Internal(cause) => tracing::error!(error = format!("{cause:#}"), "internal error"),
            ApiError::Unavailable(cause) => tracing::warn!(error = format!("{cause:#}"), "service unavailable"),
            ApiError::BadRequest { detail: Some(detail), .. } => {
                tracing::debug!(status = %this.status(), error = %this, detail = %detail, "request failed");
            }
            _ => tracing::debug!(status = %this.status(), error = %this, "request failed"),
        }
        // Vietnamese unless the localize_errors middleware re-renders it for the request's language.
        let mut response = this.public_parts().render(Lang::default());
        match this {
            ApiError::RateLimited { retry_after_secs, .. } => {
                response.headers_mut().insert(header::RETRY_AFTER, retry_after_secs.into());
            }
            ApiError::Unavailable(_) => {
                response.headers_mut().insert(header::RETRY_AFTER, UNAVAILABLE_RETRY_AFTER_SECS.into());
            }
            _ => {}
        }
        response
    }
}

impl ApiError {
    /// An internal error caused, somewhere in its chain, by the database being unreachable (a domain error
    /// wrapping it, a service's `anyhow` context) is a 503 like the database error itself.
    fn unavailable_when_the_database_is(self) -> ApiError {
        match self {
            ApiError::Internal(cause)
                if cause
                    .chain()
                    .any(|e| e.downcast_ref::<sqlx::Error>().is_some_and(crate::platform::db::is_unavailable)) =>
            {
                ApiError::Unavailable(cause)
            }
            other => other,
        }
    }
}

/// The error envelope as sent (documented in the OpenAPI document).
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    /// Application error code: 1001 bad request, 1002 unauthenticated, 1003 forbidden, 1004 not found,
    /// 1005 conflict, 1006 unprocessable, 1007 too many requests, 9999 internal.
    #[schema(example = 1004)]
    pub code: i32,
    /// The same text as `result.message`, in the request's language.
    pub message: String,
    pub result: ErrorResult,
}

/// The `result` of an error envelope: the text to show, and per-field texts for forms.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorResult {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

/// Middleware: renders error envelopes in the request's language, and turns the bare error responses of axum
/// and tower (405, 408, 413...) into envelopes too.
pub async fn localize_errors(request: Request, next: Next) -> Response {
    let lang = super::language::lang_of(request.headers());
    let response = next.run(request).await;
    if let Some(parts) = response.extensions().get::<ErrorParts>() {
        if lang == Lang::default() {
            return response;
        }
        let parts = parts.clone();
        let (head, _) = response.into_parts();
        let mut localized = parts.render(lang);
        copy_headers(&head.headers, &mut localized);
        return localized;
    }
    let status = response.status();
    let is_bare_error = (status.is_client_error() || status.is_server_error())
        && !response.headers().contains_key(header::CONTENT_TYPE);
    if !is_bare_error {
        return response;
    }
    let (code, message) = match status {
        StatusCode::METHOD_NOT_ALLOWED => (
            code::BAD_REQUEST,
            Text::new("Phương thức không được hỗ trợ cho đường dẫn này.", "This method is not allowed on this path."),
        ),
        StatusCode::REQUEST_TIMEOUT => (
            code::INTERNAL,
            Text::new("Yêu cầu xử lý quá lâu, vui lòng thử lại.", "The request took too long; please try again."),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (code::BAD_REQUEST, texts::too_large()),
        StatusCode::NOT_FOUND => (code::NOT_FOUND, texts::not_found()),
        s if s.is_server_error() => (code::INTERNAL, texts::internal()),
        _ => (code::BAD_REQUEST, texts::bad_request()),
    };
    let (head, _) = response.into_parts();
    let mut enveloped = ErrorParts { status, code, message, fields: BTreeMap::new() }.render(lang);
    copy_headers(&head.headers, &mut enveloped);
    enveloped
}

/// Keeps headers set by inner layers (e.g. `allow`, `retry-after`) apart from the body's own.
fn copy_headers(from: &HeaderMap, to: &mut Response) {
    for (name, value) in from {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            to.headers_mut().insert(name.clone(), value.clone());
        }
    }
}

/// A successful envelope body as JSON, the form every handler returns.
pub fn ok_body<T: Serialize>(result: T) -> axum::Json<Envelope<T>> {
    axum::Json(Envelope::ok(result))
}

/// A shared rule's refusal as a text in both languages.
pub fn message_text(error: impl Message) -> Text {
    Text::localized(move |lang| error.message(lang))
}

/// The refusals of a form checked by a shared rule: 422 naming each refused field.
impl<F: Field, E: Message + Clone> From<&FieldErrors<F, E>> for ApiError {
    fn from(errors: &FieldErrors<F, E>) -> ApiError {
        ApiError::invalid_fields(
            errors.iter().map(|(field, error)| (field.name().to_owned(), message_text(error.clone()))),
        )
    }
}

/// Texts used by more than one error.
pub mod texts {
    use super::Text;

    pub fn not_found() -> Text {
        Text::new("Không tìm thấy tài nguyên yêu cầu.", "The requested resource was not found.")
    }
    pub fn already_exists() -> Text {
        Text::new("Dữ liệu này đã tồn tại.", "This already exists.")
    }
    pub fn still_referenced() -> Text {
        Text::new(
            "Không thể thực hiện vì dữ liệu đang được tham chiếu.",
            "This cannot be done because other data refers to it.",
        )
    }
    pub fn invalid_input() -> Text {
        Text::new("Vui lòng kiểm tra lại dữ liệu nhập.", "Please check the data you entered.")
    }
    pub fn bad_request() -> Text {
        Text::new("Yêu cầu không hợp lệ.", "The request is not valid.")
    }
    pub fn bad_paging() -> Text {
        Text::new("Số trang và kích thước trang phải là số nguyên.", "The page and page size must be whole numbers.")
    }
    pub fn too_large() -> Text {
        Text::new("Dữ liệu gửi lên quá lớn.", "The request body is too large.")
    }
    pub fn unauthenticated() -> Text {
        Text::new("Vui lòng đăng nhập để tiếp tục.", "Please sign in to continue.")
    }
    pub fn forbidden() -> Text {
        Text::new("Bạn không có quyền thực hiện thao tác này.", "You do not have permission to do this.")
    }
    pub fn too_many_requests() -> Text {
        Text::new("Bạn thao tác quá nhanh, vui lòng thử lại sau.", "Too many requests; please try again later.")
    }
    pub fn internal() -> Text {
        Text::new("Đã có lỗi xảy ra. Vui lòng thử lại sau.", "Something went wrong. Please try again later.")
    }
    pub fn unavailable() -> Text {
        Text::new(
            "Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau.",
            "The service is temporarily unavailable. Please try again later.",
        )
    }
}

/// Builds an error response without a request (e.g. from a fallback service), in the given language.
pub(crate) fn render_in(error: ApiError, lang: Lang) -> Response<Body> {
    let response = error.into_response();
    match response.extensions().get::<ErrorParts>() {
        Some(parts) if lang != Lang::default() => {
            let mut localized = parts.clone().render(lang);
            copy_headers(response.headers(), &mut localized);
            localized
        }
        _ => response,
    }
}

#[cfg(test)]
mod tests;
