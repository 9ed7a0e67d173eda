//! Accounts: registration `POST /users`, `GET /users/my-info`, `PUT /users/{userId}`. A person's own change of
//! e-mail address is confirmed from the new address: `POST /users/confirm-email`. The users admin of
//! `/dashboard/user` is in [`super::admin_users`], which also registers `POST /users` beside `GET /users`
//! (one path).
//!
//! Who may change which account is the shared rule `academy_shared::roles::check_account_change`, asked by
//! every handler here that changes an account.

use academy_shared::{
    auth_rules::RegistrationForm,
    profile::{IsoDate, ProfileError},
    roles::{AccountChangeRefused, Role},
    validation::{Field, Message as _},
};
use axum::{
    extract::State,
    response::{IntoResponse as _, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, ApiResult, ClientAddr, Json, Language, Path, Text, ok};
use crate::{
    http::CurrentUser,
    identity::profile::{self, Actor, ProfileEdit, ProfileRefusal, Updated},
    identity::{
        email_change, policy,
        rate_limit::{Limit, Subject},
        repo::{self as users, CreateUserError, NewUser, Taken, UserRow},
    },
    platform::db,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_my_info)).routes(routes!(update_user)).routes(routes!(confirm_email))
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
    /// The IANA zone every time the person sees is shown in; `Asia/Ho_Chi_Minh` until they choose another.
    #[schema(example = "Asia/Ho_Chi_Minh")]
    pub time_zone: String,
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
            role_name: row.role.as_str().to_owned(),
            status: row.status.as_str().to_owned(),
            created_at: row.created_at,
            time_zone: row.time_zone,
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

pub(super) fn non_empty(value: Option<&str>) -> Option<&str> {
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
    request_body = ProfileEdit,
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
    Json(edit): Json<ProfileEdit>,
) -> Result<axum::Json<academy_shared::envelope::Envelope<User>>, Response> {
    let actor = Actor { id: &user.id, role: user.role, session_id: &user.session_id };
    match profile::update(&state, lang, ip, actor, &user_id, edit).await {
        Ok(Updated { row, pending_email }) => Ok(ok(User { pending_email, ..User::from(row) })),
        Err(ProfileRefusal::Throttled { retry_after_secs }) => Err(super::auth::throttled_response(retry_after_secs)),
        Err(refusal) => Err(ApiError::from(refusal).into_response()),
    }
}

impl From<ProfileRefusal> for ApiError {
    fn from(refusal: ProfileRefusal) -> Self {
        match refusal {
            ProfileRefusal::NotFound => ApiError::NotFound(texts::user_not_found()),
            ProfileRefusal::NotYours => ApiError::forbidden(),
            ProfileRefusal::NotAllowed(refused) => refused_change(refused),
            ProfileRefusal::Invalid(errors) => ApiError::invalid_fields(
                errors
                    .iter()
                    .map(|(field, error)| (Field::name(*field).to_owned(), super::error::message_text(*error))),
            ),
            ProfileRefusal::Avatar(error) => ApiError::refused("avatar", error),
            ProfileRefusal::EmailTaken => ApiError::Conflict(texts::email_taken()),
            ProfileRefusal::Throttled { .. } => ApiError::too_many_requests(),
            ProfileRefusal::Internal(e) => ApiError::internal(e),
            ProfileRefusal::Database(e) => e.into(),
        }
    }
}

/// 403 with the shared account rule's reason.
pub(super) fn refused_change(refused: AccountChangeRefused) -> ApiError {
    ApiError::Forbidden(Text::localized(move |lang| refused.message(lang)))
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
