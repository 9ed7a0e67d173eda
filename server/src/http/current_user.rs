//! Extractors that say who is calling: [`CurrentUser`] (required), [`MaybeUser`] (optional), and
//! [`require_role`] for role-restricted handlers.
//!
//! The caller proves who they are with `Authorization: Bearer <access token>`. The token must be a valid
//! access token (HS256, issuer, audience, kind, expiry) AND its session must be open, its user active and at the
//! same token version (one indexed read per request, see [`crate::identity::sessions::authenticate`]); the role
//! comes from the database, so a role change applies at once.

use academy_shared::roles::Role;
use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, header, request::Parts},
};

use super::ApiError;
use crate::{
    identity::sessions::{self, SessionError},
    state::AppState,
};

/// The signed-in caller. As an extractor, answers 401 (error envelope) when there is no valid access token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrentUser {
    /// The user's id (`users.id`).
    pub id: String,
    /// The user's role as stored now.
    pub role: Role,
    /// The session (refresh-token family) the token belongs to.
    pub session_id: String,
}

impl CurrentUser {
    /// Whether the caller has one of `roles`.
    pub fn has_role(&self, roles: &[Role]) -> bool {
        roles.contains(&self.role)
    }
}

/// The caller when a valid access token was sent, `None` otherwise (no header, or a token that does not
/// authenticate: public endpoints then answer as for a visitor instead of failing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaybeUser(pub Option<CurrentUser>);

/// 403 (error envelope) unless `user` has one of `roles`.
pub fn require_role(user: &CurrentUser, roles: &[Role]) -> Result<(), ApiError> {
    if user.has_role(roles) { Ok(()) } else { Err(ApiError::forbidden()) }
}

/// The token of an `Authorization: Bearer <token>` header (scheme compared case-insensitively).
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// The value of cookie `name` (the first one that is not empty).
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, value)| *key == name && !value.is_empty())
        .map(|(_, value)| value)
}

/// Authenticates an access token against the database.
pub async fn authenticate(state: &AppState, token: &str) -> Result<CurrentUser, ApiError> {
    match sessions::authenticate(&state.pool, &state.tokens, token).await {
        Ok(principal) => {
            Ok(CurrentUser { id: principal.user_id, role: principal.role, session_id: principal.session_id })
        }
        Err(SessionError::Database(e)) => Err(e.into()),
        Err(e) => {
            tracing::debug!(error = %e, "access token refused");
            Err(ApiError::unauthenticated())
        }
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(&parts.headers).ok_or_else(ApiError::unauthenticated)?.to_owned();
        authenticate(state, &token).await
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Some(token) = bearer_token(&parts.headers).map(str::to_owned) else { return Ok(MaybeUser(None)) };
        match authenticate(state, &token).await {
            Ok(user) => Ok(MaybeUser(Some(user))),
            Err(ApiError::Unauthenticated(_)) => Ok(MaybeUser(None)),
            Err(other) => Err(other),
        }
    }
}

/// The roles an endpoint is for: [`Allowed<R>`] extracts the signed-in caller and answers 403 (error envelope)
/// to any other role, before the request's body is read.
pub trait Roles: Send + Sync + 'static {
    const ROLES: &'static [Role];
}

macro_rules! role_sets {
    ($($(#[$doc:meta])* $name:ident = [$($role:ident),+];)+) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $name;

        impl Roles for $name {
            const ROLES: &'static [Role] = &[$(Role::$role),+];
        }
    )+};
}

role_sets! {
    /// Administrators only.
    Admins = [Admin];
    /// Administrators and staff: the people who run the academy.
    Staff = [Admin, Staff];
    /// Teachers and administrators: who build courses and mentorship plans.
    Teachers = [Teacher, Admin];
    /// Everyone who works in the dashboard's catalogue: administrators, staff and teachers.
    DashboardUsers = [Admin, Staff, Teacher];
}

/// The signed-in caller, known to have one of `R`'s roles: `Allowed(user, _): Allowed<Admins>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed<R: Roles>(pub CurrentUser, pub std::marker::PhantomData<R>);

impl<R: Roles> FromRequestParts<AppState> for Allowed<R> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        require_role(&user, R::ROLES)?;
        Ok(Allowed(user, std::marker::PhantomData))
    }
}
