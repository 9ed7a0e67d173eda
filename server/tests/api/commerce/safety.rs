//! Money is never lost and sales are never undone behind the buyers' backs: a sold course is archived, not
//! deleted; the bank feed keeps every transfer it is given; money of an order that closed unpaid is refunded or
//! applied by an administrator; impossible amounts and huge texts are kept for review; an order is not paid at a
//! price its catalogue no longer asks; an idempotency key names one checkout.

use academy_server::platform::db::Backend;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer},
    helpers::backend,
};

/// The ledger sums to zero in every currency.
async fn assert_ledger_balanced(shop: &Shop) {
    let totals = academy_server::commerce::ledger::totals(&shop.app.state.pool).await.expect("totals");
    assert!(totals.iter().all(|(_, sum)| *sum == 0), "the ledger sums to zero: {totals:?}");
    shop.assert_day_sums_are_the_entries().await;
}

async fn order(shop: &Shop, token: &str, id: &str) -> Value {
    let (status, body) = shop.call(Method::GET, &format!("/api/orders/{id}"), token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

/// The bank transaction SePay reported with this id, as the review list shows it.
async fn payment(shop: &Shop, admin: &str, provider_id: &str) -> Value {
    let (status, body) = shop.call(Method::GET, "/api/admin/payments?pageSize=100", admin, None).await;
    assert_eq!(status, 200, "{body}");
    let items = body["result"]["items"].as_array().cloned().unwrap_or_default();
    items.into_iter().find(|p| p["providerId"] == provider_id).unwrap_or_else(|| panic!("no payment {provider_id}"))
}

fn str_of<'a>(value: &'a Value, key: &str) -> &'a str {
    value[key].as_str().unwrap_or_else(|| panic!("no {key} in {value}"))
}

#[tokio::test]
async fn a_course_with_buyers_or_an_unpaid_order_is_archived_not_deleted_and_its_money_still_arrives() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let sold = shop.course(NewCourse::vnd("Sold", 500_000)).await;
    let waiting = shop.course(NewCourse::vnd("Waiting", 300_000)).await;
    let unsold = shop.course(NewCourse::vnd("Unsold", 200_000)).await;
    let (buyer, buyer_token, bought) = shop.pending_order(&[&sold]).await;
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 500_000, str_of(&bought, "code"))).await.0, 200);
    let (late_payer, _, unpaid) = shop.pending_order(&[&waiting]).await;
    let (by_hand, _, unpaid_too) = shop.pending_order(&[&waiting]).await;

    for (course, token) in [(&sold, &teacher), (&sold, &admin), (&waiting, &teacher), (&waiting, &admin)] {
        let path = format!("/api/dashboard/courses/{course}");
        let (status, body) = shop.call_en(Method::DELETE, &path, token, None).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(
            body["message"],
            "A course with students, sales or unpaid orders cannot be deleted. Archive it instead: it leaves the \
             catalogue and its students keep learning it."
        );
    }
    let (_, vi) = shop.call(Method::DELETE, &format!("/api/dashboard/courses/{sold}"), &teacher, None).await;
    assert!(str_of(&vi, "message").starts_with("Không thể xóa khóa học"), "{vi}");
    assert_eq!(shop.enrolment(&buyer, &sold).await, (1, 1), "the buyer keeps the course");

    let archive = json!({ "status": "archived" });
    let path = format!("/api/dashboard/courses/{sold}/status");
    assert_eq!(shop.call(Method::PUT, &path, &teacher, Some(archive)).await.0, 200);
    let status = shop.app.get(&format!("/api/courses/{sold}")).await.status();
    assert_eq!(status, 404, "an archived course leaves the catalogue");
    let (status, body) = shop.call(Method::GET, &format!("/api/learning/courses/{sold}"), &buyer_token, None).await;
    assert_eq!(status, 200, "its buyer keeps learning it: {body}");

    // The courses still exist, so their money arrives: by the bank feed and by an administrator's hand.
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(2, 300_000, str_of(&unpaid, "code"))).await.0, 200);
    assert_eq!(shop.enrolment(&late_payer, &waiting).await.0, 1);
    let confirm = format!("/api/admin/orders/{}/confirm", str_of(&unpaid_too, "_id"));
    let (status, body) = shop.call(Method::POST, &confirm, &admin, Some(json!({ "note": "Sao kê ngày 24" }))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(shop.enrolment(&by_hand, &waiting).await.0, 1);

    let (status, body) = shop.call(Method::DELETE, &format!("/api/dashboard/courses/{unsold}"), &teacher, None).await;
    assert_eq!(status, 200, "a course nobody bought or ordered can still be deleted: {body}");
    assert_ledger_balanced(&shop).await;
}

/// Makes every enrolment fail, as any failure while applying a transfer would.
async fn break_enrolments(shop: &Shop) {
    let pool = &shop.app.state.pool;
    let statements: &[&str] = match backend() {
        Backend::Sqlite => &["create trigger enrolments_broken before insert on course_enrollments \
             begin select raise(abort, 'enrolments are broken'); end"],
        Backend::Postgres => &[
            "create function enrolments_broken() returns trigger language plpgsql as \
             $$ begin raise exception 'enrolments are broken'; end $$",
            "create trigger enrolments_broken before insert on course_enrollments \
             for each row execute function enrolments_broken()",
        ],
    };
    for sql in statements {
        sqlx::query(sql).execute(pool).await.expect("trigger");
    }
}

async fn mend_enrolments(shop: &Shop) {
    sqlx::query("drop trigger enrolments_broken on course_enrollments")
        .execute(&shop.app.state.pool)
        .await
        .or(sqlx::query("drop trigger enrolments_broken").execute(&shop.app.state.pool).await)
        .expect("dropped");
}

#[tokio::test]
async fn a_signed_transfer_that_cannot_be_applied_is_stored_answered_with_success_and_put_on_the_review_list() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let (student, token, pending) = shop.pending_order(&[&course]).await;
    let body = transfer(70, 500_000, &format!("{} hoc phi", str_of(&pending, "code")));
    break_enrolments(&shop).await;

    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &body).await;
    assert_eq!((status, answer), (200, json!({ "success": true })));
    let kept = payment(&shop, &admin, "70").await;
    assert_eq!((str_of(&kept, "outcome"), str_of(&kept, "reviewStatus")), ("unapplied", "open"));
    let raw: String = sqlx::query_scalar("select raw from payment_transactions where provider_id = '70'")
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("raw");
    assert!(raw.contains("hoc phi"), "the payload as received: {raw}");
    assert_eq!(shop.balance("customer:funds").await, 500_000, "the money is in the ledger");
    assert_eq!(order(&shop, &token, str_of(&pending, "_id")).await["status"], "pending");
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await.0, 200, "a retry is a duplicate");
    assert_eq!(shop.count("payment_transactions", "provider_id = $1", "70").await, 1);

    mend_enrolments(&shop).await;
    let apply = format!("/api/admin/payments/{}/apply", str_of(&kept, "_id"));
    let to_order = json!({ "orderId": pending["_id"], "note": "Áp dụng sau sự cố" });
    let (status, paid) = shop.call(Method::POST, &apply, &admin, Some(to_order)).await;
    assert_eq!((status, paid["result"]["status"].as_str()), (200, Some("paid")), "{paid}");
    assert_eq!(shop.enrolment(&student, &course).await, (1, 1));
    assert_eq!(payment(&shop, &admin, "70").await["reviewStatus"], "resolved");
    assert_eq!(shop.balance("customer:funds").await, 0);
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn money_of_an_order_cancelled_or_expired_unpaid_goes_to_review_and_is_refunded_or_applied_to_a_new_order() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 300_000)).await;

    // Cancelled with 100.000 ₫ received: refunded, the student told.
    let (canceller, token, first) = shop.pending_order(&[&course]).await;
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 100_000, str_of(&first, "code"))).await.0, 200);
    let cancel = format!("/api/orders/{}/cancel", str_of(&first, "_id"));
    assert_eq!(shop.call(Method::POST, &cancel, &token, None).await.0, 200);
    let stranded = payment(&shop, &admin, "1").await;
    assert_eq!((str_of(&stranded, "outcome"), str_of(&stranded, "reviewStatus")), ("order_closed", "open"));
    let refund = format!("/api/admin/payments/{}/refund", str_of(&stranded, "_id"));
    let (_, student) = shop.person("student", Role::Student).await;
    assert_eq!(shop.call(Method::POST, &refund, &student, Some(json!({ "note": "x" }))).await.0, 403);
    assert_eq!(shop.call(Method::POST, &refund, &admin, Some(json!({ "note": " " }))).await.0, 422);
    let notices = shop.count("notifications", "user_id = $1", &canceller).await;
    let (status, body) = shop.call(Method::POST, &refund, &admin, Some(json!({ "note": "Hoàn tiền" }))).await;
    assert_eq!((status, body["result"]["reviewStatus"].as_str()), (200, Some("resolved")), "{body}");
    assert_eq!(shop.count("notifications", "user_id = $1", &canceller).await, notices + 1, "the student is told");
    assert_eq!(shop.balance("customer:funds").await, 0);
    assert_eq!(shop.balance("refunds").await, 100_000);
    assert_eq!(shop.call(Method::POST, &refund, &admin, Some(json!({ "note": "again" }))).await.0, 409);

    // Expired with 100.000 ₫ received: applied to the student's new order, whose rest pays it.
    let (buyer, token, second) = shop.pending_order(&[&course]).await;
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(2, 100_000, str_of(&second, "code"))).await.0, 200);
    let later = academy_server::platform::db::now_ms() + 31 * 60_000;
    let state = &shop.app.state;
    academy_server::commerce::orders::expire(state, str_of(&second, "_id"), later).await.expect("expired");
    let stranded = payment(&shop, &admin, "2").await;
    assert_eq!(str_of(&stranded, "reviewStatus"), "open");
    let (status, again) = shop.checkout(&token, &[&course], None, None).await;
    assert_eq!(status, 201, "{again}");
    let new_order = again["result"]["_id"].clone();
    let apply = format!("/api/admin/payments/{}/apply", str_of(&stranded, "_id"));
    // The administrator names the new order by the code the student sees (any case).
    let named = str_of(&again["result"], "code").to_lowercase();
    let (status, applied) =
        shop.call(Method::POST, &apply, &admin, Some(json!({ "orderId": named, "note": "Chuyển sang đơn mới" }))).await;
    assert_eq!(status, 200, "{applied}");
    assert_eq!(
        (applied["result"]["status"].as_str(), applied["result"]["amountReceived"].as_i64()),
        (Some("pending"), Some(100_000))
    );
    let code = str_of(&again["result"], "code");
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(3, 200_000, code)).await.0, 200);
    assert_eq!(order(&shop, &token, new_order.as_str().expect("id")).await["status"], "paid");
    assert_eq!(shop.enrolment(&buyer, &course).await.0, 1);
    assert_eq!(shop.balance("customer:funds").await, 0);
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn money_beyond_what_an_order_owes_is_not_applied_to_it() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 300_000)).await;
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(5, 400_000, "khong co ma")).await.0, 200);
    let (_, _, pending) = shop.pending_order(&[&course]).await;
    let unmatched = payment(&shop, &admin, "5").await;
    let apply = format!("/api/admin/payments/{}/apply", str_of(&unmatched, "_id"));
    let body = json!({ "orderId": pending["_id"], "note": "Nhầm" });
    let (status, refused) = shop.call_en(Method::POST, &apply, &admin, Some(body)).await;
    assert_eq!(status, 422, "{refused}");
    assert!(str_of(&refused, "message").contains("refund it instead"), "{refused}");
    assert_eq!(payment(&shop, &admin, "5").await["reviewStatus"], "open");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn an_impossible_amount_or_a_huge_text_is_stored_for_review_and_the_ledger_stays_exact() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Rust", 300_000)).await;
    let (_, token, pending) = shop.pending_order(&[&course]).await;
    let code = str_of(&pending, "code");
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 100_000, code)).await.0, 200);

    let (status, answer) = shop.bank_feed(Some(SEPAY_KEY), &transfer(2, i64::MAX, code)).await;
    assert_eq!((status, answer), (200, json!({ "success": true })));
    let kept = payment(&shop, &admin, "2").await;
    assert_eq!((str_of(&kept, "outcome"), str_of(&kept, "reviewStatus")), ("amount_out_of_range", "open"));
    assert_eq!(order(&shop, &token, str_of(&pending, "_id")).await["amountReceived"], 100_000);
    assert_eq!(shop.balance("customer:funds").await, 100_000, "the balance reads, exact");
    let refund = format!("/api/admin/payments/{}/refund", str_of(&kept, "_id"));
    assert_eq!(shop.call(Method::POST, &refund, &admin, Some(json!({ "note": "x" }))).await.0, 409);
    let resolve = format!("/api/admin/payments/{}/resolve", str_of(&kept, "_id"));
    assert_eq!(shop.call(Method::POST, &resolve, &admin, Some(json!({ "note": "Sai số liệu" }))).await.0, 200);

    // 10,000 words shaped like order codes, 120 KB: kept, looked up a bounded number of times.
    let words: Vec<String> = (0..10_000u32)
        .map(|i| {
            let b = i.to_be_bytes();
            academy_shared::commerce::order_code([9, b[0], b[1], b[2], b[3]])
        })
        .collect();
    let started = std::time::Instant::now();
    let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &transfer(3, 50_000, &words.join(" "))).await;
    assert_eq!(status, 200);
    assert!(started.elapsed() < std::time::Duration::from_secs(1), "took {:?}", started.elapsed());
    assert_eq!(payment(&shop, &admin, "3").await["outcome"], "unmatched");
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn an_unpaid_order_is_not_paid_at_its_old_price_once_its_course_is_free_or_off_sale() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let freed = shop.course(NewCourse::vnd("Freed", 500_000)).await;
    let withdrawn = shop.course(NewCourse::vnd("Withdrawn", 400_000)).await;
    let (student, token, first) = shop.pending_order(&[&freed]).await;
    let (_, _, second) = shop.pending_order(&[&withdrawn]).await;
    let (_, _, third) = shop.pending_order(&[&withdrawn]).await;
    sqlx::query("update courses set price = 0, discount = null where id = $1")
        .bind(&freed)
        .execute(&shop.app.state.pool)
        .await
        .expect("made free");
    let draft = json!({ "status": "draft" });
    let path = format!("/api/dashboard/courses/{withdrawn}/status");
    assert_eq!(shop.call(Method::PUT, &path, &teacher, Some(draft)).await.0, 200);

    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(1, 500_000, str_of(&first, "code"))).await.0, 200);
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(2, 400_000, str_of(&second, "code"))).await.0, 200);
    assert_eq!(order(&shop, &token, str_of(&first, "_id")).await["status"], "cancelled");
    assert_eq!(shop.enrolment(&student, &freed).await.0, 0);
    for id in ["1", "2"] {
        let kept = payment(&shop, &admin, id).await;
        assert_eq!((str_of(&kept, "outcome"), str_of(&kept, "reviewStatus")), ("order_closed", "open"));
    }
    let confirm = format!("/api/admin/orders/{}/confirm", str_of(&third, "_id"));
    let (status, body) = shop.call_en(Method::POST, &confirm, &admin, Some(json!({ "note": "Sao kê" }))).await;
    assert_eq!(status, 409, "{body}");
    assert!(str_of(&body, "message").contains("taken off sale after checkout"), "{body}");
    assert_eq!(shop.balance("customer:funds").await, 900_000);
    assert_ledger_balanced(&shop).await;
}

#[tokio::test]
async fn an_idempotency_key_names_one_checkout_and_is_refused_for_other_courses() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 200_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (status, first) = shop.checkout(&token, &[&a], None, Some("key-1")).await;
    assert_eq!(status, 201, "{first}");
    let cancel = format!("/api/orders/{}/cancel", str_of(&first["result"], "_id"));
    assert_eq!(shop.call(Method::POST, &cancel, &token, None).await.0, 200);

    let (status, same) = shop.checkout(&token, &[&a], None, Some("key-1")).await;
    assert_eq!((status, same["result"]["_id"].clone()), (200, first["result"]["_id"].clone()), "a retry");
    let (status, other) = shop.checkout(&token, &[&b], None, Some("key-1")).await;
    assert_eq!(status, 422, "{other}");
    assert!(other["result"]["fields"]["idempotencyKey"].is_string(), "{other}");
    assert_eq!(shop.count("orders", "user_id <> $1", "").await, 1);
}

#[tokio::test]
async fn a_course_priced_in_another_currency_cannot_be_put_in_the_cart() {
    let shop = paying_shop().await;
    let dollars = shop.course(NewCourse { currency: "USD", ..NewCourse::vnd("Dollars", 2_499) }).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    let (status, body) =
        shop.call_en(Method::POST, "/api/cart/items", &token, Some(json!({ "courseId": dollars }))).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        "This course is priced in USD and cannot be bought here: the academy takes payments in VND only."
    );
    let (_, cart) = shop.call(Method::GET, "/api/cart", &token, None).await;
    assert_eq!(cart["result"]["count"], 0);
}
