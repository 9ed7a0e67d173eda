//! The dashboard's inboxes of what visitors sent (administrators and staff): `/api/dashboard/contact-messages`
//! and `/api/dashboard/admission-messages`, searched, filtered by read or unread, and marked read.

use academy_shared::limits::SEARCH_MAX_CHARS;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Pagination, Path, Query, ok,
    repo::{self, Inbox, InboxQuery},
};
use crate::{
    catalogue::routes::courses::{Page, iso},
    http::{Allowed, Staff},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_inbox)).routes(routes!(mark_message))
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InboxParams {
    /// Words to find in name, e-mail, phone, subject or course, and message (marks ignored).
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// `true`: read only; `false`: unread only.
    pub read: Option<bool>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMessage {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    /// The subject (contact) or the course name (admission).
    pub subject: String,
    pub message: String,
    pub is_read: bool,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxPage {
    #[serde(flatten)]
    pub page: Page<InboxMessage>,
    pub unread: i64,
}

fn inbox_of(name: &str) -> Result<Inbox, ApiError> {
    match name {
        "contact-messages" => Ok(Inbox::Contact),
        "admission-messages" => Ok(Inbox::Admission),
        _ => Err(ApiError::not_found()),
    }
}

/// One page of the contact or admission inbox, newest first.
#[utoipa::path(
    get,
    path = "/api/dashboard/{inbox}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(
        ("inbox" = String, Path, description = "`contact-messages` or `admission-messages`", example = "contact-messages"),
        InboxParams,
        Pagination<20>,
    ),
    responses((status = 200, description = "Messages", body = super::Envelope<InboxPage>))
)]
pub async fn list_inbox(
    State(state): State<AppState>,
    _: Allowed<Staff>,
    Path(inbox): Path<String>,
    Query(params): Query<InboxParams>,
    paging: Pagination<20>,
) -> ApiResult<InboxPage> {
    let inbox = inbox_of(&inbox)?;
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let (page, size) = (paging.page, paging.page_size);
    let query = InboxQuery { search: params.search, read: params.read, limit: size, offset: paging.offset() };
    let (rows, total, unread) = repo::list(&state.pool, inbox, &query).await?;
    let items = rows
        .into_iter()
        .map(|r| InboxMessage {
            id: r.id,
            name: r.name,
            email: r.email,
            phone: r.phone,
            subject: r.subject,
            message: r.message,
            is_read: r.is_read.get(),
            created_at: iso(r.created_at),
        })
        .collect();
    Ok(ok(InboxPage { page: Page::new(items, page, size, total), unread }))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ReadBody {
    pub read: bool,
}

/// Marks a message read or unread.
#[utoipa::path(
    put,
    path = "/api/dashboard/{inbox}/{id}/read",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(
        ("inbox" = String, Path, description = "`contact-messages` or `admission-messages`", example = "contact-messages"),
        ("id" = String, Path, description = "Message id"),
    ),
    request_body = ReadBody,
    responses((status = 200, description = "Saved", body = super::Envelope<bool>))
)]
pub async fn mark_message(
    State(state): State<AppState>,
    _: Allowed<Staff>,
    Path((inbox, id)): Path<(String, String)>,
    Json(body): Json<ReadBody>,
) -> ApiResult<bool> {
    if !repo::set_read(&state.pool, inbox_of(&inbox)?, &id, body.read).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}
