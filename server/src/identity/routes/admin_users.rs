//! The users admin of `/dashboard/user` (ADMIN and STAFF): `GET /users`, `PATCH /users/{id}/role`,
//! `PATCH /users/{id}/status`, `POST /users/staff`, and the mail outbox of a development server.
//!
//! Who may change which account is the shared rule `academy_shared::roles::check_account_change`, asked by
//! every handler here that changes an account.

use academy_shared::{
    limits::SEARCH_MAX_CHARS,
    roles::{AccountChange, Role},
};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Pagination, Path, Query, Text, ok,
    users::{User, non_empty, refused_change, texts},
};
use crate::{
    http::{Admins, Allowed, CurrentUser, Staff, require_role},
    identity::profile::{self, Actor},
    identity::repo::{self as users, AdminChangeError, UserRow},
    state::AppState,
};

/// `GET /users` shares its path with registration (`POST /users`): both are registered here.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(super::users::register_user, list_users))
        .routes(routes!(change_role))
        .routes(routes!(change_status))
        .routes(routes!(create_staff))
        .routes(routes!(list_outbox))
}

/// Filters of `GET /users`.
#[derive(Debug, Default, Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Part of a username, email, first or last name (any case).
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// `ADMIN`, `STAFF`, `TEACHER` or `STUDENT`.
    pub role: Option<String>,
}

/// A page of users.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserPage {
    pub items: Vec<User>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
}

/// Lists users (ADMIN and STAFF), newest first, with search and a role filter.
#[utoipa::path(
    get,
    path = "/users",
    tag = "users",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(ListParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of users", body = super::Envelope<UserPage>),
    )
)]
pub async fn list_users(
    State(state): State<AppState>,
    _: Allowed<Staff>,
    Query(params): Query<ListParams>,
    Pagination { page, page_size }: Pagination<20>,
) -> ApiResult<UserPage> {
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let role = match non_empty(params.role.as_deref()) {
        Some(name) => Some(
            Role::parse(name)
                .ok_or_else(|| ApiError::bad_request(Text::new("Vai trò không hợp lệ.", "Unknown role.")))?,
        ),
        None => None,
    };
    let query = users::ListQuery { search: params.search, role, page, page_size };
    let (rows, total) = users::list(&state.pool, &query).await?;
    Ok(ok(UserPage {
        items: rows.into_iter().map(User::from).collect(),
        page,
        page_size,
        total,
        total_pages: (total + page_size - 1) / page_size,
    }))
}

/// The body of `PATCH /users/{userId}/role`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RoleBody {
    /// `ADMIN`, `STAFF`, `TEACHER` or `STUDENT` (any case).
    #[schema(example = "TEACHER")]
    pub role: String,
}

/// The body of `PATCH /users/{userId}/status`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AccountStatusBody {
    /// `active` or `locked`.
    #[schema(example = "locked")]
    pub status: String,
}

fn admin_change_error(error: AdminChangeError) -> ApiError {
    match error {
        AdminChangeError::NotFound => ApiError::NotFound(texts::user_not_found()),
        AdminChangeError::LastAdmin => ApiError::Conflict(texts::last_admin()),
        AdminChangeError::Database(e) => e.into(),
    }
}

/// The account `actor` (ADMIN or STAFF) wants to manage, once the shared rule allows `change` to it.
async fn managed_account(
    state: &AppState,
    actor: &CurrentUser,
    target_id: &str,
    change: AccountChange,
) -> Result<UserRow, ApiError> {
    require_role(actor, &[Role::Admin, Role::Staff])?;
    let target =
        users::find_by_id(&state.pool, target_id).await?.ok_or_else(|| ApiError::NotFound(texts::user_not_found()))?;
    check_change(actor, &target, change)?;
    Ok(target)
}

/// Changes a user's role (ADMIN and STAFF; only ADMIN may grant or remove ADMIN). The last active admin
/// cannot be demoted (409).
#[utoipa::path(
    patch,
    path = "/users/{userId}/role",
    tag = "users",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(("userId" = String, Path, description = "The user's id")),
    request_body = RoleBody,
    responses(
        (status = 200, description = "The updated user", body = super::Envelope<User>),
        (status = 403, description = "STAFF touching an ADMIN", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such user", body = super::error::ErrorEnvelope),
        (status = 409, description = "The last active admin", body = super::error::ErrorEnvelope),
        (status = 422, description = "Unknown role", body = super::error::ErrorEnvelope),
    )
)]
pub async fn change_role(
    State(state): State<AppState>,
    Allowed(actor, _): Allowed<Staff>,
    Path(user_id): Path<String>,
    Json(body): Json<RoleBody>,
) -> ApiResult<User> {
    let role = Role::parse(&body.role)
        .ok_or_else(|| ApiError::invalid_field("role", Text::new("Vai trò không hợp lệ.", "Unknown role.")))?;
    let target = managed_account(&state, &actor, &user_id, AccountChange::Role(role)).await?;
    let row = users::set_role(&state.pool, &target.id, role).await.map_err(admin_change_error)?;
    tracing::info!(actor = %actor.id, user_id = %row.id, role = %row.role, "role changed");
    Ok(ok(User::from(row)))
}

/// Locks or unlocks a user (ADMIN and STAFF; only ADMIN may lock an ADMIN). Locking ends all of the user's
/// sessions at once; the last active admin cannot be locked (409).
#[utoipa::path(
    patch,
    path = "/users/{userId}/status",
    tag = "users",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(("userId" = String, Path, description = "The user's id")),
    request_body = AccountStatusBody,
    responses(
        (status = 200, description = "The updated user", body = super::Envelope<User>),
        (status = 403, description = "STAFF touching an ADMIN", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such user", body = super::error::ErrorEnvelope),
        (status = 409, description = "The last active admin", body = super::error::ErrorEnvelope),
        (status = 422, description = "Unknown status", body = super::error::ErrorEnvelope),
    )
)]
pub async fn change_status(
    State(state): State<AppState>,
    actor: CurrentUser,
    Path(user_id): Path<String>,
    Json(body): Json<AccountStatusBody>,
) -> ApiResult<User> {
    let target = managed_account(&state, &actor, &user_id, AccountChange::Status).await?;
    let active = match users::UserStatus::parse(&body.status.trim().to_ascii_lowercase()) {
        Some(users::UserStatus::Active) => true,
        Some(users::UserStatus::Locked) => false,
        None => {
            let text = Text::new("Trạng thái phải là active hoặc locked.", "The status must be active or locked.");
            return Err(ApiError::invalid_field("status", text));
        }
    };
    let row = users::set_status(&state.pool, &target.id, active).await.map_err(admin_change_error)?;
    tracing::info!(actor = %actor.id, user_id = %row.id, status = %row.status, "status changed");
    Ok(ok(User::from(row)))
}

/// The body of `POST /users/staff`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StaffBody {
    pub username: String,
    pub email: String,
    pub password: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

/// Creates a staff account (ADMIN only), under the registration rules.
#[utoipa::path(
    post,
    path = "/users/staff",
    tag = "users",
    security(("bearer" = ["ADMIN"])),
    request_body = StaffBody,
    responses(
        (status = 200, description = "The created user", body = super::Envelope<User>),
        (status = 409, description = "Username or email taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_staff(
    State(state): State<AppState>,
    Allowed(actor, _): Allowed<Admins>,
    Json(body): Json<StaffBody>,
) -> ApiResult<User> {
    let names = (non_empty(body.first_name.as_deref()), non_empty(body.last_name.as_deref()));
    let row = crate::identity::accounts::create_privileged(
        &state,
        &body.username,
        &body.email,
        &body.password,
        names,
        Role::Staff,
    )
    .await?;
    tracing::info!(actor = %actor.id, user_id = %row.id, "staff account created");
    Ok(ok(User::from(row)))
}

/// A mail kept in the outbox.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxItem {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub created_at: i64,
}

/// Mails kept instead of sent when no SMTP server is configured (ADMIN), newest first.
#[utoipa::path(
    get,
    path = "/api/admin/outbox",
    tag = "users",
    security(("bearer" = ["ADMIN"])),
    params(Pagination<50>),
    responses(
        (status = 200, description = "Kept mails", body = super::Envelope<Vec<OutboxItem>>),
    )
)]
pub async fn list_outbox(
    State(state): State<AppState>,
    Allowed(_actor, _): Allowed<Admins>,
    paging: Pagination<50>,
) -> ApiResult<Vec<OutboxItem>> {
    let mails = crate::platform::mail::OutboxMailer::list(&state.pool, paging.page_size, paging.offset()).await?;
    Ok(ok(mails
        .into_iter()
        .map(|m| OutboxItem {
            id: m.id,
            recipient: m.recipient,
            subject: m.subject,
            body_text: m.body_text,
            created_at: m.created_at,
        })
        .collect()))
}

/// 403 with the shared rule's reason when `actor` may not make `change` to `target`.
fn check_change(actor: &CurrentUser, target: &UserRow, change: AccountChange) -> Result<(), ApiError> {
    let actor = Actor { id: &actor.id, role: actor.role, session_id: &actor.session_id };
    profile::check_change(actor, target, change).map_err(|refusal| match refusal {
        profile::ProfileRefusal::NotAllowed(refused) => refused_change(refused),
        _ => ApiError::forbidden(),
    })
}
