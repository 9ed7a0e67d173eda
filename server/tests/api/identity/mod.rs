//! Accounts, sign-in, sessions, passwords and the users admin.

mod auth;
mod email_change;
mod login_limits;
mod password_reset;
mod security;
mod token_refresh;
mod users;
mod users_admin;
