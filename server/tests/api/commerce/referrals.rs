//! Referral links: a teacher's code; a visitor who arrives through it has a course of that teacher's they check
//! out within 7 days credited to the teacher (not after, not another teacher's course, not with a forged cookie),
//! and the teacher is told with a `Referral` notification when it is paid; the ledger stays balanced.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer};

const DAY: i64 = 86_400_000;

async fn code_of(shop: &Shop, token: &str) -> String {
    let (status, answer) = shop.call(Method::GET, "/api/teacher/referral-code", token, None).await;
    assert_eq!(status, 200, "{answer}");
    answer["result"]["code"].as_str().expect("code").to_owned()
}

/// Arrives through link `code` (signed in with `token`, or not): whether it was remembered, and the cookie set.
async fn visit(shop: &Shop, code: &str, token: Option<&str>) -> (bool, Option<String>) {
    let response = shop.app.send(Method::POST, "/api/referrals/visit", token, Some(json!({ "code": code }))).await;
    let cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(str::to_owned);
    let body: Value = response.json().await.expect("json");
    (body["result"]["remembered"].as_bool().expect("remembered"), cookie)
}

/// Checks out `courses` with an optional cookie header; the order.
async fn checkout(shop: &Shop, token: &str, courses: &[&str], cookie: Option<&str>) -> Value {
    let mut request =
        shop.app.client.post(shop.app.url("/api/checkout")).bearer_auth(token).json(&json!({ "courseIds": courses }));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.expect("sent");
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.expect("json")["result"].clone()
}

async fn pay(shop: &Shop, order: &Value, id: i64) {
    let (code, total) = (order["code"].as_str().expect("code"), order["totalAmount"].as_i64().expect("total"));
    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &transfer(id, total, code)).await;
    assert_eq!(status, 200, "{answer}");
}

/// The teacher each of the order's courses is credited to, by course.
async fn referrers(shop: &Shop, order: &Value) -> Vec<(String, Option<String>)> {
    sqlx::query_as("select course_id, referrer_id from order_items where order_id = $1 order by position")
        .bind(order["_id"].as_str().expect("id"))
        .fetch_all(&shop.app.state.pool)
        .await
        .expect("items")
}

async fn referral_notices(shop: &Shop, user_id: &str) -> i64 {
    shop.count("notifications", "kind = 'Referral' and user_id = $1", user_id).await
}

#[tokio::test]
async fn a_course_bought_within_seven_days_of_its_teachers_link_is_credited_and_the_teacher_told() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (teacher, teacher_token) = shop.person("referrer", Role::Teacher).await;
    let (other, _) = shop.person("otherteacher", Role::Teacher).await;
    let referred = shop.course_of(&teacher.id, NewCourse::vnd("Rust", 1_000_000)).await;
    let not_theirs = shop.course_of(&other.id, NewCourse::vnd("Go", 500_000)).await;
    let code = code_of(&shop, &teacher_token).await;
    assert_eq!(code_of(&shop, &teacher_token).await, code, "one code per teacher");
    let (_, student_token) = shop.person("student", Role::Student).await;
    assert_eq!(shop.call(Method::GET, "/api/teacher/referral-code", &student_token, None).await.0, 403);
    assert!(!visit(&shop, "NOSUCHCODE", Some(&student_token)).await.0, "an unknown code is not remembered");

    let (remembered, cookie) = visit(&shop, &code, Some(&student_token)).await;
    assert!(remembered);
    assert!(cookie.is_some_and(|c| c.starts_with("academy.ref=")));
    let order = checkout(&shop, &student_token, &[&referred, &not_theirs], None).await;

    let credited = referrers(&shop, &order).await;
    assert!(credited.contains(&(referred.clone(), Some(teacher.id.clone()))), "{credited:?}");
    assert!(credited.contains(&(not_theirs.clone(), None)), "another teacher's course is not credited");
    assert_eq!(referral_notices(&shop, &teacher.id).await, 0, "told when paid, not before");

    pay(&shop, &order, 801).await;
    pay(&shop, &order, 801).await;
    assert_eq!(referral_notices(&shop, &teacher.id).await, 1, "told once");
    assert_eq!(referral_notices(&shop, &other.id).await, 0);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");

    // The teacher's statement marks the sale as theirs by referral; the other teacher's is not.
    let (status, statement) = shop.call(Method::GET, "/api/finance/statement?kind=sale", &teacher_token, None).await;
    assert_eq!(status, 200, "{statement}");
    assert_eq!(statement["result"]["items"][0]["referred"], true, "{statement}");
    let (other_token, _) = shop.app.login(&other.username, crate::accounts::PASSWORD).await;
    let (_, theirs) = shop.call(Method::GET, "/api/finance/statement?kind=sale", &other_token, None).await;
    assert_eq!(theirs["result"]["items"][0]["referred"], false, "{theirs}");
}

/// The teacher's and the platform's shares of each of the order's items.
async fn shares(shop: &Shop, order: &Value) -> Vec<(i64, i64)> {
    sqlx::query_as("select teacher_share, platform_share from order_items where order_id = $1 order by position")
        .bind(order["_id"].as_str().expect("id"))
        .fetch_all(&shop.app.state.pool)
        .await
        .expect("items")
}

/// What the ledger credits `teacher` with.
async fn teacher_earnings(shop: &Shop, teacher_id: &str) -> i64 {
    sqlx::query_scalar("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries where account_code = $1")
        .bind(format!("teacher:{teacher_id}"))
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("earnings")
}

#[tokio::test]
async fn a_referred_sale_is_shared_with_the_referral_commission_and_an_unreferred_one_with_the_normal_one() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let mut payment = crate::commerce_fixtures::bank_settings();
    payment["commissionPercent"] = json!(30);
    let (status, body) = shop.call(Method::PUT, "/api/admin/payment-settings", &admin, Some(payment)).await;
    assert_eq!(status, 200, "{body}");
    let (status, mut site) = shop.call(Method::GET, "/api/admin/site-settings", &admin, None).await;
    assert_eq!(status, 200, "{site}");
    let mut form = site["result"].take();
    form.as_object_mut().expect("form").remove("mailFromDefault");
    form["referralCommission"] = json!("10");
    let (status, body) = shop.call(Method::PUT, "/api/admin/site-settings", &admin, Some(form)).await;
    assert_eq!(status, 200, "{body}");

    let (teacher, teacher_token) = shop.person("referrer", Role::Teacher).await;
    let course = shop.course_of(&teacher.id, NewCourse::vnd("Rust", 1_000_000)).await;
    let code = code_of(&shop, &teacher_token).await;
    let (_, referred_token) = shop.person("referred", Role::Student).await;
    assert!(visit(&shop, &code, Some(&referred_token)).await.0);
    let referred = checkout(&shop, &referred_token, &[&course], None).await;
    assert_eq!(shares(&shop, &referred).await, [(900_000, 100_000)], "90% to the teacher by referral");
    pay(&shop, &referred, 811).await;
    assert_eq!(teacher_earnings(&shop, &teacher.id).await, 900_000);

    let (_, direct_token) = shop.person("direct", Role::Student).await;
    let direct = checkout(&shop, &direct_token, &[&course], None).await;
    assert_eq!(referrers(&shop, &direct).await, [(course.clone(), None)]);
    assert_eq!(shares(&shop, &direct).await, [(700_000, 300_000)], "70% to the teacher otherwise");
    pay(&shop, &direct, 812).await;
    assert_eq!(teacher_earnings(&shop, &teacher.id).await, 1_600_000);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

#[tokio::test]
async fn a_visit_older_than_seven_days_credits_nothing() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (teacher, teacher_token) = shop.person("referrer", Role::Teacher).await;
    let course = shop.course_of(&teacher.id, NewCourse::vnd("Rust", 1_000_000)).await;
    let code = code_of(&shop, &teacher_token).await;
    let (student, student_token) = shop.person("student", Role::Student).await;
    assert!(visit(&shop, &code, Some(&student_token)).await.0);
    sqlx::query("update referral_visits set visited_at = visited_at - $1 where user_id = $2")
        .bind(7 * DAY + 60_000)
        .bind(&student.id)
        .execute(&shop.app.state.pool)
        .await
        .expect("aged");

    let order = checkout(&shop, &student_token, &[&course], None).await;
    assert_eq!(referrers(&shop, &order).await, vec![(course, None)]);
}

#[tokio::test]
async fn a_visitor_signed_out_is_remembered_by_the_signed_cookie_and_a_forged_one_credits_nothing() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (teacher, teacher_token) = shop.person("referrer", Role::Teacher).await;
    let course = shop.course_of(&teacher.id, NewCourse::vnd("Rust", 1_000_000)).await;
    let other_course = shop.course_of(&teacher.id, NewCourse::vnd("SQL", 700_000)).await;
    let code = code_of(&shop, &teacher_token).await;

    let (remembered, cookie) = visit(&shop, &code, None).await;
    assert!(remembered);
    let cookie = cookie.expect("cookie");
    // Someone who edits the cookie's time (to stretch the window) or code is not believed.
    let value = cookie.strip_prefix("academy.ref=").expect("the referral cookie");
    let parts: Vec<&str> = value.split('.').collect();
    let [code_part, at, sig] = parts.as_slice() else { panic!("code.at.signature: {value}") };
    let forged = format!("academy.ref={code_part}.{}.{sig}", at.parse::<i64>().expect("at") + DAY);
    let (_, cheater) = shop.person("cheater", Role::Student).await;
    let order = checkout(&shop, &cheater, &[&other_course], Some(&forged)).await;
    assert_eq!(referrers(&shop, &order).await, vec![(other_course, None)]);

    let (_, buyer) = shop.person("buyer", Role::Student).await;
    let order = checkout(&shop, &buyer, &[&course], Some(&cookie)).await;
    assert_eq!(referrers(&shop, &order).await, vec![(course, Some(teacher.id.clone()))]);
}
