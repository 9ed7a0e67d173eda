//! A signed-in person's account security: their sessions (`/auth/sessions`), ending one or every other one, and
//! changing their password (`/users/my-password`). See [`crate::identity::security`].

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, ApiResult, ClientAddr, Json, Language, Path, Text, ok};
use crate::{
    http::CurrentUser,
    identity::security::{self, PasswordChangeRefusal},
    platform::{db, time::iso},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_sessions))
        .routes(routes!(end_session))
        .routes(routes!(end_other_sessions))
        .routes(routes!(change_password))
}

/// One of the person's open sessions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInSessionView {
    pub id: String,
    /// "Chrome", "Safari"…; empty when the browser is not known.
    pub browser: String,
    /// "Windows", "Android", "iOS"…; empty when not known.
    pub system: String,
    /// The address it was opened from.
    pub address: String,
    pub signed_in_at: String,
    pub last_seen_at: String,
    /// The session this request comes from.
    pub current: bool,
}

/// The signed-in person's open sessions, the most recently used first; the one asking is marked `current`.
#[utoipa::path(
    get,
    path = "/auth/sessions",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The open sessions", body = super::Envelope<Vec<SignedInSessionView>>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
    )
)]
pub async fn list_sessions(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Vec<SignedInSessionView>> {
    let sessions = security::open_sessions(&state.pool, &user.id, db::now_ms()).await?;
    Ok(ok(sessions
        .into_iter()
        .map(|session| {
            let (browser, system) = security::describe_device(&session.user_agent);
            SignedInSessionView {
                current: session.id == user.session_id,
                id: session.id,
                browser: browser.to_owned(),
                system: system.to_owned(),
                address: session.client_ip,
                signed_in_at: iso(session.created_at),
                last_seen_at: iso(session.last_used_at),
            }
        })
        .collect()))
}

/// Ends one of the person's sessions: its tokens stop working at once (ending the current one signs out).
#[utoipa::path(
    delete,
    path = "/auth/sessions/{id}",
    tag = "auth",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The session's id")),
    responses(
        (status = 200, description = "Ended", body = super::Envelope<bool>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such open session of the caller's", body = super::error::ErrorEnvelope),
    )
)]
pub async fn end_session(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>) -> ApiResult<bool> {
    if !security::end_session(&state.pool, &user.id, &id, db::now_ms()).await? {
        return Err(ApiError::NotFound(Text::new("Không có phiên đăng nhập này.", "No such session.")));
    }
    Ok(ok(true))
}

/// Ends every session of the person's but the one asking.
#[utoipa::path(
    post,
    path = "/auth/sessions/end-others",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Ended", body = super::Envelope<bool>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
    )
)]
pub async fn end_other_sessions(State(state): State<AppState>, user: CurrentUser) -> ApiResult<bool> {
    security::end_other_sessions(&state.pool, &user.id, &user.session_id, db::now_ms()).await?;
    Ok(ok(true))
}

/// A password change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    pub current_password: String,
    /// By the registration rules (a strength score of at least 3 of 5).
    pub new_password: String,
}

/// Changes the signed-in person's password: the current one first (wrong guesses count against the login
/// limits), the new one by the registration rules. Every other session ends; a notice is mailed.
#[utoipa::path(
    post,
    path = "/users/my-password",
    tag = "users",
    security(("bearer" = [])),
    request_body = PasswordChange,
    responses(
        (status = 200, description = "Changed", body = super::Envelope<bool>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 413, description = "The body is larger than this operation accepts", body = super::error::ErrorEnvelope),
        (status = 422, description = "The current password is wrong (`currentPassword`) or the new one is refused (`newPassword`)", body = super::error::ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords", body = super::error::ErrorEnvelope),
    )
)]
pub async fn change_password(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    user: CurrentUser,
    Json(body): Json<PasswordChange>,
) -> ApiResult<bool> {
    let changed = security::change_password(
        &state,
        &user.id,
        &user.session_id,
        &body.current_password,
        &body.new_password,
        ip,
        lang,
    )
    .await;
    match changed {
        Ok(()) => Ok(ok(true)),
        Err(PasswordChangeRefusal::WrongPassword) => Err(ApiError::invalid_fields([(
            "currentPassword".to_owned(),
            Text::new("Mật khẩu hiện tại không đúng.", "The current password is wrong."),
        )])),
        Err(PasswordChangeRefusal::Policy(crate::identity::policy::PolicyError::Refused(fields))) => {
            Err(ApiError::invalid_fields(
                fields
                    .into_iter()
                    .map(|(field, text)| (if field == "password" { "newPassword".to_owned() } else { field }, text)),
            ))
        }
        Err(PasswordChangeRefusal::Throttled { retry_after_secs }) => Err(ApiError::RateLimited {
            message: Text::new(
                "Bạn đã nhập sai mật khẩu quá nhiều lần. Hãy thử lại sau.",
                "Too many wrong passwords. Try again later.",
            ),
            retry_after_secs,
        }),
        Err(PasswordChangeRefusal::Database(e)) => Err(e.into()),
        Err(PasswordChangeRefusal::Internal(e)) => Err(ApiError::Internal(e)),
    }
}
