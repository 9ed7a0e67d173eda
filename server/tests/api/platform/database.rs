use academy_server::platform::{db, settings};

use crate::helpers::{backend, spawn_app};

#[tokio::test]
async fn the_app_runs_on_the_backend_the_test_run_chose() {
    let app = spawn_app().await;

    assert_eq!(app.state.backend, backend());
}

#[tokio::test]
async fn every_migration_is_applied_at_start() {
    let app = spawn_app().await;
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/sqlite"))
        .expect("migrations dir")
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "sql")))
        .count();

    let applied: i64 = sqlx::query_scalar("select count(*) from _sqlx_migrations where success = $1")
        .bind(true)
        .fetch_one(&app.state.pool)
        .await
        .expect("migrations table");

    assert_eq!(applied, i64::try_from(files).expect("small"));
}

#[tokio::test]
async fn a_setting_is_stored_and_replaced() {
    let app = spawn_app().await;
    let pool = &app.state.pool;

    assert_eq!(settings::get(pool, "site.name").await.expect("read"), None);
    settings::put(pool, "site.name", "Học viện").await.expect("stored");
    settings::put(pool, "site.name", "Academy").await.expect("replaced");

    assert_eq!(settings::get(pool, "site.name").await.expect("read").as_deref(), Some("Academy"));
}

#[tokio::test]
async fn migrations_can_run_again_without_changes() {
    let app = spawn_app().await;

    db::migrate(&app.state.pool, app.state.backend).await.expect("second run is a no-op");
}
