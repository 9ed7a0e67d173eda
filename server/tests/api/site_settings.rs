//! The academy's settings: checked by the shared rule in the caller's language, kept in a history with who,
//! when, old and new (account numbers masked), for administrators only, and served at once to the public pages
//! of every instance.

use std::time::{Duration, Instant};

use academy_server::platform::db::Backend;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::status_json,
    helpers::{TestApp, backend, spawn_app, spawn_app_with},
};

/// The settings form as an administrator sends it, with `changes`.
async fn form(app: &TestApp, admin: &str, changes: Value) -> Value {
    let (status, mut body) = app.call(Method::GET, "/api/admin/site-settings", Some(admin), None).await;
    assert_eq!(status, 200, "{body}");
    let form = body["result"].as_object_mut().expect("settings");
    form.remove("mailFromDefault");
    for (key, value) in changes.as_object().expect("changes") {
        form.insert(key.clone(), value.clone());
    }
    Value::Object(form.clone())
}

async fn save(app: &TestApp, admin: &str, changes: Value) -> (u16, Value) {
    let body = form(app, admin, changes).await;
    app.call(Method::PUT, "/api/admin/site-settings", Some(admin), Some(body)).await
}

async fn history(app: &TestApp, admin: &str, query: &str) -> Value {
    let (status, body) =
        app.call(Method::GET, &format!("/api/admin/settings-history?{query}"), Some(admin), None).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

#[tokio::test]
async fn broken_settings_are_refused_field_by_field_in_the_callers_language_and_nothing_changes() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let broken = json!({ "phone": "12ab", "email": "no", "facebook": "javascript:alert(1)", "defaultCurrency": "EUR",
                         "academyName": " ", "promoTitleVi": "x".repeat(121) });

    let (status, body) = save(&app, &admin, broken.clone()).await;
    assert_eq!(status, 422, "{body}");
    let fields = &body["result"]["fields"];
    assert_eq!(fields["phone"], "Nhập số điện thoại từ 8 đến 15 chữ số");
    assert_eq!(fields["email"], "Nhập địa chỉ email hợp lệ");
    assert_eq!(fields["facebook"], "Dùng liên kết https, hoặc để trống");
    assert_eq!(fields["defaultCurrency"], "Chọn VND hoặc USD");
    assert_eq!(fields["academyName"], "Vui lòng nhập trường này");
    assert_eq!(fields["promoTitleVi"], "Trường này tối đa 120 ký tự");

    let body = form(&app, &admin, broken).await;
    let response = app
        .client
        .put(app.url("/api/admin/site-settings"))
        .bearer_auth(&admin)
        .header("Accept-Language", "en")
        .json(&body)
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 422);
    assert_eq!(body["result"]["fields"]["phone"], "Enter a phone number of 8 to 15 digits");
    assert_eq!(body["result"]["fields"]["defaultCurrency"], "Choose VND or USD");

    let (_, site) = app.call(Method::GET, "/api/site", None, None).await;
    assert_eq!(site["result"]["phone"], "+84 28 3822 9999", "the defaults stay");
    assert_eq!(history(&app, &admin, "").await["total"], 0);
}

#[tokio::test]
async fn each_change_is_kept_with_who_when_old_and_new_and_the_history_filters_by_setting_person_and_time() {
    let app = spawn_app().await;
    let (first, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (second, other_admin, _) = app.signed_in("admin", Role::Admin).await;
    let before = academy_server::platform::db::now_ms();

    let (status, body) = save(&app, &admin, json!({ "phone": " 0909 123 456 ", "promoTitleEn": "Summer offer" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["phone"], "0909 123 456", "trimmed");
    // Saving the same values again records nothing.
    assert_eq!(save(&app, &admin, json!({})).await.0, 200);
    let bank = json!({ "bankBin": "970436", "bankName": "Vietcombank", "accountNumber": "0071000123651",
                       "accountName": "CONG TY ACADEMY", "commissionPercent": 25 });
    let (status, body) = app.call(Method::PUT, "/api/admin/payment-settings", Some(&other_admin), Some(bank)).await;
    assert_eq!(status, 200, "{body}");
    let (status, mut payouts) = app.call(Method::GET, "/api/admin/payout-settings", Some(&admin), None).await;
    assert_eq!(status, 200);
    payouts["result"]["rules"]["holdingDays"] = json!(10);
    let (status, body) =
        app.call(Method::PUT, "/api/admin/payout-settings", Some(&admin), Some(payouts["result"].clone())).await;
    assert_eq!(status, 200, "{body}");
    let after = academy_server::platform::db::now_ms() + 1;

    let all = history(&app, &admin, "pageSize=50").await;
    let items = all["items"].as_array().expect("items");
    let find = |setting: &str| items.iter().find(|i| i["setting"] == setting).cloned().unwrap_or(Value::Null);
    let phone = find("site.phone");
    assert_eq!(
        (phone["oldValue"].as_str(), phone["newValue"].as_str()),
        (Some("+84 28 3822 9999"), Some("0909 123 456"))
    );
    assert_eq!(phone["userId"], first.id.as_str());
    assert!(phone["changedAt"].as_i64().is_some_and(|t| (before..after).contains(&t)));
    assert_eq!(find("site.promoTitleEn")["newValue"], "Summer offer");
    assert_eq!(items.iter().filter(|i| i["setting"].as_str().is_some_and(|s| s.starts_with("site."))).count(), 2);
    let account = find("payment.bank.accountNumber");
    assert_eq!((account["oldValue"].as_str(), account["newValue"].as_str()), (Some(""), Some("•••• 3651")));
    assert_eq!(account["userId"], second.id.as_str());
    assert!(!all.to_string().contains("0071000123651"), "no account number in the history");
    assert_eq!(find("payment.terms.commission")["newValue"], "25");
    let holding = find("payout.rules.holdingDays");
    assert_eq!((holding["oldValue"].as_str(), holding["newValue"].as_str()), (Some("7"), Some("10")));
    assert_eq!(all["people"].as_array().map(Vec::len), Some(2));

    let of_site = history(&app, &admin, "setting=site.").await;
    assert_eq!(of_site["total"], 2);
    let one = history(&app, &admin, "setting=site.phone").await;
    assert_eq!(one["total"], 1);
    let by_other = history(&app, &admin, &format!("userId={}", second.id)).await;
    assert!(
        by_other["items"]
            .as_array()
            .expect("items")
            .iter()
            .all(|i| i["setting"].as_str().is_some_and(|s| s.starts_with("payment.")))
    );
    assert!(by_other["total"].as_i64().is_some_and(|n| n >= 5));
    assert_eq!(history(&app, &admin, &format!("from={before}&to={after}")).await["total"], all["total"]);
    assert_eq!(history(&app, &admin, &format!("from={after}")).await["total"], 0);
    assert_eq!(history(&app, &admin, &format!("to={before}")).await["total"], 0);
}

#[tokio::test]
async fn the_referral_commission_is_empty_or_a_percent_from_0_to_100_and_its_changes_are_in_the_history() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (_, body) = app.call(Method::GET, "/api/admin/site-settings", Some(&admin), None).await;
    assert_eq!(body["result"]["referralCommission"], "", "unset: the normal commission");

    for bad in ["101", "-5", "7.5", "mười"] {
        let (status, body) = save(&app, &admin, json!({ "referralCommission": bad })).await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert_eq!(
            body["result"]["fields"]["referralCommission"],
            "Hoa hồng phải là số nguyên từ 0 đến 100%, hoặc để trống"
        );
    }
    let body = form(&app, &admin, json!({ "referralCommission": "101" })).await;
    let response = app
        .client
        .put(app.url("/api/admin/site-settings"))
        .bearer_auth(&admin)
        .header("Accept-Language", "en")
        .json(&body)
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 422);
    assert_eq!(
        body["result"]["fields"]["referralCommission"],
        "The commission must be a whole number between 0 and 100%, or empty"
    );
    assert_eq!(history(&app, &admin, "").await["total"], 0, "nothing refused is kept");

    let (status, body) = save(&app, &admin, json!({ "referralCommission": " 10 " })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["referralCommission"], "10", "trimmed");
    let (status, _) = save(&app, &admin, json!({ "referralCommission": "" })).await;
    assert_eq!(status, 200);

    let changes = history(&app, &admin, "setting=site.referralCommission").await;
    assert_eq!(changes["total"], 2, "{changes}");
    let pairs: Vec<(String, String)> = changes["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| (i["oldValue"].as_str().unwrap_or("?").to_owned(), i["newValue"].as_str().unwrap_or("?").to_owned()))
        .collect();
    assert!(pairs.contains(&(String::new(), "10".to_owned())), "{pairs:?}");
    assert!(pairs.contains(&("10".to_owned(), String::new())), "{pairs:?}");
}

#[tokio::test]
async fn only_administrators_read_or_change_the_settings_and_their_history() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let body = form(&app, &admin, json!({ "phone": "0909 000 111" })).await;
    for role in [Role::Staff, Role::Teacher, Role::Student] {
        let (_, token, _) = app.signed_in("someone", role).await;
        for (method, path) in [
            (Method::GET, "/api/admin/site-settings"),
            (Method::PUT, "/api/admin/site-settings"),
            (Method::GET, "/api/admin/settings-history"),
        ] {
            let (status, answer) = app.call(method.clone(), path, Some(&token), Some(body.clone())).await;
            assert_eq!(status, 403, "{role:?} {method} {path}: {answer}");
        }
    }
    assert_eq!(app.call(Method::PUT, "/api/admin/site-settings", None, Some(body)).await.0, 401);
    let (_, site) = app.call(Method::GET, "/api/site", None, None).await;
    assert_eq!(site["result"]["phone"], "+84 28 3822 9999", "nothing changed");
    assert!(site["result"].get("mailFromEmail").is_none(), "the mail sender is not public");
}

#[tokio::test]
async fn a_new_phone_is_on_the_public_pages_at_once_and_in_their_first_view() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    assert_eq!(save(&app, &admin, json!({ "phone": "+84 90 111 2233", "address": "1 Lê Lợi" })).await.0, 200);

    let (_, site) = app.call(Method::GET, "/api/site", None, None).await;
    assert_eq!(site["result"]["phone"], "+84 90 111 2233");
    assert_eq!(site["result"]["phoneHref"], "tel:+84901112233");
    assert_eq!(site["result"]["addressHref"], "https://maps.google.com/?q=1+L%C3%AA+L%E1%BB%A3i");
    let page = app.get("/").await.text().await.expect("page");
    assert!(page.contains("+84 90 111 2233"), "the home page's first view carries the phone");
}

#[tokio::test]
async fn a_change_saved_through_one_instance_is_served_by_another_within_a_second() {
    if backend() != Backend::Postgres {
        eprintln!("skipped on SQLite: several instances share a PostgreSQL database");
        return;
    }
    let a = spawn_app().await;
    let url = a.state.config.database_url();
    let b = spawn_app_with(move |config| config.database_url = Some(url)).await;
    let (_, admin, _) = a.signed_in("admin", Role::Admin).await;
    let (_, site) = b.call(Method::GET, "/api/site", None, None).await;
    assert_eq!(site["result"]["phone"], "+84 28 3822 9999", "B has read (and listens)");

    let started = Instant::now();
    assert_eq!(save(&a, &admin, json!({ "phone": "0283 999 0000" })).await.0, 200);
    let seen = loop {
        let (_, site) = b.call(Method::GET, "/api/site", None, None).await;
        if site["result"]["phone"] == "0283 999 0000" {
            break started.elapsed();
        }
        assert!(started.elapsed() < Duration::from_secs(3), "B never saw the change");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(seen < Duration::from_secs(1), "{seen:?}");
    let page = b.get("/courselist").await.text().await.expect("page");
    assert!(page.contains("0283 999 0000"), "B's pages carry it too");
}

#[tokio::test]
async fn the_instance_that_saves_serves_each_save_at_once_however_quickly_they_follow_each_other() {
    // On PostgreSQL the instance hears each of its own saves announced and reads the settings again; a read begun
    // before the next save must not put back what that save replaced.
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let mut body = form(&app, &admin, json!({})).await;
    for round in 0..200 {
        let phone = format!("0283 999 {round:04}");
        body["phone"] = json!(phone);
        let (status, _) = app.call(Method::PUT, "/api/admin/site-settings", Some(&admin), Some(body.clone())).await;
        assert_eq!(status, 200);
        let (_, site) = app.call(Method::GET, "/api/site", None, None).await;
        assert_eq!(site["result"]["phone"], phone.as_str(), "round {round}");
    }
}
