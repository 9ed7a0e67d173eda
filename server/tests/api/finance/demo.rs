//! The demo's payouts: every finance page has something real to show, and the ledger stays balanced.

use reqwest::Method;
use serde_json::Value;

use crate::{accounts::status_json, catalogue::spawn_demo_app, helpers::TestApp};

async fn get(app: &TestApp, path: &str, token: &str) -> Value {
    let (status, body) = status_json(app.send(Method::GET, path, Some(token), None).await).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["result"].clone()
}

async fn id_of(app: &TestApp, username: &str) -> String {
    sqlx::query_scalar("select id from users where username = $1")
        .bind(username)
        .fetch_one(&app.state.pool)
        .await
        .expect("a demo teacher")
}

#[tokio::test]
async fn the_demo_has_teachers_with_money_accounts_and_payouts_of_every_kind_on_a_balanced_ledger() {
    let app = spawn_demo_app().await;
    let (admin, _) = app.login("admin01", "Admin@2026").await;

    let huy = id_of(&app, "lequanghuy").await;
    let balance = get(&app, &format!("/api/finance/balance?teacherId={huy}"), &admin).await;
    let f = &balance["figures"][0];
    assert!(f["maturing"].as_i64() > Some(0) && f["available"].as_i64() > Some(0), "maturing and available: {f}");
    assert_eq!(f["reserved"].as_i64(), Some(500_000), "a pending request");
    let accounts = get(&app, &format!("/api/finance/payout-accounts?teacherId={huy}"), &admin).await;
    assert_eq!(accounts.as_array().map(Vec::len), Some(1));

    let queue = get(&app, "/api/finance/payout-requests", &admin).await;
    let (pending, paid, rejected) =
        (queue["counts"]["pending"].as_i64(), queue["counts"]["paid"].as_i64(), queue["counts"]["rejected"].as_i64());
    assert_eq!((pending, paid, rejected), (Some(1), Some(3), Some(1)), "{queue}");
    let items = queue["items"].as_array().expect("items");
    assert!(items.iter().filter(|r| r["status"] == "paid").all(|r| r["bankReference"].as_str().is_some()));
    let refused = items.iter().find(|r| r["status"] == "rejected").expect("a rejected one");
    assert!(refused["reasonText"].as_str().is_some_and(|t| t.contains("không khớp")), "{refused}");
    assert!(items.iter().any(|r| r["tax"].as_i64() == Some(250_000)), "one with tax withheld");

    let ha = id_of(&app, "tranthuha").await;
    let f = &get(&app, &format!("/api/finance/balance?teacherId={ha}"), &admin).await["figures"][0];
    let refunded: i64 = sqlx::query_scalar(
        "select cast(sum(i.teacher_share) as bigint) from order_items i join orders o on o.id = i.order_id \
         where i.teacher_id = $1 and o.status = 'refunded'",
    )
    .bind(&ha)
    .fetch_one(&app.state.pool)
    .await
    .expect("her refunded share");
    assert!(refunded > 0);
    assert_eq!(f["available"].as_i64(), Some(-refunded), "all she had was paid out, then a sale refunded: {f}");

    let tung = id_of(&app, "phamthanhtung").await;
    let year = chrono::Utc::now().format("%Y").to_string();
    let statement = get(&app, &format!("/api/finance/withholding?year={year}&teacherId={tung}"), &admin).await;
    assert_eq!((statement["tax"].as_i64(), statement["gross"].as_i64()), (Some(250_000), Some(2_500_000)));

    let sum: i64 = sqlx::query_scalar("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries")
        .fetch_one(&app.state.pool)
        .await
        .expect("sum");
    assert_eq!(sum, 0, "the ledger sums to zero");
}
