//! The finance documents, on both databases: the bank batch file of pending payouts (administrators only) and a
//! teacher's yearly withholding statement (their own; administrators any), as JSON and as CSV for Excel.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    commerce_fixtures::Shop,
    finance::{account, ask, decide, payout_shop, teacher_with_sale},
};

/// A GET answered with text: (status, content type, body).
async fn download(shop: &Shop, path: &str, token: &str) -> (u16, String, String) {
    let response = shop.app.client.get(shop.app.url(path)).bearer_auth(token).send().await.expect("sent");
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    (status, kind, response.text().await.expect("body"))
}

/// The rows of a CSV body after its byte order mark (no field here holds a comma or quote).
fn rows(csv: &str) -> Vec<Vec<String>> {
    let body = csv.strip_prefix('\u{feff}').expect("the file starts with the byte order mark");
    body.split("\r\n").filter(|l| !l.is_empty()).map(|l| l.split(',').map(str::to_owned).collect()).collect()
}

async fn paid(shop: &Shop, admin: &str, request: &Value, day: &str) {
    let id = request["id"].as_str().expect("id");
    let (status, body) = decide(shop, admin, id, "pay", json!({ "bankReference": "FT9", "paidOn": day })).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn the_bank_batch_file_lists_the_chosen_pending_requests_with_what_to_send() {
    let (shop, admin) = payout_shop(json!({})).await;
    let (_, first_token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let (_, second_token, _) = teacher_with_sale(&shop, &admin, 1_000_000).await;
    let first_account = account(&shop, &first_token).await;
    let second_account = account(&shop, &second_token).await;
    let (_, first) = ask(&shop, &first_token, &first_account, 300_000, "b1").await;
    let (_, second) = ask(&shop, &second_token, &second_account, 200_000, "b2").await;
    let (_, done) = ask(&shop, &first_token, &first_account, 100_000, "b3").await;
    paid(&shop, &admin, &done["result"], "2026-11-27").await;
    let (_, banks) = shop.call(Method::GET, "/api/finance/banks", &first_token, None).await;
    let vcb = banks["result"].as_array().expect("banks").iter().find(|b| b["bin"] == "970436").expect("listed");

    let (status, kind, csv) = download(&shop, "/api/admin/finance/payout-batch.csv", &admin).await;
    assert_eq!((status, kind.as_str()), (200, "text/csv; charset=utf-8"), "{csv}");
    let all = rows(&csv);
    assert_eq!(all[0], ["Mã BIN ngân hàng", "Ngân hàng", "Số tài khoản", "Chủ tài khoản", "Số tiền", "Nội dung"]);
    let line = |request: &Value, amount: &str| {
        vec![
            "970436".to_owned(),
            vcb["shortName"].as_str().expect("name").to_owned(),
            "0071000123651".to_owned(),
            "NGUYEN VAN ANH".to_owned(),
            amount.to_owned(),
            request["result"]["code"].as_str().expect("code").to_owned(),
        ]
    };
    assert_eq!(all[1..], [line(&first, "300000"), line(&second, "200000")], "every pending request, oldest first");

    let second_id = second["result"]["id"].as_str().expect("id");
    let done_id = done["result"]["id"].as_str().expect("id");
    let path = format!("/api/admin/finance/payout-batch.csv?ids={second_id},{done_id}");
    let (status, _, csv) = download(&shop, &path, &admin).await;
    assert_eq!(status, 200);
    assert_eq!(rows(&csv)[1..], [line(&second, "200000")], "the chosen pending ones only: a paid one is left out");

    let (_, staff) = shop.person("staff", Role::Staff).await;
    assert_eq!(download(&shop, "/api/admin/finance/payout-batch.csv", &first_token).await.0, 403);
    assert_eq!(download(&shop, "/api/admin/finance/payout-batch.csv", &staff).await.0, 403);
}

#[tokio::test]
async fn a_teachers_withholding_statement_lists_the_years_payouts_with_the_tax_withheld() {
    let (shop, admin) = payout_shop(json!({ "withholdTax": true })).await;
    let (_, body) = shop.call(Method::GET, "/api/admin/payout-settings", &admin, None).await;
    let mut settings = body["result"].clone();
    settings["payer"] = json!({ "name": "Công ty TNHH Học viện Mẫu", "taxCode": "0312345678", "address": "Hà Nội" });
    let (status, body) = shop.call(Method::PUT, "/api/admin/payout-settings", &admin, Some(settings)).await;
    assert_eq!(status, 200, "{body}");
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 5_000_000).await;
    let account = account(&shop, &token).await;
    let (_, taxed) = ask(&shop, &token, &account, 2_500_000, "w1").await;
    paid(&shop, &admin, &taxed["result"], "2026-03-02").await;
    let (_, small) = ask(&shop, &token, &account, 1_000_000, "w2").await;
    paid(&shop, &admin, &small["result"], "2026-11-27").await;
    let (_, last_year) = ask(&shop, &token, &account, 200_000, "w3").await;
    paid(&shop, &admin, &last_year["result"], "2025-12-31").await;
    let (_, rejected) = ask(&shop, &token, &account, 150_000, "w4").await;
    let id = rejected["result"]["id"].as_str().expect("id");
    decide(&shop, &admin, id, "reject", json!({ "reason": "invalid_request" })).await;

    let (status, body) = shop.call(Method::GET, "/api/finance/withholding?year=2026", &token, None).await;
    assert_eq!(status, 200, "{body}");
    let s = &body["result"];
    assert_eq!((s["year"].as_i64(), s["teacherId"].as_str()), (Some(2026), Some(teacher.as_str())));
    assert_eq!(
        (s["payerName"].as_str(), s["payerTaxCode"].as_str()),
        (Some("Công ty TNHH Học viện Mẫu"), Some("0312345678"))
    );
    let items: Vec<(&str, i64, i64, i64)> = s["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| {
            (
                i["paidOn"].as_str().unwrap_or_default(),
                i["gross"].as_i64().unwrap_or(-1),
                i["tax"].as_i64().unwrap_or(-1),
                i["net"].as_i64().unwrap_or(-1),
            )
        })
        .collect();
    assert_eq!(
        items,
        [("2026-03-02", 2_500_000, 250_000, 2_250_000), ("2026-11-27", 1_000_000, 0, 1_000_000)],
        "the year's paid payouts, 10% withheld from 2.000.000 ₫ or more; last year's and rejected ones are not"
    );
    assert_eq!(
        (s["gross"].as_i64(), s["tax"].as_i64(), s["net"].as_i64()),
        (Some(3_500_000), Some(250_000), Some(3_250_000))
    );
    let (_, body) = shop.call(Method::GET, "/api/finance/withholding?year=2025", &token, None).await;
    assert_eq!(body["result"]["gross"].as_i64(), Some(200_000));

    let (status, _, csv) = download(&shop, "/api/finance/withholding.csv?year=2026", &token).await;
    assert_eq!(status, 200);
    let rows = rows(&csv);
    assert_eq!(rows[1], ["Tổ chức trả thu nhập", "Công ty TNHH Học viện Mẫu"]);
    assert!(
        rows.contains(&vec![
            "2026-03-02".to_owned(),
            taxed["result"]["code"].as_str().expect("code").to_owned(),
            "2500000".into(),
            "250000".into(),
            "0".into(),
            "2250000".into(),
            "VND".into()
        ]),
        "{csv}"
    );
    assert_eq!(rows.last().expect("totals"), &["Tổng cộng", "", "3500000", "250000", "0", "3250000", "VND"]);

    // Administrators read any teacher's.
    let path = format!("/api/finance/withholding?year=2026&teacherId={teacher}");
    let (status, body) = shop.call(Method::GET, &path, &admin, None).await;
    assert_eq!((status, body["result"]["tax"].as_i64()), (200, Some(250_000)));
}

#[tokio::test]
async fn a_teacher_never_reads_another_teachers_withholding_statement() {
    let (shop, admin) = payout_shop(json!({ "withholdTax": true })).await;
    let (teacher, token, _) = teacher_with_sale(&shop, &admin, 5_000_000).await;
    let account = account(&shop, &token).await;
    let (_, taxed) = ask(&shop, &token, &account, 2_500_000, "x1").await;
    paid(&shop, &admin, &taxed["result"], "2026-03-02").await;
    let (_, other) = shop.person("other", Role::Teacher).await;
    let (_, student) = shop.person("learner", Role::Student).await;

    for path in [
        format!("/api/finance/withholding?year=2026&teacherId={teacher}"),
        format!("/api/finance/withholding.csv?year=2026&teacherId={teacher}"),
    ] {
        let (status, _, body) = download(&shop, &path, &other).await;
        assert_eq!(status, 404, "another teacher is told there is no such teacher: {body}");
        assert!(!body.contains("2500000") && !body.contains("250000"), "{body}");
        assert_eq!(download(&shop, &path, &student).await.0, 403);
    }
    let (status, body) = shop.call(Method::GET, "/api/finance/withholding?year=2026", &other, None).await;
    assert_eq!((status, body["result"]["gross"].as_i64()), (200, Some(0)), "their own is empty: {body}");
    let (status, _) = shop.call(Method::GET, "/api/finance/withholding?year=1999", &token, None).await;
    assert_eq!(status, 422);
}
