//! Who the caller is: passwords, tokens, sessions (refresh-token families), login throttling, password resets,
//! and the extractors handlers use to require a signed-in user ([`CurrentUser`], [`MaybeUser`],
//! [`require_role`]).

pub mod accounts;
pub mod admin;
pub mod login_limit;
pub mod password;
pub mod policy;
pub mod repo;
pub mod reset;
pub mod routes;
pub mod sessions;
pub mod tokens;
