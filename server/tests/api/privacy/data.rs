//! A person's data: the download holds theirs and nobody else's; deleting the account erases them, keeps their
//! orders and the ledger (balanced) without their details, and signs them out for good; what must be settled
//! first is refused with the reason.

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::{PASSWORD, TestUser, status_json},
    commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer},
};

/// A student of `shop` who bought `course` by bank transfer: the account, its token and the order's code.
async fn buyer(shop: &Shop, course: &str, transfer_id: i64) -> (TestUser, String, String) {
    let (student, token) = shop.person("buyer", Role::Student).await;
    let (status, body) = shop.checkout(&token, &[course], None, None).await;
    assert_eq!(status, 201, "{body}");
    let code = body["result"]["code"].as_str().expect("code").to_owned();
    let total = body["result"]["totalAmount"].as_i64().expect("total");
    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &transfer(transfer_id, total, &code)).await;
    assert_eq!(status, 200, "{answer}");
    (student, token, code)
}

async fn download(shop: &Shop, token: &str) -> (u16, Option<String>, String) {
    let response = shop.app.send(Method::GET, "/users/my-data", Some(token), None).await;
    let status = response.status().as_u16();
    let disposition = response.headers().get("content-disposition").and_then(|v| v.to_str().ok()).map(str::to_owned);
    (status, disposition, response.text().await.expect("body"))
}

async fn delete(shop: &Shop, token: &str, password: &str, confirmation: &str) -> (u16, Value) {
    let body = json!({ "password": password, "confirmation": confirmation });
    shop.call(Method::DELETE, "/users/my-account", token, Some(body)).await
}

async fn scalar(shop: &Shop, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar(sql).bind(bind).fetch_one(&shop.app.state.pool).await.expect("figure")
}

/// Ledger transactions whose entries do not sum to zero (per currency).
async fn unbalanced(shop: &Shop) -> i64 {
    sqlx::query_scalar(
        "select count(*) from (select transaction_id from ledger_entries group by transaction_id, currency \
         having sum(amount) <> 0) unbalanced",
    )
    .fetch_one(&shop.app.state.pool)
    .await
    .expect("unbalanced")
}

async fn add_payout_account(shop: &Shop, teacher_id: &str) {
    sqlx::query(
        "insert into payout_accounts (id, user_id, bank_bin, account_number, holder_name, is_default, ready_at, \
         created_at, updated_at) values ($1, $2, '970436', '0011004356789', 'NGUYEN THI GIANG VIEN', 1, 0, $3, $3)",
    )
    .bind(new_id())
    .bind(teacher_id)
    .bind(now_ms())
    .execute(&shop.app.state.pool)
    .await
    .expect("payout account");
}

#[tokio::test]
async fn the_download_holds_the_persons_data_and_nobody_elses() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (anh, anh_token, anh_order) = buyer(&shop, &course, 7_001).await;
    let (binh, binh_token, binh_order) = buyer(&shop, &course, 7_002).await;
    add_payout_account(&shop, &shop.teacher.id).await;

    let (status, disposition, text) = download(&shop, &anh_token).await;
    assert_eq!(status, 200, "{text}");
    assert!(disposition.is_some_and(|d| d.starts_with("attachment; filename=\"academy-data-")), "a file to save");
    let data: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(data["format"], "academy-personal-data/1");
    assert_eq!(data["profile"]["email"], anh.email.as_str());
    assert_eq!(data["profile"]["username"], anh.username.as_str());
    let orders: Vec<&str> =
        data["orders"].as_array().expect("orders").iter().filter_map(|o| o["code"].as_str()).collect();
    assert_eq!(orders, [anh_order.as_str()]);
    assert_eq!(data["orderItems"].as_array().expect("items").len(), 1);
    assert_eq!(data["payments"][0]["amount"], 500_000, "{}", data["payments"]);
    assert_eq!(data["courseEnrolments"][0]["courseId"], course.as_str());
    assert!(!data["sessions"].as_array().expect("sessions").is_empty());
    assert!(data["sessions"][0]["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "instants in ISO 8601");
    assert!(data["notifications"].is_array());
    for other in [&binh.username, &binh.email, &binh.id, &binh_order, &shop.teacher.email] {
        assert!(!text.contains(other.as_str()), "another person's {other} is not in the download");
    }

    // The teacher's download: their sales without the buyers, the payout account masked.
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, PASSWORD).await;
    let (status, _, text) = download(&shop, &teacher_token).await;
    assert_eq!(status, 200, "{text}");
    let data: Value = serde_json::from_str(&text).expect("JSON");
    let sold: Vec<&str> =
        data["sales"].as_array().expect("sales").iter().filter_map(|s| s["orderCode"].as_str()).collect();
    assert_eq!(sold.len(), 2, "{}", data["sales"]);
    assert_eq!(data["coursesTaught"][0]["id"], course.as_str());
    assert_eq!(data["payoutAccounts"][0]["accountNumber"], "••••6789");
    assert!(!text.contains("0011004356789"), "the full account number is never in the download");
    assert!(data["ledgerEntries"].as_array().is_some_and(|e| !e.is_empty()), "the teacher's earnings entries");
    for buyer in [&anh, &binh] {
        assert!(!text.contains(buyer.email.as_str()) && !text.contains(buyer.id.as_str()), "no buyer in it");
    }

    // Nobody downloads without signing in; a sixth download in a quarter of an hour waits.
    assert_eq!(shop.app.get("/users/my-data").await.status().as_u16(), 401);
    for _ in 0..5 {
        assert_eq!(download(&shop, &binh_token).await.0, 200);
    }
    let response = shop.app.send(Method::GET, "/users/my-data", Some(&binh_token), None).await;
    assert_eq!(response.status().as_u16(), 429);
    assert!(response.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn deleting_an_account_erases_the_person_keeps_their_orders_anonymous_and_the_ledger_balanced() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (anh, token, order) = buyer(&shop, &course, 7_101).await;
    let (_, refresh) = shop.app.login(&anh.username, PASSWORD).await;
    let ledger_before = shop.money_snapshot().await;
    assert_eq!(unbalanced(&shop).await, 0);

    // The page's preview: nothing to settle; one order kept.
    let (status, preview) = shop.call(Method::GET, "/users/my-account/deletion", &token, None).await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["result"]["possible"], true, "{preview}");
    assert_eq!(preview["result"]["ordersKept"], 1);

    // The username typed as confirmation and the password are required.
    let (status, body) = delete(&shop, &token, PASSWORD, "someone else").await;
    assert_eq!((status, body["result"]["fields"]["confirmation"].is_string()), (422, true), "{body}");
    let (status, body) = delete(&shop, &token, "not the password", &anh.username).await;
    assert_eq!((status, body["result"]["fields"]["password"].is_string()), (422, true), "{body}");
    assert_eq!(shop.call(Method::GET, "/users/my-info", &token, None).await.0, 200, "nothing deleted yet");

    let (status, body) = delete(&shop, &token, PASSWORD, &format!(" {} ", anh.username.to_uppercase())).await;
    assert_eq!(status, 200, "{body}");

    // Signed out everywhere, for good: tokens, refresh tokens, the username and the e-mail no longer sign in.
    assert_eq!(shop.call(Method::GET, "/users/my-info", &token, None).await.0, 401);
    let refreshed = shop.app.post_json("/auth/refresh", json!({ "token": refresh })).await.status().as_u16();
    assert_eq!(refreshed, 401);
    for name in [&anh.username, &anh.email] {
        let response = shop.app.post_json("/auth/token", json!({ "username": name, "password": PASSWORD })).await;
        assert_ne!(response.status().as_u16(), 200, "{name} no longer signs in");
    }
    // The details are gone: no row of any account holds the name, e-mail or sessions.
    assert_eq!(scalar(&shop, "select count(*) from users where email_lower = $1", &anh.email.to_lowercase()).await, 0);
    assert_eq!(scalar(&shop, "select count(*) from users where lower(username) = lower($1)", &anh.username).await, 0);
    assert_eq!(
        scalar(
            &shop,
            "select count(*) from users where id = $1 and first_name is null and last_name is null \
                 and status = 'locked' and deleted_at is not null",
            &anh.id
        )
        .await,
        1
    );
    assert_eq!(scalar(&shop, "select count(*) from sessions where user_id = $1", &anh.id).await, 0);
    assert_eq!(scalar(&shop, "select count(*) from refresh_tokens where user_id = $1", &anh.id).await, 0);
    assert_eq!(scalar(&shop, "select count(*) from notifications where user_id = $1", &anh.id).await, 0);

    // The order and its payment stay, paid, pointing at the anonymous account; the ledger has not moved.
    assert_eq!(scalar(&shop, "select count(*) from orders where code = $1 and status = 'paid'", &order).await, 1);
    assert_eq!(scalar(&shop, "select count(*) from orders where user_id = $1", &anh.id).await, 1);
    assert_eq!(shop.money_snapshot().await, ledger_before, "no ledger entry written or removed");
    assert_eq!(unbalanced(&shop).await, 0);
    let (status, orders) = shop.call(Method::GET, "/api/admin/orders", &admin, None).await;
    assert_eq!(status, 200, "{orders}");
    let listed = orders.to_string();
    assert!(listed.contains(&order), "the administrator still finds the order: {listed}");
    assert!(!listed.contains(&anh.email) && !listed.contains(&anh.username), "without the buyer's details: {listed}");

    // The e-mail is free again: the person may come back as someone new.
    let again = json!({
        "firstName": "Anh", "lastName": "Lê", "username": format!("{}x", anh.username), "email": anh.email,
        "password": PASSWORD, "phoneNumber": "", "address": "", "dob": null, "roleName": "STUDENT", "loginType": ""
    });
    let (status, body) = status_json(shop.app.post_json("/users", again).await).await;
    assert!(status == 200 || status == 201, "{status} {body}");
}

#[tokio::test]
async fn nobody_exports_or_deletes_another_persons_account_and_money_owed_must_be_paid_out_first() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (anh, _, _) = buyer(&shop, &course, 7_201).await;
    let (binh, binh_token) = shop.person("binh", Role::Student).await;

    // There is no id to name another person by: Bình typing Anh's name and password deletes nothing.
    let (status, body) = delete(&shop, &binh_token, PASSWORD, &anh.username).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(scalar(&shop, "select count(*) from users where id = $1 and deleted_at is null", &anh.id).await, 1);
    let (status, _, text) = download(&shop, &binh_token).await;
    assert_eq!(status, 200);
    assert!(!text.contains(&anh.email) && !text.contains(&anh.id), "Bình's download holds nothing of Anh's");
    assert_eq!(scalar(&shop, "select count(*) from users where id = $1 and deleted_at is null", &binh.id).await, 1);

    // The teacher's earnings from Anh's purchase are still held: deleting waits for the payout, in vi and en.
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, PASSWORD).await;
    let (status, preview) = shop.call(Method::GET, "/users/my-account/deletion", &teacher_token, None).await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["result"]["possible"], false);
    assert_eq!(preview["result"]["ties"][0]["code"], "earnings", "{preview}");
    assert!(preview["result"]["ties"][0]["message"].as_str().is_some_and(|m| m.contains("rút tiền")), "{preview}");
    assert_eq!(preview["result"]["coursesWithBuyers"], 1);
    let (status, body) = delete(&shop, &teacher_token, PASSWORD, &shop.teacher.username).await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = shop
        .call_en(
            Method::DELETE,
            "/users/my-account",
            &teacher_token,
            Some(json!({ "password": PASSWORD, "confirmation": shop.teacher.username })),
        )
        .await;
    assert_eq!(status, 409);
    assert!(
        body["message"].as_str().unwrap_or_default().contains("ask for a payout")
            || body["result"]["message"].as_str().unwrap_or_default().contains("ask for a payout"),
        "{body}"
    );
    assert_eq!(
        scalar(&shop, "select count(*) from users where id = $1 and deleted_at is null", &shop.teacher.id).await,
        1
    );
    // A student's order waiting for payment is settled first too.
    let other = shop.course(NewCourse::vnd("Go", 300_000)).await;
    let (status, _) = shop.checkout(&binh_token, &[&other], None, None).await;
    assert_eq!(status, 201);
    let (status, body) = delete(&shop, &binh_token, PASSWORD, &binh.username).await;
    assert_eq!(status, 409, "{body}");
}

#[tokio::test]
async fn a_teacher_who_leaves_takes_their_courses_off_the_catalogue_and_their_buyers_keep_learning() {
    let shop = paying_shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let unsold = shop.course(NewCourse::vnd("Go", 300_000)).await;
    let (student, student_token) = shop.person("learner", Role::Student).await;
    // A buyer from before (the money long paid out): the enrolment alone.
    sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, created_at, updated_at) values ($1, $2, $3, $4, $4)",
    )
    .bind(new_id())
    .bind(&student.id)
    .bind(&course)
    .bind(now_ms())
    .execute(&shop.app.state.pool)
    .await
    .expect("enrolment");
    add_payout_account(&shop, &shop.teacher.id).await;
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, PASSWORD).await;
    let (_, preview) = shop.call(Method::GET, "/users/my-account/deletion", &teacher_token, None).await;
    assert_eq!(preview["result"]["possible"], true, "{preview}");
    assert_eq!(
        (preview["result"]["coursesWithBuyers"].as_i64(), preview["result"]["coursesWithoutBuyers"].as_i64()),
        (Some(1), Some(1))
    );

    let (status, body) = delete(&shop, &teacher_token, PASSWORD, &shop.teacher.username).await;
    assert_eq!(status, 200, "{body}");

    for id in [&course, &unsold] {
        assert_eq!(scalar(&shop, "select count(*) from courses where id = $1 and status = 'archived'", id).await, 1);
        assert_eq!(shop.app.get(&format!("/api/courses/{id}")).await.status().as_u16(), 404, "off the catalogue");
    }
    let (status, body) = shop.call(Method::GET, &format!("/api/learning/courses/{course}"), &student_token, None).await;
    assert_eq!(status, 200, "the buyer keeps learning: {body}");
    assert!(!body.to_string().contains(&shop.teacher.email));
    assert_eq!(
        scalar(
            &shop,
            "select count(*) from payout_accounts where user_id = $1 and account_number = '••••6789' \
                 and holder_name = ''",
            &shop.teacher.id
        )
        .await,
        1,
        "the payout account keeps its last four digits only"
    );
}
