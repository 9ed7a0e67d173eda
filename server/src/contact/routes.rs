//! What visitors send: `POST /api/contact/admissionMessage` (answered with an `ok` flag and, on failure, an
//! `error` text) and `POST /api/contact/message` (the contact page), both stored for the dashboard's inboxes.
//!
//! Their bodies carry the envelope's `code`, `message` and `result` beside `ok`/`error`, so both readings work.
//! Each client address may send a few of each in a quarter of an hour ([`Limit::ContactMessage`],
//! [`Limit::AdmissionMessage`]); every request counts, read or not.

use std::{collections::BTreeMap, net::IpAddr};

use academy_shared::{
    contact::{AdmissionForm, ContactError, ContactField, ContactForm, validate_admission, validate_contact},
    i18n::Lang,
    validation::FieldErrors,
};
use axum::{
    extract::{FromRequest, Request, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, Language, error::code, repo};
use crate::{
    http::ClientAddr,
    identity::rate_limit::{Limit, Subject},
    platform::db::Pool,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_admission_message)).routes(routes!(send_contact_message))
}

/// The answer of the contact calls: `ok`, and on failure `error` (the text to show) with per-field texts.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SendResult {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// 1000 on success, else the error code.
    pub code: i32,
    pub message: String,
    pub result: SendDetail,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SendDetail {
    /// The stored message's id (success only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

/// The body of `POST /api/contact/admissionMessage` (documentation of `academy_shared::contact::AdmissionForm`).
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code, reason = "documentation mirror")]
pub struct AdmissionBody {
    name: String,
    email: String,
    phone: String,
    course_name: String,
    message: Option<String>,
}

/// The body of `POST /api/contact/message` (documentation of `academy_shared::contact::ContactForm`).
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documentation mirror")]
pub struct ContactBody {
    name: String,
    email: String,
    phone: Option<String>,
    subject: Option<String>,
    message: String,
}

fn sent(id: String, lang: Lang) -> Response {
    let message = lang.pick("Đã gửi tin nhắn thành công", "Message sent successfully").to_owned();
    let body = SendResult {
        ok: true,
        error: None,
        code: 1000,
        message,
        result: SendDetail { id: Some(id), message: None, fields: None },
    };
    (StatusCode::OK, axum::Json(body)).into_response()
}

fn failed(status: StatusCode, code: i32, message: String, fields: Option<BTreeMap<String, String>>) -> Response {
    let error = match &fields {
        // The first field's text is the most useful single line for a toast.
        Some(fields) => fields.values().next().cloned().unwrap_or_else(|| message.clone()),
        None => message.clone(),
    };
    let body = SendResult {
        ok: false,
        error: Some(error),
        code,
        message: message.clone(),
        result: SendDetail { id: None, message: Some(message), fields },
    };
    (status, axum::Json(body)).into_response()
}

fn invalid(errors: &FieldErrors<ContactField, ContactError>, lang: Lang) -> Response {
    let message = lang.pick("Vui lòng kiểm tra lại dữ liệu nhập.", "Please check the data you entered.").to_owned();
    failed(StatusCode::UNPROCESSABLE_ENTITY, code::UNPROCESSABLE, message, Some(errors.messages(lang)))
}

/// Reads a JSON body, answering an unreadable one in this endpoint's shape.
async fn read_json<T: serde::de::DeserializeOwned>(request: Request, lang: Lang) -> Result<T, Response> {
    match axum::Json::<T>::from_request(request, &()).await {
        Ok(axum::Json(value)) => Ok(value),
        Err(rejection) => {
            let error = ApiError::from(rejection);
            let message = match error.status() {
                StatusCode::PAYLOAD_TOO_LARGE => lang.pick("Dữ liệu gửi lên quá lớn.", "The request is too large."),
                StatusCode::UNPROCESSABLE_ENTITY => lang.pick(
                    "Dữ liệu gửi lên không đúng định dạng yêu cầu.",
                    "The request body does not have the expected fields or types.",
                ),
                _ => lang.pick("Dữ liệu JSON không hợp lệ.", "The request body is not valid JSON."),
            };
            Err(failed(error.status(), error.code(), message.to_owned(), None))
        }
    }
}

/// Counts the message against the sender's address; over the limit, a 429 in this endpoint's shape.
async fn within_limit(state: &AppState, limit: Limit, ip: IpAddr, lang: Lang) -> Result<(), Response> {
    match crate::http::rate_limit::check(state, limit, Subject::Address(ip)).await {
        Ok(()) => Ok(()),
        Err(ApiError::RateLimited { message, retry_after_secs }) => {
            let mut response =
                failed(StatusCode::TOO_MANY_REQUESTS, code::TOO_MANY_REQUESTS, message.get(lang).to_owned(), None);
            response.headers_mut().insert(header::RETRY_AFTER, retry_after_secs.into());
            Err(response)
        }
        Err(ApiError::Unavailable(e)) => {
            tracing::error!(error = format!("{e:#}"), "counting a visitor's message failed");
            Err(unavailable(lang))
        }
        Err(ApiError::Internal(e)) => {
            tracing::error!(error = format!("{e:#}"), "counting a visitor's message failed");
            Err(went_wrong(lang))
        }
        Err(other) => Err(other.into_response()),
    }
}

fn internal(error: sqlx::Error, lang: Lang) -> Response {
    tracing::error!(error = %error, "storing a visitor's message failed");
    if crate::platform::db::is_unavailable(&error) { unavailable(lang) } else { went_wrong(lang) }
}

/// 503 while the database cannot be reached: the visitor may send the same message again in a moment.
fn unavailable(lang: Lang) -> Response {
    let message = super::error::texts::unavailable().get(lang).to_owned();
    let mut response = failed(StatusCode::SERVICE_UNAVAILABLE, code::INTERNAL, message, None);
    response.headers_mut().insert(header::RETRY_AFTER, super::error::UNAVAILABLE_RETRY_AFTER_SECS.into());
    response
}

fn went_wrong(lang: Lang) -> Response {
    let message = lang.pick("Đã có lỗi xảy ra. Vui lòng thử lại sau.", "Something went wrong. Please try again later.");
    failed(StatusCode::INTERNAL_SERVER_ERROR, code::INTERNAL, message.to_owned(), None)
}

/// Stores an admission message (name, email, phone, courseName, optional message).
#[utoipa::path(
    post,
    path = "/api/contact/admissionMessage",
    tag = "contact",
    request_body = AdmissionBody,
    responses(
        (status = 200, description = "Stored: `ok` is true", body = SendResult),
        (status = 422, description = "Invalid: `ok` is false, `error` and `result.fields` say why", body = SendResult),
        (status = 400, description = "Unreadable body", body = SendResult),
        (status = 429, description = "Too many messages from this address (`Retry-After`)", body = SendResult),
        (status = 503, description = "The database cannot be reached right now (`Retry-After`)", body = SendResult),
    )
)]
pub async fn send_admission_message(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    request: Request,
) -> Response {
    receive::<AdmissionForm>(&state, ip, lang, request).await
}

/// Stores a message from the contact page (name, email, optional phone and subject, message).
#[utoipa::path(
    post,
    path = "/api/contact/message",
    tag = "contact",
    request_body = ContactBody,
    responses(
        (status = 200, description = "Stored: `ok` is true", body = SendResult),
        (status = 422, description = "Invalid: `ok` is false, `error` and `result.fields` say why", body = SendResult),
        (status = 400, description = "Unreadable body", body = SendResult),
        (status = 429, description = "Too many messages from this address (`Retry-After`)", body = SendResult),
        (status = 503, description = "The database cannot be reached right now (`Retry-After`)", body = SendResult),
    )
)]
pub async fn send_contact_message(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    request: Request,
) -> Response {
    receive::<ContactForm>(&state, ip, lang, request).await
}

/// What a visitor sends: the limit it counts against, its rule in the shared crate, where it is stored.
trait VisitorMessage: serde::de::DeserializeOwned + Sized {
    const LIMIT: Limit;
    fn validate(&self) -> Result<Self, FieldErrors<ContactField, ContactError>>;
    async fn store(&self, pool: &Pool) -> Result<String, sqlx::Error>;
}

impl VisitorMessage for AdmissionForm {
    const LIMIT: Limit = Limit::AdmissionMessage;

    fn validate(&self) -> Result<Self, FieldErrors<ContactField, ContactError>> {
        validate_admission(self)
    }

    async fn store(&self, pool: &Pool) -> Result<String, sqlx::Error> {
        repo::insert_admission(pool, self).await
    }
}

impl VisitorMessage for ContactForm {
    const LIMIT: Limit = Limit::ContactMessage;

    fn validate(&self) -> Result<Self, FieldErrors<ContactField, ContactError>> {
        validate_contact(self)
    }

    async fn store(&self, pool: &Pool) -> Result<String, sqlx::Error> {
        repo::insert_contact(pool, self).await
    }
}

/// Both forms' one path: counted against the sender's address, read, checked, stored; every answer in the
/// endpoints' own shape.
async fn receive<M: VisitorMessage>(state: &AppState, ip: IpAddr, lang: Lang, request: Request) -> Response {
    if let Err(response) = within_limit(state, M::LIMIT, ip, lang).await {
        return response;
    }
    let form: M = match read_json(request, lang).await {
        Ok(form) => form,
        Err(response) => return response,
    };
    let form = match form.validate() {
        Ok(form) => form,
        Err(errors) => return invalid(&errors, lang),
    };
    match form.store(&state.pool).await {
        Ok(id) => sent(id, lang),
        Err(error) => internal(error, lang),
    }
}
