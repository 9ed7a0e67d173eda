//! The dashboard's home on both databases: each role's figures equal what their own pages' endpoints say
//! (payout requests waiting, transfers to review, unread messages, a teacher's balance and month's sales).

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::{reports::LocalDate, roles::Role};
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer};

async fn home(shop: &Shop, token: &str) -> Value {
    let (status, body) = shop.call(Method::GET, "/api/dashboard/home", token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

async fn get(shop: &Shop, token: &str, path: &str) -> Value {
    let (status, body) = shop.call(Method::GET, path, token, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["result"].clone()
}

/// Sells `course` to a new student (checkout, then an administrator confirms the transfer); the order's code.
async fn sell(shop: &Shop, admin: &str, course: &str) -> String {
    let (_, _, pending) = shop.pending_order(&[course]).await;
    let id = pending["_id"].as_str().expect("id");
    let path = format!("/api/admin/orders/{id}/confirm");
    let (status, body) = shop.call(Method::POST, &path, admin, Some(json!({ "note": "Đã thấy tiền" }))).await;
    assert_eq!(status, 200, "{body}");
    pending["code"].as_str().expect("code").to_owned()
}

async fn unread_message(shop: &Shop, table: &str) {
    let sql = if table == "contact_messages" {
        "insert into contact_messages (id, name, email, subject, message, created_at) \
         values ($1, 'Lan', 'lan@example.com', 'Học phí', 'Xin chào', $2)"
    } else {
        "insert into admission_messages (id, name, email, phone, course_name, created_at) \
         values ($1, 'Lan', 'lan@example.com', '0901234567', 'Rust', $2)"
    };
    sqlx::query(sql).bind(new_id()).bind(now_ms()).execute(&shop.app.state.pool).await.expect("message");
}

/// Lets teachers be paid at once, then the shop's teacher adds a payout account and asks for `amount`.
async fn payout_request(shop: &Shop, admin: &str, teacher_token: &str, amount: i64) {
    let settings = json!({
        "rules": { "holdingDays": 0, "accountWaitHours": 0, "minimumPayout": 100_000, "withholdTax": false },
        "bankManual": { "minimum": 100_000, "fee": { "kind": "none" }, "noteVi": "Trong 3 ngày", "noteEn": "In 3 days" },
    });
    let (status, body) = shop.call(Method::PUT, "/api/admin/payout-settings", admin, Some(settings)).await;
    assert_eq!(status, 200, "{body}");
    let account = json!({
        "bankBin": "970436",
        "accountNumber": "0071 0001 23651",
        "holderName": "Nguyễn Văn Ánh",
        "password": crate::accounts::PASSWORD,
    });
    let (status, body) = shop.call(Method::POST, "/api/finance/payout-accounts", teacher_token, Some(account)).await;
    assert_eq!(status, 200, "{body}");
    let account_id = body["result"]["id"].as_str().expect("id");
    let request = shop
        .app
        .client
        .post(shop.app.url("/api/finance/payout-requests"))
        .bearer_auth(teacher_token)
        .header("Idempotency-Key", "home-1")
        .json(&json!({ "amount": amount, "accountId": account_id }));
    let (status, body) = crate::accounts::status_json(request.send().await.expect("sent")).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn an_administrators_home_says_what_their_pages_say() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    sell(&shop, &admin, &course).await;
    let last = sell(&shop, &admin, &course).await;
    payout_request(&shop, &admin, &teacher_token, 300_000).await;
    let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &transfer(77, 250_000, "chuyen tien khong ro")).await;
    assert_eq!(status, 200);
    unread_message(&shop, "contact_messages").await;
    unread_message(&shop, "admission_messages").await;
    unread_message(&shop, "admission_messages").await;

    let home = home(&shop, &admin).await;
    assert_eq!(home["role"], "ADMIN");
    let admin_home = &home["admin"];
    let today = LocalDate::of_instant(now_ms()).to_string();
    let report = get(&shop, &admin, &format!("/api/reports/sales?kind=course&from={today}&to={today}")).await;
    assert_eq!(admin_home["revenueToday"].as_i64(), report["totals"]["netSales"].as_i64());
    assert_eq!(admin_home["revenueToday"].as_i64(), Some(2_000_000));
    assert_eq!(admin_home["ordersToday"].as_i64(), Some(2));
    let series = admin_home["revenueSeries"].as_array().expect("series");
    assert_eq!(series.len(), 30);
    assert_eq!(series[29]["day"].as_str(), Some(today.as_str()));
    assert_eq!(admin_home["revenueLast30Days"].as_i64(), Some(2_000_000));

    let payouts = get(&shop, &admin, "/api/finance/payout-requests").await;
    assert_eq!(admin_home["payoutRequestsWaiting"], payouts["counts"]["pending"]);
    assert_eq!(admin_home["payoutRequestsWaiting"].as_i64(), Some(1));
    let review = get(&shop, &admin, "/api/admin/payments?review=open").await;
    assert_eq!(admin_home["transfersToReview"], review["total"]);
    assert_eq!(admin_home["transfersToReview"].as_i64(), Some(1));
    let contact = get(&shop, &admin, "/api/dashboard/contact-messages?read=false").await;
    let admission = get(&shop, &admin, "/api/dashboard/admission-messages?read=false").await;
    assert_eq!(admin_home["unreadContactMessages"], contact["unread"]);
    assert_eq!(admin_home["unreadAdmissionMessages"], admission["unread"]);
    assert_eq!((contact["unread"].as_i64(), admission["unread"].as_i64()), (Some(1), Some(2)));
    let orders = admin_home["latestOrders"].as_array().expect("orders");
    assert_eq!((orders.len(), orders[0]["code"].as_str()), (2, Some(last.as_str())));
    assert_eq!(orders[0]["status"], "paid");
    // A buyer's name is written family name first, as Vietnamese people write it.
    let buyer: String = sqlx::query_scalar("select user_id from orders where code = $1")
        .bind(&last)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("buyer");
    sqlx::query("update users set first_name = 'Yến', last_name = 'Phan Thị' where id = $1")
        .bind(&buyer)
        .execute(&shop.app.state.pool)
        .await
        .expect("named");
    let named = get(&shop, &admin, "/api/dashboard/home").await;
    assert_eq!(named["admin"]["latestOrders"][0]["studentName"], "Phan Thị Yến");
    assert!(admin_home["newStudentsLast30Days"].as_i64() >= Some(2));
    assert!(home["teacher"].is_null() && home["staff"].is_null());
}

#[tokio::test]
async fn a_teachers_home_agrees_with_their_balance_and_report_and_lists_what_is_left_to_set_up() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let (_, newcomer) = shop.person("teach", Role::Teacher).await;
    let fresh = home(&shop, &newcomer).await;
    assert_eq!(fresh["role"], "TEACHER");
    let setup = &fresh["teacher"]["setup"];
    assert_eq!(
        (setup["profilePicture"].as_bool(), setup["firstCourse"].as_bool(), setup["payoutAccount"].as_bool()),
        (Some(false), Some(false), Some(false))
    );
    assert_eq!((setup["availableHours"].as_bool(), setup["complete"].as_bool()), (Some(false), Some(false)));
    assert_eq!(fresh["teacher"]["averageRating"], Value::Null);

    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    sell(&shop, &admin, &course).await;
    sell(&shop, &admin, &course).await;
    payout_request(&shop, &admin, &teacher_token, 300_000).await;
    let teacher = &home(&shop, &teacher_token).await["teacher"];
    let balance = get(&shop, &teacher_token, "/api/finance/balance").await;
    let figures = &balance["figures"][0];
    assert_eq!(
        (teacher["available"].as_i64(), teacher["maturing"].as_i64(), teacher["reserved"].as_i64()),
        (figures["available"].as_i64(), figures["maturing"].as_i64(), figures["reserved"].as_i64())
    );
    assert_eq!(teacher["available"].as_i64(), Some(1_600_000 - 300_000));
    let today = LocalDate::of_instant(now_ms());
    let month_start = today.group_start(academy_shared::reports::Grouping::Month);
    let report =
        get(&shop, &teacher_token, &format!("/api/reports/sales?kind=course&from={month_start}&to={today}")).await;
    assert_eq!(teacher["salesThisMonth"].as_i64(), report["totals"]["netSales"].as_i64());
    assert_eq!(teacher["earningsThisMonth"].as_i64(), report["totals"]["teacherShare"].as_i64());
    assert_eq!(teacher["salesThisMonth"].as_i64(), Some(2_000_000));
    assert_eq!(teacher["salesLastMonth"].as_i64(), Some(0));
    assert_eq!(teacher["students"].as_i64(), Some(2));
    assert_eq!(
        (teacher["setup"]["firstCourse"].as_bool(), teacher["setup"]["payoutAccount"].as_bool()),
        (Some(true), Some(true))
    );
}

#[tokio::test]
async fn staff_see_their_inboxes_and_the_weeks_new_users_and_students_have_no_home() {
    let shop = paying_shop().await;
    let (_, staff) = shop.person("staff", Role::Staff).await;
    unread_message(&shop, "contact_messages").await;
    let home = home(&shop, &staff).await;
    assert_eq!(home["role"], "STAFF");
    let contact = get(&shop, &staff, "/api/dashboard/contact-messages").await;
    assert_eq!(home["staff"]["unreadContactMessages"], contact["unread"]);
    assert_eq!(home["staff"]["unreadContactMessages"].as_i64(), Some(1));
    assert!(home["staff"]["usersThisWeek"].as_i64() >= Some(2), "the teacher and the staff member");
    assert!(home["staff"]["recentSyllabuses"].is_array() && home["staff"]["recentSubjects"].is_array());
    let (_, student) = shop.person("buyer", Role::Student).await;
    let (status, _) = shop.call(Method::GET, "/api/dashboard/home", &student, None).await;
    assert_eq!(status, 403);
}
