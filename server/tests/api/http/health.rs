use crate::helpers::{backend, spawn_app};

#[tokio::test]
async fn healthz_reports_ok_and_the_database_in_use() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/healthz").await;

    // Assert
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["code"], 1000);
    assert_eq!(body["result"]["status"], "ok");
    assert_eq!(body["result"]["database"], backend().name());
}

#[tokio::test]
async fn healthz_is_503_when_the_database_is_gone() {
    let app = spawn_app().await;
    app.state.pool.close().await;

    let response = app.get("/healthz").await;

    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["code"], 9999);
}
