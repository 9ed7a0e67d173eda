//! Paying teachers, on both databases: balances read from the ledger, payout accounts, requests that reserve
//! at once (never more than is available, however many race), the administrators' decisions (once each), tax
//! withheld, refunds after a payout, statements, and no teacher reading another's money. The ledger sums to
//! zero after each test.

use academy_server::{
    finance::{balance, settings as payout_settings},
    platform::db::now_ms,
};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, Shop, shop};

/// A shop whose teachers can be paid at once: no holding period, no wait for new accounts (unless `adjust`
/// says otherwise); an administrator's token.
pub(crate) async fn payout_shop(rules: Value) -> (Shop, String) {
    payout_shop_on(shop().await, rules).await
}

/// [`payout_shop`] in a shop of one's own (e.g. with payOS configured).
pub(crate) async fn payout_shop_on(shop: Shop, rules: Value) -> (Shop, String) {
    let admin = shop.admin_with_payments().await;
    let mut settings = json!({
        "rules": { "holdingDays": 0, "accountWaitHours": 0, "minimumPayout": 100_000, "withholdTax": false },
        "bankManual": { "minimum": 100_000, "fee": { "kind": "none" }, "noteVi": "Trong 3 ngày", "noteEn": "In 3 days" },
    });
    if let (Some(target), Some(changes)) = (settings["rules"].as_object_mut(), rules.as_object()) {
        for (key, value) in changes {
            target.insert(key.clone(), value.clone());
        }
    }
    let (status, body) = shop.call(Method::PUT, "/api/admin/payout-settings", &admin, Some(settings)).await;
    assert_eq!(status, 200, "{body}");
    (shop, admin)
}

/// A teacher who sold a course of `price` (paid, confirmed by an administrator): (id, token, order id).
pub(crate) async fn teacher_with_sale(shop: &Shop, admin: &str, price: i64) -> (String, String, String) {
    let (teacher, token) = shop.person("teach", Role::Teacher).await;
    let order = sell(shop, admin, &teacher.id, price).await;
    (teacher.id, token, order)
}

/// Sells a new course of `teacher_id` at `price` to a new student; the paid order's id.
pub(crate) async fn sell(shop: &Shop, admin: &str, teacher_id: &str, price: i64) -> String {
    let course = shop.course_of(teacher_id, NewCourse::vnd("Khóa học", price)).await;
    let (_, _, pending) = shop.pending_order(&[&course]).await;
    let id = pending["_id"].as_str().expect("id").to_owned();
    let path = format!("/api/admin/orders/{id}/confirm");
    let (status, body) = shop.call(Method::POST, &path, admin, Some(json!({ "note": "Đã thấy tiền" }))).await;
    assert_eq!(status, 200, "{body}");
    id
}

/// Adds a payout account for the signed-in teacher; its id.
pub(crate) async fn account(shop: &Shop, token: &str) -> String {
    let body = json!({
        "bankBin": "970436",
        "accountNumber": "0071 0001 23651",
        "holderName": "Nguyễn Văn Ánh",
        "password": crate::accounts::PASSWORD,
    });
    let (status, body) = shop.call(Method::POST, "/api/finance/payout-accounts", token, Some(body)).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["id"].as_str().expect("id").to_owned()
}

pub(crate) async fn ask(shop: &Shop, token: &str, account: &str, amount: i64, key: &str) -> (u16, Value) {
    let request = shop
        .app
        .client
        .post(shop.app.url("/api/finance/payout-requests"))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(&json!({ "amount": amount, "accountId": account }));
    crate::accounts::status_json(request.send().await.expect("sent")).await
}

pub(crate) async fn figures(shop: &Shop, token: &str, teacher: Option<&str>) -> Value {
    let path = match teacher {
        Some(id) => format!("/api/finance/balance?teacherId={id}"),
        None => "/api/finance/balance".to_owned(),
    };
    let (status, body) = shop.call(Method::GET, &path, token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["figures"][0].clone()
}

async fn figures_page(shop: &Shop, token: &str) -> Value {
    let (status, body) = shop.call(Method::GET, "/api/finance/balance", token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

pub(crate) async fn decide(shop: &Shop, admin: &str, id: &str, what: &str, body: Value) -> (u16, Value) {
    shop.call(Method::POST, &format!("/api/finance/payout-requests/{id}/{what}"), admin, Some(body)).await
}

pub(crate) async fn assert_ledger_balanced(shop: &Shop) {
    let sum: i64 = sqlx::query_scalar("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries")
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("sum");
    assert_eq!(sum, 0, "the ledger sums to zero");
    shop.assert_day_sums_are_the_entries().await;
}

#[tokio::test]
async fn a_teachers_figures_are_the_sums_of_their_ledger_entries() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    sell(&shop, &admin, &teacher, 500_000).await;

    let f = figures(&shop, &token, None).await;
    let earned = shop.balance(&format!("teacher:{teacher}")).await;
    assert_eq!(earned, 1_200_000, "80% of 1.500.000 ₫");
    assert_eq!(
        (f["available"].as_i64(), f["lifetime"].as_i64(), f["maturing"].as_i64()),
        (Some(earned), Some(earned), Some(0))
    );

    let account = account(&shop, &token).await;
    let (status, body) = ask(&shop, &token, &account, 700_000, "k1").await;
    assert_eq!(status, 201, "{body}");
    let f = figures(&shop, &token, None).await;
    assert_eq!((f["available"].as_i64(), f["reserved"].as_i64()), (Some(500_000), Some(700_000)));
    assert_eq!(shop.balance(&format!("payout:reserved:{teacher}")).await, 700_000);

    let id = body["result"]["id"].as_str().expect("id");
    let (status, body) =
        decide(&shop, &admin, id, "pay", json!({ "bankReference": "FT2633", "paidOn": "2026-11-27" })).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("paid")), "{body}");
    let f = figures(&shop, &token, None).await;
    assert_eq!(
        (f["available"].as_i64(), f["reserved"].as_i64(), f["paidOut"].as_i64()),
        (Some(500_000), Some(0), Some(700_000))
    );
    assert_eq!(f["lifetime"].as_i64(), Some(1_200_000));
    assert_eq!(shop.balance("clearing:payout:bank_manual").await, 700_000);
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn earnings_mature_once_the_holding_days_have_passed() {
    let (shop, admin) = payout_shop(json!({ "holdingDays": 7 })).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;

    let f = figures(&shop, &token, None).await;
    assert_eq!((f["maturing"].as_i64(), f["available"].as_i64()), (Some(800_000), Some(0)));
    let (_, body) = shop.call(Method::GET, "/api/finance/balance", &token, None).await;
    let sale = &body["result"]["latest"][0];
    assert_eq!(sale["kind"], "sale");
    assert!(sale["availableAt"].as_str().is_some(), "each sale says when it becomes available: {sale}");
    let account = account(&shop, &token).await;
    assert_eq!(ask(&shop, &token, &account, 100_000, "early").await.0, 422, "nothing available yet");

    // Time passes (given, not slept): 7 days and a minute later the sale's earnings are available.
    let rules = payout_settings::read(&shop.app.state.pool).await.expect("settings").rules;
    let mut conn = shop.app.state.pool.acquire().await.expect("connection");
    let later = now_ms() + 7 * 86_400_000 + 60_000;
    let matured = balance::vnd(&balance::figures(&mut conn, &teacher, &rules, later).await.expect("figures"));
    assert_eq!((matured.maturing, matured.available), (0, 800_000));
    let day_before = now_ms() + 6 * 86_400_000;
    let still = balance::vnd(&balance::figures(&mut conn, &teacher, &rules, day_before).await.expect("figures"));
    assert_eq!((still.maturing, still.available), (800_000, 0));
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn twenty_concurrent_payout_requests_never_reserve_more_than_is_available() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let account = account(&shop, &token).await;

    // 800.000 ₫ available; 20 requests of 150.000 ₫ race: at most 5 fit.
    let keys: Vec<String> = (0..20).map(|i| format!("race-{i}")).collect();
    let answers =
        futures_util::future::join_all(keys.iter().map(|key| ask(&shop, &token, &account, 150_000, key))).await;
    let created = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(created, 5, "{answers:?}");
    assert!(answers.iter().all(|(status, _)| [201, 422].contains(status)), "{answers:?}");
    assert_eq!(shop.balance(&format!("payout:reserved:{teacher}")).await, 750_000);
    assert_eq!(shop.balance(&format!("teacher:{teacher}")).await, 50_000);
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn the_same_key_gives_the_same_request_and_another_body_is_refused() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let account = account(&shop, &token).await;

    let (first, body) = ask(&shop, &token, &account, 200_000, "same").await;
    let (again, repeat) = ask(&shop, &token, &account, 200_000, "same").await;
    assert_eq!((first, again), (201, 200));
    assert_eq!(body["result"]["id"], repeat["result"]["id"]);
    assert_eq!(ask(&shop, &token, &account, 300_000, "same").await.0, 409, "the key names another request");
    assert_eq!(shop.balance(&format!("payout:reserved:{teacher}")).await, 200_000, "reserved once");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn two_administrators_deciding_at_once_decide_once() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (_, second_admin) = shop.person("admin2", Role::Admin).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let account = account(&shop, &token).await;
    let (_, body) = ask(&shop, &token, &account, 400_000, "one").await;
    let id = body["result"]["id"].as_str().expect("id").to_owned();

    let pay = json!({ "bankReference": "FT1", "paidOn": "2026-11-27" });
    let reject = json!({ "reason": "invalid_account", "note": "" });
    let (paid, rejected) = tokio::join!(
        decide(&shop, &admin, &id, "pay", pay.clone()),
        decide(&shop, &second_admin, &id, "reject", reject)
    );
    let statuses = [paid.0, rejected.0];
    assert!(statuses.contains(&200) && statuses.contains(&409), "{paid:?} {rejected:?}");
    let decided_entries: i64 = sqlx::query_scalar(
        "select count(*) from ledger_transactions where idempotency_key like $1 and kind <> 'payout_requested'",
    )
    .bind(format!("payout:{id}:%"))
    .fetch_one(&shop.app.state.pool)
    .await
    .expect("count");
    assert_eq!(decided_entries, 1, "one decision reached the ledger");
    assert_eq!(shop.balance(&format!("payout:reserved:{teacher}")).await, 0);
    assert_eq!(decide(&shop, &admin, &id, "pay", pay).await.0, 409, "never twice");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_rejection_releases_the_amount_and_a_failed_transfer_gives_it_back() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let account = account(&shop, &token).await;

    let (_, body) = ask(&shop, &token, &account, 300_000, "r").await;
    let id = body["result"]["id"].as_str().expect("id").to_owned();
    let (status, body) = decide(&shop, &admin, &id, "reject", json!({ "reason": "other", "note": "" })).await;
    assert_eq!((status, body["result"]["fields"]["note"].is_string()), (422, true), "`other` needs a note");
    let (status, body) =
        decide(&shop, &admin, &id, "reject", json!({ "reason": "invalid_account", "note": "Sai tên chủ tài khoản" }))
            .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["result"]["reasonText"].as_str().is_some_and(|t| t.contains("Sai tên chủ tài khoản")));
    assert_eq!(figures(&shop, &token, None).await["available"].as_i64(), Some(800_000));

    let (_, body) = ask(&shop, &token, &account, 500_000, "f").await;
    let id = body["result"]["id"].as_str().expect("id").to_owned();
    assert_eq!(decide(&shop, &admin, &id, "fail", json!({ "note": "x" })).await.0, 409, "only a paid one can fail");
    decide(&shop, &admin, &id, "pay", json!({ "bankReference": "FT9", "paidOn": "2026-11-27" })).await;
    assert_eq!(figures(&shop, &token, None).await["paidOut"].as_i64(), Some(500_000));
    let (status, _) = decide(&shop, &admin, &id, "fail", json!({ "note": "Tài khoản bị khóa" })).await;
    assert_eq!(status, 200);
    let f = figures(&shop, &token, None).await;
    assert_eq!((f["available"].as_i64(), f["paidOut"].as_i64()), (Some(800_000), Some(0)));
    assert_eq!(shop.balance("clearing:payout:bank_manual").await, 0);
    // The teacher was told of each decision.
    let told: i64 =
        sqlx::query_scalar("select count(*) from notifications where user_id = $1 and kind = 'PaymentRequest'")
            .bind(&teacher)
            .fetch_one(&shop.app.state.pool)
            .await
            .expect("count");
    assert!(told >= 3, "told of the rejection, the payment and the failure ({told})");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn tax_is_withheld_from_two_million_dong_but_not_below_nor_with_the_commitment() {
    let (shop, admin) = payout_shop(json!({ "withholdTax": true })).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 10_000_000).await;
    let account = account(&shop, &token).await;

    let (_, body) = ask(&shop, &token, &account, 2_000_000, "t1").await;
    assert_eq!((body["result"]["tax"].as_i64(), body["result"]["net"].as_i64()), (Some(200_000), Some(1_800_000)));
    let (_, body) = ask(&shop, &token, &account, 1_999_999, "t2").await;
    assert_eq!(body["result"]["tax"].as_i64(), Some(0));
    let id = body["result"]["id"].as_str().expect("id").to_owned();
    decide(&shop, &admin, &id, "pay", json!({ "bankReference": "FT2", "paidOn": "2026-11-27" })).await;

    let year = balance::year_start_ms(now_ms()).1;
    let commitment = json!({ "teacherId": teacher, "year": year, "declaredOn": "2026-01-05" });
    let (status, body) =
        shop.call(Method::PUT, "/api/admin/finance/tax-commitments", &token, Some(commitment.clone())).await;
    assert_eq!(status, 403, "only administrators record it: {body}");
    let (status, body) = shop.call(Method::PUT, "/api/admin/finance/tax-commitments", &admin, Some(commitment)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(figures_page(&shop, &token).await["taxCommitmentThisYear"], true);
    let (_, body) = ask(&shop, &token, &account, 2_000_000, "t3").await;
    assert_eq!(body["result"]["tax"].as_i64(), Some(0), "the commitment form stops withholding");

    // Tax is taken when paid: the first request.
    let first: String = sqlx::query_scalar("select id from payout_requests where idempotency_key = 't1'")
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("id");
    decide(&shop, &admin, &first, "pay", json!({ "bankReference": "FT1", "paidOn": "2026-11-27" })).await;
    assert_eq!(shop.balance(&format!("tax:withheld:{teacher}")).await, 200_000);
    assert_eq!(figures(&shop, &token, None).await["taxWithheldThisYear"].as_i64(), Some(200_000));
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_refund_after_a_payout_is_owed_and_netted_from_the_next_sale() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (teacher, token, order) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let account = account(&shop, &token).await;
    let (_, body) = ask(&shop, &token, &account, 800_000, "all").await;
    let id = body["result"]["id"].as_str().expect("id").to_owned();
    decide(&shop, &admin, &id, "pay", json!({ "bankReference": "FT7", "paidOn": "2026-11-27" })).await;

    let path = format!("/api/admin/orders/{order}/refund");
    let (status, body) = shop.call(Method::POST, &path, &admin, Some(json!({ "note": "Học viên đổi ý" }))).await;
    assert_eq!(status, 200, "{body}");
    let f = figures(&shop, &token, None).await;
    assert_eq!(f["available"].as_i64(), Some(-800_000), "owed, never hidden as 0");
    assert_eq!(ask(&shop, &token, &account, 100_000, "owed").await.0, 422);

    sell(&shop, &admin, &teacher, 1_500_000).await;
    let f = figures(&shop, &token, None).await;
    assert_eq!(f["available"].as_i64(), Some(1_200_000 - 800_000), "the next sale pays what was owed first");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_teacher_never_reads_another_teachers_money() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (khoa, khoa_token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let (_, ha_token, _) = teacher_with_sale(&shop, &admin, 500_000).await;
    let account = account(&shop, &khoa_token).await;
    let (_, body) = ask(&shop, &khoa_token, &account, 200_000, "k").await;
    let request = body["result"]["id"].as_str().expect("id").to_owned();

    for path in [
        format!("/api/finance/balance?teacherId={khoa}"),
        format!("/api/finance/statement?teacherId={khoa}"),
        format!("/api/finance/statement.csv?teacherId={khoa}"),
        format!("/api/finance/payout-accounts?teacherId={khoa}"),
        format!("/api/finance/payout-requests?teacherId={khoa}"),
        format!("/api/finance/payout-requests/{request}"),
    ] {
        let (status, _) = shop.call(Method::GET, &path, &ha_token, None).await;
        assert_eq!(status, 404, "{path}");
    }
    let (_, mine) = shop.call(Method::GET, "/api/finance/payout-requests", &ha_token, None).await;
    assert_eq!(mine["result"]["total"].as_i64(), Some(0), "her list holds only her requests");
    let (status, _) = ask(&shop, &ha_token, &account, 100_000, "steal").await;
    assert_eq!(status, 404, "nobody pays out to another teacher's account");
    let (status, _) =
        shop.call(Method::DELETE, &format!("/api/finance/payout-accounts/{account}"), &ha_token, None).await;
    assert_eq!(status, 404);
    let decision = json!({ "bankReference": "FT", "paidOn": "2026-11-27" });
    assert_eq!(decide(&shop, &ha_token, &request, "pay", decision).await.0, 403, "teachers do not decide");
    let (_, student) = shop.person("student", Role::Student).await;
    assert_eq!(shop.call(Method::GET, "/api/finance/balance", &student, None).await.0, 403);

    // Administrators read anyone's.
    assert_eq!(figures(&shop, &admin, Some(&khoa)).await["reserved"].as_i64(), Some(200_000));
    let (status, body) = shop.call(Method::GET, "/api/admin/finance/balances", &admin, None).await;
    assert_eq!(status, 200);
    assert_eq!(body["result"]["ownedToTeachers"], Value::Null, "no such field");
    assert_eq!(body["result"]["owedToTeachers"].as_i64(), Some(800_000 + 400_000));
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_payout_account_needs_the_password_and_a_new_one_waits_before_it_receives() {
    let (shop, admin) = payout_shop(json!({ "accountWaitHours": 24 })).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;

    let mut body = json!({ "bankBin": "970436", "accountNumber": "12345", "holderName": "", "password": "sai" });
    let (status, answer) = shop.call(Method::POST, "/api/finance/payout-accounts", &token, Some(body.clone())).await;
    assert_eq!(status, 422);
    assert_eq!(answer["result"]["fields"]["accountNumber"], "Số tài khoản gồm 6–19 chữ số.");
    body["accountNumber"] = json!("0071000123651");
    body["holderName"] = json!("Trần Thị Bình");
    let (status, answer) = shop.call(Method::POST, "/api/finance/payout-accounts", &token, Some(body.clone())).await;
    assert_eq!((status, answer["result"]["fields"]["password"].is_string()), (422, true), "{answer}");
    body["password"] = json!(crate::accounts::PASSWORD);
    let (status, answer) = shop.call(Method::POST, "/api/finance/payout-accounts", &token, Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    let created = &answer["result"];
    assert_eq!(
        (created["holderName"].as_str(), created["maskedNumber"].as_str()),
        (Some("TRAN THI BINH"), Some("•••• 3651"))
    );
    assert_eq!((created["ready"].as_bool(), created["isDefault"].as_bool()), (Some(false), Some(true)));
    let id = created["id"].as_str().expect("id");
    assert_eq!(ask(&shop, &token, id, 200_000, "new").await.0, 409, "a new account waits");
    let told: i64 =
        sqlx::query_scalar("select count(*) from notifications where user_id = $1 and kind = 'PaymentRequest'")
            .bind(&teacher)
            .fetch_one(&shop.app.state.pool)
            .await
            .expect("count");
    assert_eq!(told, 1, "the owner is told of a new payout account");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn a_statement_reads_like_a_bank_statement_and_downloads_for_excel() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (_, token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let account = account(&shop, &token).await;
    ask(&shop, &token, &account, 300_000, "s").await;

    let (status, body) = shop.call(Method::GET, "/api/finance/statement", &token, None).await;
    assert_eq!(status, 200, "{body}");
    let lines = body["result"]["items"].as_array().expect("lines");
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (lines[0]["kind"].as_str(), lines[0]["net"].as_i64(), lines[0]["balanceAfter"].as_i64()),
        (Some("payout"), Some(-300_000), Some(500_000))
    );
    assert_eq!(
        (lines[1]["kind"].as_str(), lines[1]["gross"].as_i64(), lines[1]["commission"].as_i64()),
        (Some("sale"), Some(1_000_000), Some(200_000))
    );
    assert_eq!((lines[1]["net"].as_i64(), lines[1]["balanceAfter"].as_i64()), (Some(800_000), Some(800_000)));
    let (_, sales) = shop.call(Method::GET, "/api/finance/statement?kind=sale", &token, None).await;
    assert_eq!(sales["result"]["total"].as_i64(), Some(1));
    let (status, _) = shop.call(Method::GET, "/api/finance/statement?from=2026-13-01", &token, None).await;
    assert_eq!(status, 422);

    let response = shop.app.send(Method::GET, "/api/finance/statement.csv", Some(&token), None).await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().expect("type").starts_with("text/csv"));
    let bytes = response.bytes().await.expect("body");
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "UTF-8 with a byte order mark");
    let text = String::from_utf8(bytes[3..].to_vec()).expect("utf-8");
    assert!(text.starts_with("Thời gian,Loại,"), "{text}");
    assert!(text.contains("Bán hàng") && text.contains("Rút tiền"), "{text}");
    assert_ledger_balanced(&shop).await;
}
