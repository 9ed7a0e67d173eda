//! Who the caller is: accounts ([`repo`], [`accounts`], the rules of [`policy`]), passwords, tokens, sessions
//! (refresh-token families), login throttling, password resets, the first administrator ([`admin`]), and their
//! routes ([`routes`]). The extractors that require a signed-in user sit at the HTTP edge
//! ([`CurrentUser`](crate::http::CurrentUser)).

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
