//! Who the caller is: accounts ([`repo`], [`accounts`], the rules of [`policy`]), passwords, tokens, sessions
//! (refresh-token families), login throttling and the limits on other anonymous writes ([`rate_limit`]), password resets, e-mail changes, the first administrator ([`admin`]), and their
//! routes ([`routes`]). The extractors that require a signed-in user sit at the HTTP edge
//! ([`CurrentUser`](crate::http::CurrentUser)).

pub mod accounts;
pub mod admin;
pub mod email_change;
pub mod login_limit;
pub mod password;
pub mod policy;
pub mod profile;
pub mod rate_limit;
pub mod repo;
pub mod reset;
pub mod routes;
pub mod security;
pub mod sessions;
pub mod tokens;

/// Every route of this domain (accounts, passwords, tokens, sessions, the administration of users); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new()
        .merge(routes::auth::router())
        .merge(routes::users::router())
        .merge(routes::security::router())
        .merge(routes::admin_users::router())
}
