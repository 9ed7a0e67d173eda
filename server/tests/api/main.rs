//! The server's integration tests: one binary, real HTTP against `spawn_app()`.
//! Run on SQLite by default; `ACADEMY_TEST_BACKEND=postgres` runs the same tests on PostgreSQL.

mod accounts;
mod helpers;

mod auth;
mod catalogue;
mod contact;
mod dashboard;
mod database;
mod docs;
mod email_change;
mod errors;
mod files;
mod headers;
mod health;
mod housekeeping;
mod jobs;
mod limits;
mod log_lines;
mod login_limits;
mod material;
mod media_links;
mod middleware;
mod notifications;
mod notifications_broadcast;
mod notifications_live;
mod pagination;
mod password_reset;
mod rate_limits;
mod response_cache;
mod schema_parity;
mod search_refresh;
mod search_scale;
mod token_refresh;
mod users;
mod users_admin;
mod web;
