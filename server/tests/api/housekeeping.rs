//! The periodic chores: expired login and reset-request counters are dropped, current ones kept.

use serde_json::json;

use crate::helpers::spawn_app;

async fn counters(app: &crate::helpers::TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from login_throttles").fetch_one(&app.state.pool).await.expect("count")
}

#[tokio::test]
async fn a_run_drops_login_counters_whose_window_has_passed_and_keeps_current_ones() {
    let app = spawn_app().await;
    let wrong = json!({"username": "nobody-here", "password": "Wrong#Pass-99"});
    assert_eq!(app.post_json("/auth/token", wrong).await.status(), 401);
    let counted = counters(&app).await;
    assert!(counted > 0, "a failed login is counted");

    academy_server::housekeeping::run_once(&app.state, academy_server::platform::db::now_ms()).await;
    let kept = counters(&app).await;
    academy_server::housekeeping::run_once(&app.state, academy_server::platform::db::now_ms() + 24 * 60 * 60 * 1000)
        .await;
    let after_a_day = counters(&app).await;

    assert_eq!(kept, counted, "counters still in their window stay");
    assert_eq!(after_a_day, 0);
}
