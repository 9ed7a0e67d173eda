//! The server's integration tests: one binary, real HTTP against `spawn_app()`.
//! Run on SQLite by default; `ACADEMY_TEST_BACKEND=postgres` runs the same tests on PostgreSQL.
//! A folder per domain of `server/src`; the tests of the whole server process stay at the top.

mod accounts;
mod helpers;
mod server_process;

mod catalogue;
mod commerce;
mod dashboard;
mod files;
mod finance;
mod http;
mod identity;
mod learning;
mod notifications;
mod platform;
mod schedule;

mod backups;
mod chat;
mod classes;
mod contact;
mod crash;
mod crash_money;
mod disk_full;
mod housekeeping;
mod material;
mod meeting;
mod mentorship;
mod outage;
mod privacy;
mod reports;
mod shutdown;
mod site_settings;

// Fixtures other domains' tests share, under the names they use.
use commerce::fixtures as commerce_fixtures;
use notifications::live as notifications_live;
