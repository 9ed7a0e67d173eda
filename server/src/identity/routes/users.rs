//! Accounts (§7): registration `POST /users`, `GET /users/my-info`, `PUT /users/{userId}`,
//! `POST /users/upload-avatar`, and the users admin of `/dashboard/user` (ADMIN and STAFF):
//! `GET /users`, `PATCH /users/{id}/role`, `PATCH /users/{id}/status`, `POST /users/staff`.

use academy_shared::{
    profile::{IsoDate, ProfileForm, validate_profile},
    roles::Role,
};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, ApiResult, Json, Path, Query, Text, ok};
use crate::{
    http::{CurrentUser, require_role},
    identity::{
        policy,
        repo::{self as users, AdminChangeError, CreateUserError, NewUser, ProfileUpdate, Taken, UserRow},
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register_user, list_users))
        .routes(routes!(get_my_info))
        .routes(routes!(update_user))
        .routes(routes!(change_role))
        .routes(routes!(change_status))
        .routes(routes!(create_staff))
        .routes(routes!(list_outbox))
}

/// A user as the API shows it (§3 "User (profile)"), plus the account's status and creation time.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub user_id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
    pub phone_number: Option<String>,
    pub address: Option<String>,
    /// `YYYY-MM-DD`.
    pub dob: Option<String>,
    /// Image URL.
    pub avatar: Option<String>,
    /// `ADMIN`, `STAFF`, `TEACHER` or `STUDENT`.
    #[schema(example = "STUDENT")]
    pub role_name: String,
    /// `active` or `locked`.
    pub status: String,
    /// Epoch milliseconds.
    pub created_at: i64,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        User {
            user_id: row.id,
            username: row.username,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            phone_number: row.phone_number,
            address: row.address,
            dob: row.dob,
            avatar: row.avatar,
            role_name: row.role,
            status: row.status,
            created_at: row.created_at,
        }
    }
}

pub mod texts {
    use super::Text;

    pub use crate::identity::accounts::texts::{email_taken, username_taken};

    pub fn signup_role() -> Text {
        Text::new("Chỉ có thể đăng ký với vai trò Học viên hoặc Giảng viên.", "You can only sign up as a Student or a Teacher.")
    }
    pub fn last_admin() -> Text {
        Text::new(
            "Không thể khóa hoặc hạ quyền quản trị viên cuối cùng đang hoạt động.",
            "The last active administrator cannot be locked or demoted.",
        )
    }
    pub fn staff_cannot_grant_admin() -> Text {
        Text::new(
            "Nhân viên không thể cấp hoặc thu hồi quyền quản trị viên.",
            "Staff cannot grant or remove the administrator role.",
        )
    }
    pub fn user_not_found() -> Text {
        Text::new("Không tìm thấy người dùng.", "User not found.")
    }
}

/// 409 naming the taken value; other failures pass through.
pub fn create_error(error: CreateUserError) -> ApiError {
    match error {
        CreateUserError::Taken(Taken::Username) => ApiError::Conflict(texts::username_taken()),
        CreateUserError::Taken(Taken::Email) => ApiError::Conflict(texts::email_taken()),
        CreateUserError::Database(e) => e.into(),
    }
}

/// The body of `POST /users` (§3 registration payload). Only username, email, password and role are used by the
/// form; the other fields are stored when given.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Registration {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    #[schema(example = "student01")]
    pub username: String,
    #[schema(example = "student01@example.com")]
    pub email: String,
    #[schema(example = "Violet#Harbour-2026")]
    pub password: String,
    pub phone_number: Option<String>,
    pub address: Option<String>,
    pub dob: Option<String>,
    /// `Student` (default) or `Teacher`, any case.
    #[schema(example = "Student")]
    pub role_name: Option<String>,
    /// Sent as an empty string; ignored.
    pub login_type: Option<String>,
}

fn non_empty(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// Creates an account (self-registration: Student or Teacher only), checked by the shared registration rules
/// and zxcvbn.
#[utoipa::path(
    post,
    path = "/users",
    tag = "users",
    request_body = Registration,
    responses(
        (status = 200, description = "The created user", body = super::Envelope<User>),
        (status = 409, description = "Username or email already used", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields (`result.fields`)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn register_user(State(state): State<AppState>, Json(body): Json<Registration>) -> ApiResult<User> {
    let role = match non_empty(body.role_name.as_deref()).map(Role::parse) {
        None => Role::Student,
        Some(Some(role @ (Role::Student | Role::Teacher))) => role,
        Some(_) => {
            return Err(ApiError::Unprocessable {
                message: texts::signup_role(),
                fields: [("roleName".to_owned(), texts::signup_role())].into_iter().collect(),
            });
        }
    };
    policy::check_new_account(&body.username, &body.email, &body.password)?;
    let dob = match non_empty(body.dob.as_deref()) {
        Some(text) => Some(IsoDate::parse(text).ok_or_else(dob_invalid)?.to_string()),
        None => None,
    };
    if let Some(which) = users::taken(&state.pool, Some(&body.username), Some(&body.email), None).await? {
        return Err(create_error(CreateUserError::Taken(which)));
    }
    let hash = state.passwords.hash(body.password.trim()).await.map_err(ApiError::internal)?;
    let new_user = NewUser {
        username: body.username.trim(),
        email: body.email.trim(),
        password_hash: &hash,
        first_name: non_empty(body.first_name.as_deref()),
        last_name: non_empty(body.last_name.as_deref()),
        phone_number: non_empty(body.phone_number.as_deref()),
        address: non_empty(body.address.as_deref()),
        dob: dob.as_deref(),
        role,
    };
    let user = users::create(&state.pool, &new_user).await.map_err(create_error)?;
    tracing::info!(user_id = %user.id, username = %user.username, role = %user.role, "account registered");
    Ok(ok(User::from(user)))
}

fn dob_invalid() -> ApiError {
    let error = academy_shared::profile::ProfileError::DobInvalid;
    let text = Text::localized(|lang| error.message(lang));
    ApiError::Unprocessable { message: text.clone(), fields: [("dob".to_owned(), text)].into_iter().collect() }
}

/// The signed-in user.
#[utoipa::path(
    get,
    path = "/users/my-info",
    tag = "users",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in user", body = super::Envelope<User>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_my_info(State(state): State<AppState>, user: CurrentUser) -> ApiResult<User> {
    let row = users::find_by_id(&state.pool, &user.id).await?.ok_or_else(ApiError::unauthenticated)?;
    Ok(ok(User::from(row)))
}

/// The body of `PUT /users/{userId}` (§3 profile update payload). Empty optional values may be omitted.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileBody {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub address: Option<String>,
    /// ISO 8601 date (`2000-01-31` or `2000-01-31T00:00:00.000Z`).
    pub dob: Option<String>,
    /// Image URL (from `/users/upload-avatar`).
    pub avatar: Option<String>,
}

/// Today's date in UTC plus one day: the browser checks the date of birth against the user's own "today",
/// which can be a day ahead of UTC.
fn latest_dob() -> IsoDate {
    let tomorrow = chrono::Utc::now().date_naive() + chrono::Days::new(1);
    IsoDate::parse(&tomorrow.format("%Y-%m-%d").to_string()).unwrap_or(IsoDate { year: 9999, month: 12, day: 31 })
}

/// Updates a profile: one's own, or anyone's for ADMIN and STAFF. Checked by the shared profile rules.
#[utoipa::path(
    put,
    path = "/users/{userId}",
    tag = "users",
    security(("bearer" = [])),
    params(("userId" = String, Path, description = "The user's id")),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The updated user", body = super::Envelope<User>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Another user's profile", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such user", body = super::error::ErrorEnvelope),
        (status = 409, description = "Email used by another account", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields (`result.fields`)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_user(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(user_id): Path<String>,
    Json(body): Json<ProfileBody>,
) -> ApiResult<User> {
    if user.id != user_id {
        require_role(&user, &[Role::Admin, Role::Staff])?;
    }
    let form = ProfileForm {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone_number: body.phone_number.unwrap_or_default(),
        address: body.address.unwrap_or_default(),
        dob: body.dob.unwrap_or_default(),
        avatar: body.avatar.unwrap_or_default(),
        avatar_bytes: None,
    };
    let payload = validate_profile(&form, latest_dob()).map_err(|errors| {
        let fields: Vec<(String, Text)> = errors
            .iter()
            .map(|(field, error)| {
                (academy_shared::validation::Field::name(*field).to_owned(), Text::localized(|lang| error.message(lang)))
            })
            .collect();
        let message = fields.first().map(|(_, t)| t.clone()).unwrap_or_else(super::error::texts::invalid_input);
        ApiError::Unprocessable { message, fields: fields.into_iter().collect() }
    })?;
    if let Some(avatar) = payload.avatar.as_deref() {
        check_avatar_url(avatar)?;
    }
    let update = ProfileUpdate {
        first_name: &payload.first_name,
        last_name: &payload.last_name,
        email: &payload.email,
        phone_number: payload.phone_number.as_deref(),
        address: payload.address.as_deref(),
        dob: payload.dob.as_deref(),
        avatar: payload.avatar.as_deref(),
    };
    let row = users::update_profile(&state.pool, &user_id, &update)
        .await
        .map_err(create_error)?
        .ok_or_else(|| ApiError::NotFound(texts::user_not_found()))?;
    Ok(ok(User::from(row)))
}

/// An avatar must be one of our public files, or an `https` URL: never `javascript:` or `data:`.
fn check_avatar_url(avatar: &str) -> Result<(), ApiError> {
    let ours = avatar.starts_with("/files/public/");
    let https = avatar.starts_with("https://") && !avatar.contains(char::is_whitespace);
    if ours || https {
        return Ok(());
    }
    let text = Text::new("Ảnh đại diện phải là một địa chỉ ảnh hợp lệ.", "The avatar must be a valid image URL.");
    Err(ApiError::Unprocessable { message: text.clone(), fields: [("avatar".to_owned(), text)].into_iter().collect() })
}

// ---------------------------------------------------------------------------------------------------------
// Users admin

/// Filters of `GET /users`.
#[derive(Debug, Default, Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Part of a username, email, first or last name (any case).
    pub search: Option<String>,
    /// `ADMIN`, `STAFF`, `TEACHER` or `STUDENT`.
    pub role: Option<String>,
    /// 1-based page (default 1).
    pub page: Option<i64>,
    /// Items per page (default 20, at most 100).
    pub page_size: Option<i64>,
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
    security(("bearer" = [])),
    params(ListParams),
    responses(
        (status = 200, description = "A page of users", body = super::Envelope<UserPage>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not ADMIN or STAFF", body = super::error::ErrorEnvelope),
    )
)]
pub async fn list_users(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(params): Query<ListParams>,
) -> ApiResult<UserPage> {
    require_role(&user, &[Role::Admin, Role::Staff])?;
    let role = match non_empty(params.role.as_deref()) {
        Some(name) => Some(Role::parse(name).ok_or_else(|| {
            ApiError::bad_request(Text::new("Vai trò không hợp lệ.", "Unknown role."))
        })?),
        None => None,
    };
    let page = params.page.unwrap_or(1).max(1);
    let page_size = params.page_size.unwrap_or(20).clamp(1, 100);
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
pub struct StatusBody {
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

/// Staff manage students and teachers (and other staff); only admins touch admins.
async fn check_may_manage(state: &AppState, actor: &CurrentUser, target_id: &str) -> Result<UserRow, ApiError> {
    require_role(actor, &[Role::Admin, Role::Staff])?;
    let target = users::find_by_id(&state.pool, target_id).await?.ok_or_else(|| ApiError::NotFound(texts::user_not_found()))?;
    if actor.role != Role::Admin && target.role() == Role::Admin {
        return Err(ApiError::Forbidden(texts::staff_cannot_grant_admin()));
    }
    Ok(target)
}

/// Changes a user's role (ADMIN and STAFF; only ADMIN may grant or remove ADMIN). The last active admin
/// cannot be demoted (409).
#[utoipa::path(
    patch,
    path = "/users/{userId}/role",
    tag = "users",
    security(("bearer" = [])),
    params(("userId" = String, Path, description = "The user's id")),
    request_body = RoleBody,
    responses(
        (status = 200, description = "The updated user", body = super::Envelope<User>),
        (status = 403, description = "Not ADMIN/STAFF, or STAFF touching ADMIN", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such user", body = super::error::ErrorEnvelope),
        (status = 409, description = "The last active admin", body = super::error::ErrorEnvelope),
        (status = 422, description = "Unknown role", body = super::error::ErrorEnvelope),
    )
)]
pub async fn change_role(
    State(state): State<AppState>,
    actor: CurrentUser,
    Path(user_id): Path<String>,
    Json(body): Json<RoleBody>,
) -> ApiResult<User> {
    let target = check_may_manage(&state, &actor, &user_id).await?;
    let role = Role::parse(&body.role).ok_or_else(|| {
        let text = Text::new("Vai trò không hợp lệ.", "Unknown role.");
        ApiError::Unprocessable { message: text.clone(), fields: [("role".to_owned(), text)].into_iter().collect() }
    })?;
    if role == Role::Admin && actor.role != Role::Admin {
        return Err(ApiError::Forbidden(texts::staff_cannot_grant_admin()));
    }
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
    security(("bearer" = [])),
    params(("userId" = String, Path, description = "The user's id")),
    request_body = StatusBody,
    responses(
        (status = 200, description = "The updated user", body = super::Envelope<User>),
        (status = 403, description = "Not ADMIN/STAFF, or STAFF touching ADMIN", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such user", body = super::error::ErrorEnvelope),
        (status = 409, description = "The last active admin", body = super::error::ErrorEnvelope),
        (status = 422, description = "Unknown status", body = super::error::ErrorEnvelope),
    )
)]
pub async fn change_status(
    State(state): State<AppState>,
    actor: CurrentUser,
    Path(user_id): Path<String>,
    Json(body): Json<StatusBody>,
) -> ApiResult<User> {
    let target = check_may_manage(&state, &actor, &user_id).await?;
    let active = match body.status.trim().to_ascii_lowercase().as_str() {
        users::STATUS_ACTIVE => true,
        users::STATUS_LOCKED => false,
        _ => {
            let text = Text::new("Trạng thái phải là active hoặc locked.", "The status must be active or locked.");
            return Err(ApiError::Unprocessable { message: text.clone(), fields: [("status".to_owned(), text)].into_iter().collect() });
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
    security(("bearer" = [])),
    request_body = StaffBody,
    responses(
        (status = 200, description = "The created user", body = super::Envelope<User>),
        (status = 403, description = "Not ADMIN", body = super::error::ErrorEnvelope),
        (status = 409, description = "Username or email taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_staff(State(state): State<AppState>, actor: CurrentUser, Json(body): Json<StaffBody>) -> ApiResult<User> {
    require_role(&actor, &[Role::Admin])?;
    let names = (non_empty(body.first_name.as_deref()), non_empty(body.last_name.as_deref()));
    let row = crate::identity::accounts::create_privileged(&state, &body.username, &body.email, &body.password, names, Role::Staff).await?;
    tracing::info!(actor = %actor.id, user_id = %row.id, "staff account created");
    Ok(ok(User::from(row)))
}

/// Paging of `GET /api/admin/outbox`.
#[derive(Debug, Default, Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct OutboxParams {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
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
    security(("bearer" = [])),
    params(OutboxParams),
    responses(
        (status = 200, description = "Kept mails", body = super::Envelope<Vec<OutboxItem>>),
        (status = 403, description = "Not ADMIN", body = super::error::ErrorEnvelope),
    )
)]
pub async fn list_outbox(
    State(state): State<AppState>,
    actor: CurrentUser,
    Query(params): Query<OutboxParams>,
) -> ApiResult<Vec<OutboxItem>> {
    require_role(&actor, &[Role::Admin])?;
    let page_size = params.page_size.unwrap_or(50).clamp(1, 200);
    let offset = (params.page.unwrap_or(1).max(1) - 1) * page_size;
    let mails = crate::platform::mail::OutboxMailer::list(&state.pool, page_size, offset).await?;
    Ok(ok(mails
        .into_iter()
        .map(|m| OutboxItem { id: m.id, recipient: m.recipient, subject: m.subject, body_text: m.body_text, created_at: m.created_at })
        .collect()))
}
