//! Mentorship: plans managed by their owner only, booking through the checkout and the bank feed, seats never
//! over a plan's capacity, renewals from the end of an active booking, and the enroll-list's shape.

use academy_server::platform::db::now_ms;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{SEPAY_KEY, Shop, many_students, paying_shop, shop, transfer};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn plan_body(title: &str, price: i64, max_mentees: i64) -> Value {
    json!({
        "title": { "vi": format!("{title} (vi)"), "en": title },
        "shortDescription": { "vi": "Kèm cặp hằng tuần", "en": "Weekly mentoring" },
        "services": [
            { "vi": "Xem lại mã", "en": "Code review" },
            { "vi": "Định hướng nghề nghiệp", "en": "Career advice" },
            { "vi": "Luyện phỏng vấn", "en": "Mock interviews" },
            { "vi": "Hỏi đáp", "en": "Q&A" },
            { "vi": "Lộ trình học", "en": "Learning path" },
        ],
        "price": price,
        "currency": "VND",
        "durationValue": 30,
        "durationUnit": "days",
        "sessionsPerPeriod": 4,
        "sessionMinutes": 60,
        "maxMentees": max_mentees,
        "active": true,
    })
}

/// Creates a plan as `token`; its JSON.
async fn create_plan(shop: &Shop, token: &str, body: Value) -> Value {
    let (status, answer) = shop.call(Method::POST, "/api/dashboard/mentorship/plans", token, Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    answer["result"].clone()
}

async fn book(shop: &Shop, token: &str, plan_id: &str) -> (u16, Value) {
    shop.call(Method::POST, "/api/checkout", token, Some(json!({ "planId": plan_id }))).await
}

/// Books the plan and pays the order through the bank feed (transfer `id`); the order's id.
async fn book_and_pay(shop: &Shop, token: &str, plan_id: &str, id: i64) -> String {
    let (status, order) = book(shop, token, plan_id).await;
    assert_eq!(status, 201, "{order}");
    let (code, total) =
        (order["result"]["code"].as_str().expect("code"), order["result"]["totalAmount"].as_i64().expect("total"));
    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &transfer(id, total, code)).await;
    assert_eq!((status, answer), (200, json!({ "success": true })));
    order["result"]["_id"].as_str().expect("order id").to_owned()
}

async fn enroll_list(shop: &Shop, token: &str) -> Value {
    let response = shop.app.send(Method::POST, "/api/mentorship-plan/enroll-list", Some(token), None).await;
    let (status, body) = crate::accounts::status_json(response).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn ms(iso: &Value) -> i64 {
    chrono::DateTime::parse_from_rfc3339(iso.as_str().expect("a date")).expect("iso").timestamp_millis()
}

#[tokio::test]
async fn only_the_plans_owner_or_an_administrator_edits_or_deletes_it() {
    let shop = shop().await;
    let (owner, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let (_, other) = shop.person("other", Role::Teacher).await;
    let (_, student) = shop.person("student", Role::Student).await;
    let (_, admin) = shop.person("admin", Role::Admin).await;

    let (status, _) =
        shop.call(Method::POST, "/api/dashboard/mentorship/plans", &student, Some(plan_body("Mine", 1, 1))).await;
    assert_eq!(status, 403, "students sell no plans");
    let plan = create_plan(&shop, &owner, plan_body("Rust mentoring", 1_500_000, 5)).await;
    let id = plan["id"].as_str().expect("id");
    assert_eq!(plan["services"].as_array().map(Vec::len), Some(5));
    assert_eq!(plan["maxMentees"], 5);
    let path = format!("/api/dashboard/mentorship/plans/{id}");

    for method in [Method::GET, Method::PUT, Method::DELETE] {
        let body = (method == Method::PUT).then(|| plan_body("Taken over", 1, 1));
        let (status, answer) = shop.call(method.clone(), &path, &other, body).await;
        assert_eq!(status, 403, "{method} by another teacher: {answer}");
    }
    let (_, mine) = shop.call(Method::GET, "/api/dashboard/mentorship/plans", &other, None).await;
    assert_eq!(mine["result"], json!([]), "another teacher lists only their own plans");

    let mut edited = plan_body("Rust mentoring", 1_900_000, 5);
    edited["active"] = json!(false);
    let (status, answer) = shop.call(Method::PUT, &path, &admin, Some(edited)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        (answer["result"]["price"].clone(), answer["result"]["active"].clone()),
        (json!(1_900_000), json!(false))
    );

    let mut invalid = plan_body("", -5, 0);
    invalid["durationUnit"] = json!("weeks");
    invalid["title"]["vi"] = json!("  ");
    let (status, answer) = shop.call_en(Method::PUT, &path, &owner, Some(invalid)).await;
    assert_eq!(status, 422, "{answer}");
    let fields = &answer["result"]["fields"];
    assert_eq!(fields["title.vi"], "This field is required", "{answer}");
    assert_eq!(fields["price"], "Enter a whole number from 0 to 1000000000000");
    assert_eq!(fields["durationUnit"], "Choose days or months");
    assert_eq!(fields["maxMentees"], "Enter a whole number from 1 to 1000");

    let (status, _) = shop.call(Method::DELETE, &path, &owner, None).await;
    assert_eq!(status, 200);
    let (status, _) = shop.call(Method::GET, &path, &owner, None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_plan_is_booked_through_checkout_and_paid_by_transfer_into_its_own_revenue_account() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (owner, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let plan = create_plan(&shop, &owner, plan_body("Rust mentoring", 1_000_000, 3)).await;
    let plan_id = plan["id"].as_str().expect("id");
    let (_, student) = shop.person("mentee", Role::Student).await;

    let (status, answer) = book(&shop, &owner, plan_id).await;
    assert_eq!(status, 409, "a teacher does not book their own plan: {answer}");
    let before = now_ms();
    book_and_pay(&shop, &student, plan_id, 1).await;

    let body = enroll_list(&shop, &student).await;
    assert_eq!((body["code"].clone(), body["total"].clone()), (json!(1000), json!(1)));
    let item = &body["enrollList"][0];
    for key in ["_id", "mentor", "package", "startDate", "endDate"] {
        assert!(item.get(key).is_some(), "{key} in {item}");
    }
    assert_eq!(item["mentor"]["userId"], shop.teacher.id);
    for key in ["firstName", "lastName", "avatar"] {
        assert!(item["mentor"].get(key).is_some(), "mentor.{key}");
    }
    assert_eq!(item["package"]["price"], 1_000_000);
    assert_eq!(item["package"]["short_description"], "Kèm cặp hằng tuần");
    assert_eq!(item["package"]["services"].as_array().map(Vec::len), Some(5));
    let (start, end) = (ms(&item["startDate"]), ms(&item["endDate"]));
    assert!(start >= before - 1000 && start <= now_ms(), "starts now");
    assert_eq!(end - start, 30 * DAY_MS);

    assert_eq!(
        shop.balance("platform:mentorship").await + shop.balance(&format!("teacher:{}", shop.teacher.id)).await,
        1_000_000
    );
    assert!(shop.balance("platform:mentorship").await > 0);
    assert_eq!(shop.balance("platform:revenue").await, 0, "mentorship revenue is kept apart from courses'");

    let path = format!("/api/dashboard/mentorship/plans/{plan_id}");
    let (status, _) = shop.call(Method::PUT, &path, &owner, Some(plan_body("Rust mentoring", 2_000_000, 3))).await;
    assert_eq!(status, 200);
    assert_eq!(
        enroll_list(&shop, &student).await["enrollList"][0]["package"]["price"],
        1_000_000,
        "what was paid stays"
    );
    let (status, _) = shop.call(Method::DELETE, &path, &owner, None).await;
    assert_eq!(status, 409, "a booked plan is paused, never deleted");

    let (status, mentees) = shop.call(Method::GET, "/api/mentorship/mentees", &owner, None).await;
    assert_eq!(status, 200);
    assert!(mentees["enrollList"][0]["mentee"]["userId"].is_string(), "{mentees}");
    let (status, page) =
        shop.call(Method::GET, "/api/dashboard/mentorship/bookings?status=active&search=mentee", &owner, None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["result"]["total"], 1);
    let (_, expired) = shop.call(Method::GET, "/api/dashboard/mentorship/bookings?status=expired", &owner, None).await;
    assert_eq!(expired["result"]["total"], 0);
}

#[tokio::test]
async fn renewing_an_active_booking_extends_it_from_its_end_and_an_expired_one_starts_now() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (owner, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let plan = create_plan(&shop, &owner, plan_body("Renewals", 500_000, 2)).await;
    let plan_id = plan["id"].as_str().expect("id");
    let (_, student) = shop.person("renewer", Role::Student).await;

    book_and_pay(&shop, &student, plan_id, 11).await;
    let first = enroll_list(&shop, &student).await["enrollList"][0].clone();
    book_and_pay(&shop, &student, plan_id, 12).await;
    let body = enroll_list(&shop, &student).await;
    assert_eq!(body["total"], 1, "one booking, renewed");
    let renewed = &body["enrollList"][0];
    assert_eq!(ms(&renewed["startDate"]), ms(&first["startDate"]), "the start is kept");
    assert_eq!(ms(&renewed["endDate"]), ms(&first["endDate"]) + 30 * DAY_MS, "extended from its end");

    let past = now_ms() - 5 * DAY_MS;
    sqlx::query("update mentorship_enrollments set start_at = $1, end_at = $2")
        .bind(past - 30 * DAY_MS)
        .bind(past)
        .execute(&shop.app.state.pool)
        .await
        .expect("expired");
    let before = now_ms();
    book_and_pay(&shop, &student, plan_id, 13).await;
    let again = &enroll_list(&shop, &student).await["enrollList"][0];
    let start = ms(&again["startDate"]);
    assert!(start >= before - 1000, "an expired booking starts again now");
    assert_eq!(ms(&again["endDate"]) - start, 30 * DAY_MS);
}

#[tokio::test]
async fn fifty_concurrent_bookings_never_exceed_the_plans_capacity() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (owner, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let plan = create_plan(&shop, &owner, plan_body("Small group", 300_000, 5)).await;
    let plan_id = plan["id"].as_str().expect("id").to_owned();
    let students = many_students(&shop.app, 50).await;

    let bookings = students.iter().map(|(_, token)| book(&shop, token, &plan_id));
    let answers = futures_util::future::join_all(bookings).await;
    let made = answers.iter().filter(|(status, _)| *status == 201).count();
    let full: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 409).map(|(_, body)| body).collect();
    assert_eq!((made, full.len()), (5, 45), "{:?}", answers.iter().map(|a| a.0).collect::<Vec<_>>());
    assert!(full[0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    let orders = shop.count("order_items", "kind = 'mentorship_plan' and course_id = $1", &plan_id).await;
    assert_eq!(orders, 5);

    // Paid, the five hold their seats as bookings; nobody else gets one.
    for (n, (status, order)) in answers.iter().enumerate().filter(|(_, (status, _))| *status == 201) {
        assert_eq!(*status, 201);
        let code = order["result"]["code"].as_str().expect("code");
        let id = i64::try_from(n).expect("n") + 100;
        let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &transfer(id, 300_000, code)).await;
        assert_eq!(status, 200);
    }
    assert_eq!(shop.count("mentorship_enrollments", "plan_id = $1", &plan_id).await, 5);
    let (_, late) = shop.person("late", Role::Student).await;
    assert_eq!(book(&shop, &late, &plan_id).await.0, 409);
}

#[tokio::test]
async fn unpaid_checkouts_hold_a_plans_seats_only_briefly_and_cannot_renew_the_hold() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (owner, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let plan = create_plan(&shop, &owner, plan_body("Trio", 300_000, 3)).await;
    let plan_id = plan["id"].as_str().expect("id").to_owned();
    let students = many_students(&shop.app, 7).await;
    let mut orders = Vec::new();
    for (_, token) in &students[..3] {
        let (status, order) = book(&shop, token, &plan_id).await;
        assert_eq!(status, 201, "{order}");
        orders.push(order["result"].clone());
    }
    assert_eq!(book(&shop, &students[3].1, &plan_id).await.0, 409, "three fresh checkouts hold the three seats");

    // Eleven minutes on, the three have not paid: their holds have lapsed and the others may book.
    sqlx::query("update orders set created_at = created_at - $1")
        .bind(11 * 60_000_i64)
        .execute(&shop.app.state.pool)
        .await
        .expect("earlier");
    assert_eq!(book(&shop, &students[3].1, &plan_id).await.0, 201);
    // Cancelling and checking out again starts no new hold.
    let first = orders[0]["_id"].as_str().expect("id");
    let (status, _) = shop.call(Method::POST, &format!("/api/orders/{first}/cancel"), &students[0].1, None).await;
    assert_eq!(status, 200);
    assert_eq!(book(&shop, &students[0].1, &plan_id).await.0, 201);
    for (_, token) in &students[4..6] {
        assert_eq!(book(&shop, token, &plan_id).await.0, 201);
    }
    assert_eq!(book(&shop, &students[6].1, &plan_id).await.0, 409, "three holds again: 3, 4 and 5");

    // A lapsed order paid all the same is booked: the money is in.
    let (code, total) = (orders[1]["code"].as_str().expect("code"), orders[1]["totalAmount"].as_i64().expect("total"));
    let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &transfer(4242, total, code)).await;
    assert_eq!(status, 200);
    assert_eq!(shop.count("mentorship_enrollments", "plan_id = $1", &plan_id).await, 1);
    assert_eq!(shop.money_snapshot().await[5], 0, "the ledger sums to zero");
}

/// The BookMentorShip notifications `token` sees, in `lang`.
async fn bookings_told(shop: &Shop, token: &str, lang: &str) -> Vec<Value> {
    let (status, body) = crate::notifications::get_as(&shop.app, "/api/notification", token, lang).await;
    assert_eq!(status, 200, "{body}");
    let all = body["notifications"].as_array().cloned().unwrap_or_default();
    all.into_iter().filter(|n| n["type"] == "BookMentorShip").collect()
}

#[tokio::test]
async fn a_paid_booking_tells_the_student_and_the_mentor_once_per_order_and_a_renewal_again() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let (mentor, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let plan = create_plan(&shop, &mentor, plan_body("Weekly review", 500_000, 3)).await;
    let plan_id = plan["id"].as_str().expect("id");
    let (student, token) = shop.person("mentee", Role::Student).await;
    assert!(bookings_told(&shop, &token, "vi").await.is_empty(), "nothing before the money arrives");

    let (status, order) = book(&shop, &token, plan_id).await;
    assert_eq!(status, 201, "{order}");
    let (code, total) =
        (order["result"]["code"].as_str().expect("code"), order["result"]["totalAmount"].as_i64().expect("total"));
    let feed = transfer(21, total, code);
    let replays = (0..4).map(|_| shop.bank_feed(Some(SEPAY_KEY), &feed));
    for (status, _) in futures_util::future::join_all(replays).await {
        assert_eq!(status, 200);
    }

    let told = bookings_told(&shop, &token, "en").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["title"], "Mentorship booked");
    let message = told[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("«Weekly review»") && message.contains("₫500,000"), "{message}");
    assert_eq!(told[0]["actionLink"], "/profile?tab=mentors");
    let told_vi = bookings_told(&shop, &token, "vi").await;
    assert_eq!(told_vi[0]["title"], "Đặt gói mentor thành công");
    assert!(told_vi[0]["message"].as_str().unwrap_or_default().contains("«Weekly review (vi)»"), "{told_vi:?}");
    let mail: i64 = sqlx::query_scalar(
        "select count(*) from jobs j join notifications n on j.payload like '%' || n.id || '%' \
         where j.kind = 'notifications.mail' and n.user_id = $1 and n.kind = 'BookMentorShip'",
    )
    .bind(&student.id)
    .fetch_one(&shop.app.state.pool)
    .await
    .expect("mail jobs");
    assert_eq!(mail, 1, "the student's confirmation also goes by mail");

    let mentor_told = bookings_told(&shop, &mentor, "en").await;
    assert_eq!(mentor_told.len(), 1, "{mentor_told:?}");
    assert_eq!(mentor_told[0]["title"], "A mentee booked your plan");
    assert_eq!(mentor_told[0]["actionLink"], "/dashboard/mentorship/booked-mentorship");

    book_and_pay(&shop, &token, plan_id, 22).await;
    assert_eq!(bookings_told(&shop, &token, "en").await.len(), 2, "a renewal is a new booking confirmation");
    assert_eq!(bookings_told(&shop, &mentor, "en").await.len(), 2);
}

async fn refund(shop: &Shop, admin: &str, order: &str) -> (u16, Value) {
    let path = format!("/api/admin/orders/{order}/refund");
    shop.call(Method::POST, &path, admin, Some(json!({ "note": "Học viên đổi ý" }))).await
}

async fn session_status(shop: &Shop, id: &str) -> String {
    sqlx::query_scalar("select status from mentorship_sessions where id = $1")
        .bind(id)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("status")
}

#[tokio::test]
async fn a_refunded_booking_loses_the_period_it_paid_for_its_later_sessions_and_its_revenue() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let (owner, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let plan = create_plan(&shop, &owner, plan_body("Refunds", 600_000, 2)).await;
    let plan_id = plan["id"].as_str().expect("id");
    let (student, token) = shop.person("refunded", Role::Student).await;
    let first_order = book_and_pay(&shop, &token, plan_id, 31).await;
    let first = enroll_list(&shop, &token).await["enrollList"][0].clone();
    let renewal = book_and_pay(&shop, &token, plan_id, 32).await;
    let (booking, start, first_end) =
        (first["_id"].as_str().expect("id"), ms(&first["startDate"]), ms(&first["endDate"]));
    // A session inside the first period and one in the renewal's.
    for (id, at) in [("s-kept", first_end - 2 * DAY_MS), ("s-past-end", first_end + 2 * DAY_MS)] {
        sqlx::query(
            "insert into mentorship_sessions (id, enrollment_id, teacher_id, student_id, start_at, end_at, status, \
             created_at, updated_at) values ($1, $2, $3, $4, $5, $6, 'booked', 0, 0)",
        )
        .bind(id)
        .bind(booking)
        .bind(&shop.teacher.id)
        .bind(&student.id)
        .bind(at)
        .bind(at + 60 * 60 * 1000)
        .execute(&shop.app.state.pool)
        .await
        .expect("session");
    }
    let (code, answer) = refund(&shop, &admin, &renewal).await;
    assert_eq!(code, 200, "{answer}");
    let after_renewal = &enroll_list(&shop, &token).await["enrollList"][0];
    assert_eq!((ms(&after_renewal["startDate"]), ms(&after_renewal["endDate"])), (start, first_end));
    assert_eq!(after_renewal["active"], true, "the first period is still paid for");
    assert_eq!(
        (session_status(&shop, "s-kept").await, session_status(&shop, "s-past-end").await),
        ("booked".into(), "cancelled".into())
    );
    let revenue = shop.balance("platform:mentorship").await;
    let earnings = shop.balance(&format!("teacher:{}", shop.teacher.id)).await;
    assert_eq!(revenue + earnings, 600_000, "one payment's worth is left");

    let (code, answer) = refund(&shop, &admin, &first_order).await;
    assert_eq!(code, 200, "{answer}");
    let after_all = &enroll_list(&shop, &token).await["enrollList"][0];
    assert_eq!(ms(&after_all["endDate"]), start, "a first booking refunded ends where it began");
    assert_eq!(after_all["active"], false);
    assert_eq!(session_status(&shop, "s-kept").await, "cancelled");
    assert_eq!(shop.balance("platform:mentorship").await, 0);
    assert_eq!(shop.balance(&format!("teacher:{}", shop.teacher.id)).await, 0);
    assert_eq!(shop.balance("platform:revenue").await, 0, "course revenue never touched");
    assert_eq!(shop.balance("refunds").await, 1_200_000);
}
