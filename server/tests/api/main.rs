//! The server's integration tests: one binary, real HTTP against `spawn_app()`.
//! Run on SQLite by default; `ACADEMY_TEST_BACKEND=postgres` runs the same tests on PostgreSQL.

mod accounts;
mod helpers;

mod auth;
mod catalogue;
mod contact;
mod dashboard;
mod database;
mod email_change;
mod docs;
mod errors;
mod files;
mod material;
mod health;
mod housekeeping;
mod jobs;
mod login_limits;
mod limits;
mod middleware;
mod password_reset;
mod response_cache;
mod search_refresh;
mod schema_parity;
mod search_scale;
mod token_refresh;
mod users;
mod users_admin;
mod web;
