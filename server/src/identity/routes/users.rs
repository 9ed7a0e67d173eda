//! Accounts: registration `POST /users`, `GET /users/my-info`, `PUT /users/{userId}`,
//! `POST /users/upload-avatar`, and the users admin of `/dashboard/user` (ADMIN and STAFF):
//! `GET /users`, `PATCH /users/{id}/role`, `PATCH /users/{id}/status`, `POST /users/staff`.
//! A person's own change of e-mail address is confirmed from the new address: `POST /users/confirm-email`.
//!
//! Who may change which account is the shared rule `academy_shared::roles::check_account_change`, asked by
//! every handler here that changes an account.

use std::net::IpAddr;

use academy_shared::{
    auth_rules::RegistrationForm,
    i18n::Lang,
    limits::SEARCH_MAX_CHARS,
    profile::{IsoDate, ProfileError, ProfileField, ProfileForm, changes_email, validate_profile},
    roles::{AccountChange, Role, check_account_change},
    validation::{Field, Message as _},
};
use axum::{
    extract::State,
    response::{IntoResponse as _, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, ApiResult, ClientAddr, Json, Language, Pagination, Path, Query, Text, ok};
use crate::{
    http::{CurrentUser, require_role},
    identity::{
        email_change, policy,
        rate_limit::{Limit, Subject},
        repo::{self as users, AdminChangeError, CreateUserError, NewUser, ProfileUpdate, Taken, UserRow},
    },
    platform::{
        db,
        mail::{
            Mail,
            templates::{self, EmailChangeBy},
        },
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register_user, list_users))
        .routes(routes!(get_my_info))
        .routes(routes!(update_user))
        .routes(routes!(confirm_email))
        .routes(routes!(change_role))
        .routes(routes!(change_status))
        .routes(routes!(create_staff))
        .routes(routes!(list_outbox))
}

/// A user as the API shows it, plus the account's status and creation time.
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
    /// Only in the answer of `PUT /users/{userId}` when a person changed their own e-mail address: the new
    /// address, to which a confirmation link was just mailed. `email` stays the current address until the link
    /// is opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "new-address@example.com")]
    pub pending_email: Option<String>,
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
            pending_email: None,
        }
    }
}

pub mod texts {
    use super::Text;

    pub use crate::identity::accounts::texts::{email_taken, username_taken};

    pub fn signup_role() -> Text {
        Text::new(
            "Chỉ có thể đăng ký với vai trò Học viên hoặc Giảng viên.",
            "You can only sign up as a Student or a Teacher.",
        )
    }
    pub fn last_admin() -> Text {
        Text::new(
            "Không thể khóa hoặc hạ quyền quản trị viên cuối cùng đang hoạt động.",
            "The last active administrator cannot be locked or demoted.",
        )
    }
    pub fn user_not_found() -> Text {
        Text::new("Không tìm thấy người dùng.", "User not found.")
    }
    pub fn email_link_invalid() -> Text {
        Text::new(
            "Liên kết xác nhận email không hợp lệ hoặc đã hết hạn.",
            "The email confirmation link is invalid or has expired.",
        )
    }
    pub fn email_confirmed(email: &str) -> Text {
        Text::new(
            format!("Email của tài khoản đã được đổi thành {email}. Các thiết bị khác đã được đăng xuất."),
            format!("The account's email is now {email}. Other devices were signed out."),
        )
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

/// The body of `POST /users`. Only username, email, password and role are used by the
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
        (status = 429, description = "Too many registrations from this address (`Retry-After`)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn register_user(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    Json(body): Json<Registration>,
) -> ApiResult<User> {
    crate::http::rate_limit::check(&state, Limit::Registration, Subject::Address(ip)).await?;
    let role = match non_empty(body.role_name.as_deref()).map(Role::parse) {
        None => Role::Student,
        Some(Some(role @ (Role::Student | Role::Teacher))) => role,
        Some(_) => {
            return Err(ApiError::invalid_field("roleName", texts::signup_role()));
        }
    };
    policy::check_new_account(&RegistrationForm {
        email: body.email.clone(),
        username: body.username.clone(),
        password: body.password.clone(),
        first_name: body.first_name.clone().unwrap_or_default(),
        last_name: body.last_name.clone().unwrap_or_default(),
        phone_number: body.phone_number.clone().unwrap_or_default(),
        address: body.address.clone().unwrap_or_default(),
        ..RegistrationForm::default()
    })?;
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
    ApiError::refused("dob", ProfileError::DobInvalid)
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

/// The body of `PUT /users/{userId}`. Empty optional values may be omitted.
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
    /// The account's password: required when a person changes their own `email` (422 on `currentPassword`
    /// when missing or wrong), ignored otherwise.
    pub current_password: Option<String>,
}

/// Today's date in UTC plus one day: the browser checks the date of birth against the user's own "today",
/// which can be a day ahead of UTC.
fn latest_dob() -> IsoDate {
    let tomorrow = chrono::Utc::now().date_naive() + chrono::Days::new(1);
    IsoDate::parse(&tomorrow.format("%Y-%m-%d").to_string()).unwrap_or(IsoDate { year: 9999, month: 12, day: 31 })
}

/// Updates a profile: one's own, or, for ADMIN and STAFF, another account the shared account rules let them
/// change (staff never change an administrator, nor another staff member's e-mail). Checked by the shared
/// profile rules.
///
/// A person changing their OWN e-mail gives `currentPassword`; the address then changes only when the link
/// mailed to the new address is opened (`POST /users/confirm-email`): the answer still shows the current
/// `email`, with `pendingEmail` set to the new one, and the current address gets a notice. An administrator or
/// staff member changing someone else's address changes it at once; the old address gets a notice and every
/// session of that user ends.
#[utoipa::path(
    put,
    path = "/users/{userId}",
    tag = "users",
    security(("bearer" = [])),
    params(("userId" = String, Path, description = "The user's id")),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The updated user; `pendingEmail` when a confirmation link was mailed to a new address", body = super::Envelope<User>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Another user's profile, or a change the caller's role may not make", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such user", body = super::error::ErrorEnvelope),
        (status = 409, description = "Email used by another account", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields (`result.fields`), `currentPassword` missing or wrong included", body = super::error::ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords for this account or from this address", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_user(
    State(state): State<AppState>,
    Language(lang): Language,
    ClientAddr(ip): ClientAddr,
    user: CurrentUser,
    Path(user_id): Path<String>,
    Json(body): Json<ProfileBody>,
) -> Result<axum::Json<academy_shared::envelope::Envelope<User>>, Response> {
    match update_profile(&state, lang, ip, &user, &user_id, body).await {
        Ok(user) => Ok(ok(user)),
        Err(Refusal::Api(error)) => Err(error.into_response()),
        Err(Refusal::Throttled { retry_after_secs }) => Err(super::auth::throttled_response(retry_after_secs)),
    }
}

/// Why a profile update was refused: an error, or too many wrong passwords (429 with `Retry-After`).
#[derive(Debug)]
enum Refusal {
    Api(ApiError),
    Throttled { retry_after_secs: u64 },
}

impl From<ApiError> for Refusal {
    fn from(error: ApiError) -> Self {
        Refusal::Api(error)
    }
}

impl From<sqlx::Error> for Refusal {
    fn from(error: sqlx::Error) -> Self {
        Refusal::Api(error.into())
    }
}

/// 403 with the shared rule's reason when `actor` may not make `change` to `target`.
fn check_change(actor: &CurrentUser, target: &UserRow, change: AccountChange) -> Result<(), ApiError> {
    check_account_change(actor.role, target.role(), actor.id == target.id, change)
        .map_err(|refused| ApiError::Forbidden(Text::localized(|lang| refused.message(lang))))
}

/// 422 with each field's message; the envelope's message is the first one.
fn invalid_profile(errors: &[(ProfileField, ProfileError)]) -> ApiError {
    ApiError::invalid_fields(
        errors.iter().map(|(field, error)| (Field::name(*field).to_owned(), super::error::message_text(*error))),
    )
}

async fn update_profile(
    state: &AppState,
    lang: Lang,
    ip: IpAddr,
    actor: &CurrentUser,
    user_id: &str,
    body: ProfileBody,
) -> Result<User, Refusal> {
    let own = actor.id == user_id;
    if !own {
        require_role(actor, &[Role::Admin, Role::Staff])?;
    }
    let target =
        users::find_by_id(&state.pool, user_id).await?.ok_or_else(|| ApiError::NotFound(texts::user_not_found()))?;
    check_change(actor, &target, AccountChange::Profile)?;
    let new_address = changes_email(&target.email, &body.email);
    if new_address {
        check_change(actor, &target, AccountChange::Email)?;
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
        own_email: own.then(|| target.email.clone()),
        current_password: body.current_password,
    };
    let checked = validate_profile(&form, latest_dob());
    // The password is checked even when other fields are wrong, so one answer lists every field to fix.
    let typed_password = form.current_password.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let wrong_password = match typed_password {
        Some(password) if own && new_address => !verify_password(state, &target, password, ip).await?,
        _ => false,
    };
    let payload = match checked {
        Ok(payload) if !wrong_password => payload,
        result => {
            let mut errors: Vec<(ProfileField, ProfileError)> =
                result.err().map(|errors| errors.iter().copied().collect()).unwrap_or_default();
            if wrong_password {
                errors.push((ProfileField::CurrentPassword, ProfileError::CurrentPasswordWrong));
            }
            return Err(invalid_profile(&errors).into());
        }
    };
    if let Some(avatar) = payload.avatar.as_deref() {
        check_avatar_url(avatar)?;
    }
    let pending_email = if own && new_address {
        if users::taken(&state.pool, None, Some(&payload.email), Some(&target.id)).await?.is_some() {
            return Err(create_error(CreateUserError::Taken(Taken::Email)).into());
        }
        request_email_change(state, lang, actor, &target, &payload.email).await?;
        Some(payload.email.clone())
    } else {
        None
    };
    let update = ProfileUpdate {
        first_name: &payload.first_name,
        last_name: &payload.last_name,
        // One's own new address waits for its confirmation; anything else (a staff change, a change of case)
        // applies now.
        email: pending_email.is_none().then_some(payload.email.as_str()),
        phone_number: payload.phone_number.as_deref(),
        address: payload.address.as_deref(),
        dob: payload.dob.as_deref(),
        avatar: payload.avatar.as_deref(),
    };
    let row = users::update_profile(&state.pool, &target.id, &update)
        .await
        .map_err(create_error)?
        .ok_or_else(|| ApiError::NotFound(texts::user_not_found()))?;
    if !own && new_address {
        tracing::info!(actor = %actor.id, user_id = %row.id, "email changed by staff; sessions ended");
        let (subject, body_text) =
            templates::email_change_notice(lang, &row.username, &row.email, EmailChangeBy::Staff);
        // The change is made: a notice that cannot be sent is logged, not turned into a failed answer.
        if let Err(e) = state.mailer.send(&Mail { to: target.email.clone(), subject, body_text }).await {
            tracing::error!(error = format!("{e:#}"), user_id = %row.id, "sending the email change notice failed");
        }
    }
    Ok(User { pending_email, ..User::from(row) })
}

/// Checks the password of the account changing its own e-mail. Guesses count against the same per-account and
/// per-address limits as logins: a stolen session must not become a way around them.
async fn verify_password(state: &AppState, target: &UserRow, password: &str, ip: IpAddr) -> Result<bool, Refusal> {
    let attempt = match state.login_throttle.begin(&state.pool, &target.username, ip, db::now_ms()).await? {
        Ok(attempt) => attempt,
        Err(throttled) => return Err(Refusal::Throttled { retry_after_secs: throttled.retry_after_secs }),
    };
    let right = state.passwords.verify(password, &target.password_hash).await.map_err(ApiError::internal)?;
    if right {
        state.login_throttle.succeeded(&state.pool, attempt).await?;
    } else {
        tracing::warn!(user_id = %target.id, ip = %ip, outcome = "bad_credentials", "email change: wrong password");
        state.login_throttle.failed(&state.pool, attempt, db::now_ms()).await?;
    }
    Ok(right)
}

/// Records a pending change of `target`'s own address, tells the current address, then mails the link to the
/// new one. The notice goes first: without it, no link is sent.
async fn request_email_change(
    state: &AppState,
    lang: Lang,
    actor: &CurrentUser,
    target: &UserRow,
    new_email: &str,
) -> Result<(), ApiError> {
    let token = email_change::create(&state.pool, &target.id, new_email, &actor.session_id, db::now_ms()).await?;
    let (subject, body_text) = templates::email_change_notice(lang, &target.username, new_email, EmailChangeBy::Owner);
    state.mailer.send(&Mail { to: target.email.clone(), subject, body_text }).await.map_err(ApiError::internal)?;
    let link = format!("{}/confirm-email?token={token}", state.config.public_origin());
    let hours = email_change::EMAIL_CHANGE_LINK_LIFETIME.as_secs() / 3600;
    let (subject, body_text) = templates::email_change_confirm(lang, &target.username, &link, hours);
    state.mailer.send(&Mail { to: new_email.to_owned(), subject, body_text }).await.map_err(ApiError::internal)?;
    tracing::info!(user_id = %target.id, "email change requested; confirmation link sent to the new address");
    Ok(())
}

/// The body of `POST /users/confirm-email`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ConfirmEmailBody {
    /// The `token` of the mailed link.
    pub token: String,
}

/// A confirmed change of address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailConfirmed {
    /// The account's address from now on.
    pub email: String,
    /// A text to show.
    pub message: String,
}

/// Confirms a change of one's own e-mail address with the token of the link mailed to the new address (no
/// sign-in needed: the link is the proof). The address changes, and every session of the user ends but the one
/// that asked for the change. A link works once and for 24 hours, and a newer change or a password reset voids
/// it.
#[utoipa::path(
    post,
    path = "/users/confirm-email",
    tag = "users",
    request_body = ConfirmEmailBody,
    responses(
        (status = 200, description = "The address changed; the user's other sessions ended", body = super::Envelope<EmailConfirmed>),
        (status = 400, description = "Invalid, used, voided or expired link", body = super::error::ErrorEnvelope),
        (status = 409, description = "Another account took the address meanwhile", body = super::error::ErrorEnvelope),
    )
)]
pub async fn confirm_email(
    State(state): State<AppState>,
    Language(lang): Language,
    Json(body): Json<ConfirmEmailBody>,
) -> ApiResult<EmailConfirmed> {
    let token = body.token.trim();
    if token.is_empty() {
        return Err(ApiError::bad_request(texts::email_link_invalid()));
    }
    match email_change::confirm(&state.pool, token, db::now_ms()).await {
        Ok(confirmed) => {
            tracing::info!(user_id = %confirmed.user_id, "email change confirmed; other sessions ended");
            let message = texts::email_confirmed(&confirmed.new_email).get(lang).to_owned();
            Ok(ok(EmailConfirmed { email: confirmed.new_email, message }))
        }
        Err(email_change::EmailChangeError::InvalidOrExpired) => {
            Err(ApiError::bad_request(texts::email_link_invalid()))
        }
        Err(email_change::EmailChangeError::Taken) => Err(ApiError::Conflict(texts::email_taken())),
        Err(email_change::EmailChangeError::Database(e)) => Err(e.into()),
    }
}

/// An avatar must be a picture uploaded here (`/files/public/...`, the shared rule): never another site's
/// address, which would let a profile make every viewer's browser call that site.
fn check_avatar_url(avatar: &str) -> Result<(), ApiError> {
    academy_shared::media::check_avatar_url(avatar, crate::platform::storage::OWN_FILES_PATH)
        .map_err(|error| ApiError::refused("avatar", error))
}

// ---------------------------------------------------------------------------------------------------------
// Users admin

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
    user: CurrentUser,
    Query(params): Query<ListParams>,
    Pagination { page, page_size }: Pagination<20>,
) -> ApiResult<UserPage> {
    require_role(&user, &[Role::Admin, Role::Staff])?;
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
    actor: CurrentUser,
    Path(user_id): Path<String>,
    Json(body): Json<RoleBody>,
) -> ApiResult<User> {
    require_role(&actor, &[Role::Admin, Role::Staff])?;
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
    let active = match body.status.trim().to_ascii_lowercase().as_str() {
        users::STATUS_ACTIVE => true,
        users::STATUS_LOCKED => false,
        _ => {
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
    actor: CurrentUser,
    Json(body): Json<StaffBody>,
) -> ApiResult<User> {
    require_role(&actor, &[Role::Admin])?;
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
    actor: CurrentUser,
    paging: Pagination<50>,
) -> ApiResult<Vec<OutboxItem>> {
    require_role(&actor, &[Role::Admin])?;
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
