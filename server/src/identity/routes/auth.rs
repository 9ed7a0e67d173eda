//! Tokens: `POST /auth/token` (login), `/auth/refresh`, `/auth/introspect`, `/auth/logout`, and the logout
//! calls of the dashboard and the mobile bar, `POST /api/logout` and `/api/logout/`. Password recovery:
//! `POST /auth/forgot-password` and `/auth/reset-password`.

use academy_shared::{
    auth_rules::{LoginError, LoginForm, validate_login},
    envelope::SUCCESS_CODE,
};
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, ApiResult, ClientAddr, Json, Text, ok};
use crate::{
    http::current_user::{self, bearer_token},
    identity::{
        repo as users,
        sessions::{self, SessionError, TokenPair},
        tokens::Subject,
    },
    platform::db,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_token))
        .routes(routes!(refresh_token))
        .routes(routes!(introspect_token))
        .routes(routes!(logout))
        .routes(routes!(logout_dashboard))
        .routes(routes!(logout_mobile))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(check_reset_token))
}

/// The body of `POST /auth/token`. Validated by `academy_shared::auth_rules::validate_login`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct Credentials {
    #[schema(example = "student01")]
    pub username: String,
    #[schema(example = "Student#2026")]
    pub password: String,
}

/// A new token pair: `token` is the access token (send it as `Authorization: Bearer`), `refreshToken` goes to
/// the `current-token` cookie and is exchanged at `/auth/refresh`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenResult {
    pub token: String,
    pub refresh_token: String,
    pub authenticated: bool,
}

impl From<TokenPair> for TokenResult {
    fn from(pair: TokenPair) -> Self {
        TokenResult { token: pair.access.token, refresh_token: pair.refresh.token, authenticated: true }
    }
}

/// A token sent in a body (`/auth/refresh`, `/auth/introspect`, `/auth/logout`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenBody {
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Introspection {
    /// Whether the token is a live access token (valid signature and expiry, open session, active user).
    pub valid: bool,
}

pub mod texts {
    use super::Text;

    pub fn bad_credentials() -> Text {
        Text::new("Tên đăng nhập hoặc mật khẩu không đúng.", "Incorrect username or password.")
    }
    pub fn locked() -> Text {
        Text::new(
            "Tài khoản của bạn đã bị khóa. Vui lòng liên hệ quản trị viên.",
            "Your account is locked. Please contact an administrator.",
        )
    }
    pub fn throttled(minutes: u64) -> Text {
        Text::new(
            format!("Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau {minutes} phút."),
            format!(
                "Too many failed sign-in attempts. Please try again in {minutes} minute{}.",
                if minutes == 1 { "" } else { "s" }
            ),
        )
    }
    pub fn reset_throttled(minutes: u64) -> Text {
        Text::new(
            format!("Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau {minutes} phút."),
            format!(
                "Too many password reset requests. Please try again in {minutes} minute{}.",
                if minutes == 1 { "" } else { "s" }
            ),
        )
    }
    pub fn reset_link_sent() -> Text {
        Text::new(
            "Nếu email này thuộc về một tài khoản, chúng tôi đã gửi liên kết đặt lại mật khẩu. Liên kết có hiệu lực 30 phút.",
            "If this email belongs to an account, a password reset link has been sent. It works for 30 minutes.",
        )
    }
    pub fn reset_link_invalid() -> Text {
        Text::new(
            "Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.",
            "The password reset link is invalid or has expired.",
        )
    }
    pub fn password_reset_done() -> Text {
        Text::new(
            "Mật khẩu đã được đặt lại. Vui lòng đăng nhập bằng mật khẩu mới.",
            "Your password has been reset. Please sign in with your new password.",
        )
    }
    pub fn session_ended() -> Text {
        Text::new(
            "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.",
            "Your session has ended. Please sign in again.",
        )
    }
}

/// A 429 with `Retry-After`.
pub fn throttled_response(retry_after_secs: u64) -> Response {
    too_many(retry_after_secs, texts::throttled)
}

/// A 429 with `Retry-After` and `text` for the minutes to wait.
fn too_many(retry_after_secs: u64, text: fn(u64) -> Text) -> Response {
    let minutes = retry_after_secs.div_ceil(60).max(1);
    let mut response = ApiError::TooManyRequests(text(minutes)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
    response
}

/// Signs in with username and password. Unknown usernames and wrong passwords get the same answer after the
/// same work. Failures are limited per account and address and per address (429 with `Retry-After`); beyond
/// many failures at one account, addresses that failed there wait growing delays (see `auth::login_limit`).
#[utoipa::path(
    post,
    path = "/auth/token",
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 200, description = "Signed in", body = super::Envelope<TokenResult>),
        (status = 400, description = "Username or password missing", body = super::error::ErrorEnvelope),
        (status = 401, description = "Wrong username or password", body = super::error::ErrorEnvelope),
        (status = 403, description = "The account is locked", body = super::error::ErrorEnvelope),
        (status = 429, description = "Too many failed attempts", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_token(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    headers: HeaderMap,
    Json(body): Json<Credentials>,
) -> Result<axum::Json<academy_shared::envelope::Envelope<TokenResult>>, Response> {
    let form = LoginForm { username: body.username, password: body.password };
    let login = validate_login(&form).map_err(|errors| {
        let first = errors.iter().next().map(|(_, e)| *e);
        let message = first.map_or_else(super::error::texts::bad_request, |e| Text::localized(|l| e.message(l)));
        // A value longer than any account's is refused before it is looked up or hashed.
        if errors.iter().any(|(_, e)| matches!(e, LoginError::TooLong { .. })) {
            return ApiError::from(&errors).into_response();
        }
        ApiError::bad_request(message).into_response()
    })?;
    // Usernames in logs are cut: they are whatever the client typed.
    let username: String = login.username.chars().take(64).collect();
    let now = db::now_ms();
    let attempt = match state.login_throttle.begin(&state.pool, &login.username, ip, now).await {
        Ok(Ok(attempt)) => attempt,
        Ok(Err(throttled)) => {
            tracing::warn!(username = %username, ip = %ip, outcome = "throttled", "login attempt");
            return Err(throttled_response(throttled.retry_after_secs));
        }
        Err(e) => return Err(ApiError::from(e).into_response()),
    };
    let user =
        users::find_by_username(&state.pool, &login.username).await.map_err(|e| ApiError::from(e).into_response())?;
    let verified = state
        .passwords
        .verify_or_dummy(&login.password, user.as_ref().map(|u| u.password_hash.as_str()))
        .await
        .map_err(|e| ApiError::internal(e).into_response())?;
    let user = match user {
        Some(user) if verified => user,
        _ => {
            let failed = state.login_throttle.failed(&state.pool, attempt, db::now_ms()).await;
            failed.map_err(|e| ApiError::from(e).into_response())?;
            tracing::warn!(username = %username, ip = %ip, outcome = "bad_credentials", "login attempt");
            return Err(ApiError::Unauthenticated(texts::bad_credentials()).into_response());
        }
    };
    state.login_throttle.succeeded(&state.pool, attempt).await.map_err(|e| ApiError::from(e).into_response())?;
    if !user.is_active() {
        tracing::warn!(username = %username, user_id = %user.id, ip = %ip, outcome = "locked", "login attempt");
        return Err(ApiError::Forbidden(texts::locked()).into_response());
    }
    if crate::identity::password::Passwords::needs_rehash(&user.password_hash) {
        rehash_later(&state, &user.id, &login.password);
    }
    let subject =
        Subject { user_id: user.id.clone(), role: user.role.as_str().to_owned(), token_version: user.token_version };
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let device = sessions::Device { user_agent: user_agent.to_owned(), ip: ip.to_string() };
    let pair = sessions::start(&state.pool, &state.tokens, &subject, &device, db::now_ms())
        .await
        .map_err(|e| ApiError::internal(e).into_response())?;
    tracing::info!(username = %username, user_id = %user.id, ip = %ip, outcome = "success", "login attempt");
    Ok(ok(TokenResult::from(pair)))
}

/// Replaces a hash made with older parameters, off the request's path.
fn rehash_later(state: &AppState, user_id: &str, password: &str) {
    let (state, user_id, password) = (state.clone(), user_id.to_owned(), password.to_owned());
    tokio::spawn(async move {
        let result = async {
            let hash = state.passwords.hash(&password).await?;
            users::set_password_hash(&state.pool, &user_id, &hash).await?;
            anyhow::Ok(())
        }
        .await;
        if let Err(e) = result {
            tracing::warn!(error = format!("{e:#}"), "rehashing a password failed");
        }
    });
}

/// 401 for every refusal, 500 for a database failure.
fn session_error(error: SessionError) -> ApiError {
    match error {
        SessionError::Database(e) => e.into(),
        other => {
            tracing::debug!(error = %other, "token refused");
            ApiError::Unauthenticated(texts::session_ended())
        }
    }
}

/// Exchanges a refresh token for a new pair; the old refresh token is spent. Presenting a spent one again ends
/// its whole session (401).
#[utoipa::path(
    post,
    path = "/auth/refresh",
    tag = "auth",
    request_body = TokenBody,
    responses(
        (status = 200, description = "A new token pair", body = super::Envelope<TokenResult>),
        (status = 401, description = "Invalid, expired, spent or revoked refresh token", body = super::error::ErrorEnvelope),
    )
)]
pub async fn refresh_token(State(state): State<AppState>, Json(body): Json<TokenBody>) -> ApiResult<TokenResult> {
    if body.token.trim().is_empty() {
        return Err(ApiError::Unauthenticated(texts::session_ended()));
    }
    let pair = sessions::refresh(&state.pool, &state.tokens, &body.token, db::now_ms()).await.map_err(session_error)?;
    Ok(ok(TokenResult::from(pair)))
}

/// Says whether a token is a live access token.
#[utoipa::path(
    post,
    path = "/auth/introspect",
    tag = "auth",
    request_body = TokenBody,
    responses((status = 200, description = "`valid` is true only for a live access token", body = super::Envelope<Introspection>))
)]
pub async fn introspect_token(State(state): State<AppState>, Json(body): Json<TokenBody>) -> ApiResult<Introspection> {
    let valid = match current_user::authenticate(&state, body.token.trim()).await {
        Ok(_) => true,
        Err(ApiError::Unauthenticated(_)) => false,
        Err(other) => return Err(other),
    };
    Ok(ok(Introspection { valid }))
}

/// The answer of the logout calls: the envelope plus `ok`, for the callers that read either.
#[derive(Debug, Serialize, ToSchema)]
pub struct LogoutResult {
    pub ok: bool,
    /// 1000.
    pub code: i32,
    pub message: Option<String>,
    pub result: LogoutDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LogoutDetail {
    pub ok: bool,
}

/// Ends the session of the token in the body (access or refresh, expired or not), or of the Bearer token.
/// Always answers ok: a token that is not ours has no session to end.
#[utoipa::path(
    post,
    path = "/auth/logout",
    tag = "auth",
    request_body(content = Option<TokenBody>, description = "Optional: the Bearer token is used when there is no body"),
    responses((status = 200, description = "The session is ended", body = LogoutResult))
)]
pub async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<axum::Json<LogoutResult>, ApiError> {
    end_session(&state, &headers, &body).await
}

/// The dashboard's logout: ends the session of the Bearer token (or of a `token` in a JSON body).
#[utoipa::path(
    post,
    path = "/api/logout",
    tag = "auth",
    request_body(content = Option<TokenBody>, description = "Optional: the Bearer token is used when there is no body"),
    responses((status = 200, description = "The session is ended", body = LogoutResult))
)]
pub async fn logout_dashboard(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<axum::Json<LogoutResult>, ApiError> {
    end_session(&state, &headers, &body).await
}

/// The mobile bar's logout, same as `POST /api/logout`.
#[utoipa::path(
    post,
    path = "/api/logout/",
    tag = "auth",
    request_body(content = Option<TokenBody>, description = "Optional: the Bearer token is used when there is no body"),
    responses((status = 200, description = "The session is ended", body = LogoutResult))
)]
pub async fn logout_mobile(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<axum::Json<LogoutResult>, ApiError> {
    end_session(&state, &headers, &body).await
}

async fn end_session(state: &AppState, headers: &HeaderMap, body: &[u8]) -> Result<axum::Json<LogoutResult>, ApiError> {
    let from_body = serde_json::from_slice::<TokenBody>(body).ok().map(|b| b.token).filter(|t| !t.trim().is_empty());
    let token = from_body.or_else(|| bearer_token(headers).map(str::to_owned));
    if let Some(token) = token {
        match sessions::end(&state.pool, &state.tokens, &token, db::now_ms()).await {
            Ok(user_id) => tracing::info!(user_id = %user_id, "logged out"),
            Err(SessionError::Database(e)) => return Err(e.into()),
            Err(e) => tracing::debug!(error = %e, "logout with a token that is not ours"),
        }
    }
    Ok(axum::Json(LogoutResult { ok: true, code: SUCCESS_CODE, message: None, result: LogoutDetail { ok: true } }))
}

// ---------------------------------------------------------------------------------------------------------
// Password recovery

/// The body of `POST /auth/forgot-password`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ForgotPassword {
    #[schema(example = "student01@example.com")]
    pub email: String,
}

/// The body of `POST /auth/reset-password`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetPassword {
    /// The `token` of the mailed link.
    pub token: String,
    pub password: String,
}

/// A text to show.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResult {
    pub message: String,
}

/// Mails a single-use reset link (valid 30 minutes) when the email belongs to an active account. The answer
/// is the same either way, and the mail is sent after answering, so neither reveals whether the account exists.
/// Requests are limited per email address (3) and per client address (10) in 15 minutes, for registered and
/// unknown addresses alike (429 with `Retry-After`).
#[utoipa::path(
    post,
    path = "/auth/forgot-password",
    tag = "auth",
    request_body = ForgotPassword,
    responses(
        (status = 200, description = "Always the same answer", body = super::Envelope<MessageResult>),
        (status = 422, description = "Not an email address", body = super::error::ErrorEnvelope),
        (status = 429, description = "Too many requests for this email or from this address", body = super::error::ErrorEnvelope),
    )
)]
pub async fn forgot_password(
    State(state): State<AppState>,
    super::Language(lang): super::Language,
    ClientAddr(ip): ClientAddr,
    Json(body): Json<ForgotPassword>,
) -> Result<axum::Json<academy_shared::envelope::Envelope<MessageResult>>, Response> {
    let email = body.email.trim().to_owned();
    if let Err(error) = academy_shared::auth_rules::check_email(&body.email) {
        return Err(ApiError::refused("email", error).into_response());
    }
    let throttle = crate::identity::login_limit::ResetRequestThrottle::default();
    match throttle.begin(&state.pool, &email, ip, db::now_ms()).await {
        Ok(Ok(())) => {}
        Ok(Err(throttled)) => {
            tracing::warn!(ip = %ip, outcome = "throttled", "password reset requested");
            return Err(too_many(throttled.retry_after_secs, texts::reset_throttled));
        }
        Err(e) => return Err(ApiError::from(e).into_response()),
    }
    tracing::info!(ip = %ip, "password reset requested");
    let task_state = state.clone();
    tokio::spawn(async move {
        if let Err(e) = send_reset_link(&task_state, &email, lang).await {
            tracing::error!(error = format!("{e:#}"), "sending a password reset link failed");
        }
    });
    Ok(ok(MessageResult { message: texts::reset_link_sent().get(lang).to_owned() }))
}

async fn send_reset_link(state: &AppState, email: &str, lang: academy_shared::i18n::Lang) -> anyhow::Result<()> {
    let Some(user) = users::find_by_email(&state.pool, email).await? else { return Ok(()) };
    if !user.is_active() {
        return Ok(());
    }
    let token = crate::identity::reset::create(&state.pool, &user.id, db::now_ms()).await?;
    let link = format!("{}/reset-password?token={token}", state.config.public_origin());
    let minutes = crate::identity::reset::RESET_LINK_LIFETIME.as_secs() / 60;
    let (subject, body_text) = crate::platform::mail::templates::password_reset(lang, &link, minutes);
    state.mailer.send(&crate::platform::mail::Mail { to: user.email.clone(), subject, body_text }).await?;
    tracing::info!(user_id = %user.id, "password reset link sent");
    Ok(())
}

/// Sets a new password with a mailed link's token (same rules as registration) and ends every session of the
/// account. An unknown, used, replaced or expired token is refused with the invalid-link text.
#[utoipa::path(
    post,
    path = "/auth/reset-password",
    tag = "auth",
    request_body = ResetPassword,
    responses(
        (status = 200, description = "Password changed", body = super::Envelope<MessageResult>),
        (status = 400, description = "Invalid or expired reset link", body = super::error::ErrorEnvelope),
        (status = 422, description = "Password refused (`result.fields.password`)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn reset_password(
    State(state): State<AppState>,
    super::Language(lang): super::Language,
    Json(body): Json<ResetPassword>,
) -> ApiResult<MessageResult> {
    let token = body.token.trim();
    let now = db::now_ms();
    if token.is_empty() || !crate::identity::reset::is_usable(&state.pool, token, now).await? {
        return Err(ApiError::bad_request(texts::reset_link_invalid()));
    }
    crate::identity::policy::check_new_password(&body.password, &[])?;
    let hash = state.passwords.hash(body.password.trim()).await.map_err(ApiError::internal)?;
    match crate::identity::reset::consume(&state.pool, token, &hash, db::now_ms()).await {
        Ok(user_id) => tracing::info!(user_id = %user_id, "password reset; sessions ended"),
        Err(crate::identity::reset::ResetError::InvalidOrExpired) => {
            return Err(ApiError::bad_request(texts::reset_link_invalid()));
        }
        Err(crate::identity::reset::ResetError::Database(e)) => return Err(e.into()),
    }
    Ok(ok(MessageResult { message: texts::password_reset_done().get(lang).to_owned() }))
}

/// Whether a reset link's token still works (so the reset page can say so before the user types).
#[utoipa::path(
    post,
    path = "/auth/reset-password/check",
    tag = "auth",
    request_body = TokenBody,
    responses((status = 200, description = "`valid`", body = super::Envelope<Introspection>))
)]
pub async fn check_reset_token(State(state): State<AppState>, Json(body): Json<TokenBody>) -> ApiResult<Introspection> {
    let token = body.token.trim();
    let valid = !token.is_empty() && crate::identity::reset::is_usable(&state.pool, token, db::now_ms()).await?;
    Ok(ok(Introspection { valid }))
}
