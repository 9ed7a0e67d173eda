//! A paid order tells the student (their receipt, also by mail through the job queue) and each course's teacher,
//! once per order, however the payment arrives and however often it is reported.

use academy_server::{
    commerce::{
        notify::course_purchased,
        orders,
        payments::{PAID_NOTICES_DELAY_MS, PAID_NOTICES_JOB},
    },
    platform::{db::now_ms, jobs::Worker},
};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::mails_to,
    commerce_fixtures::{NewCourse, SEPAY_KEY, Shop, paying_shop, transfer},
    notifications::get_as,
};

/// The CoursePurchase notifications `token` sees, in `lang`.
async fn purchases(shop: &Shop, token: &str, lang: &str) -> Vec<Value> {
    let (status, body) = get_as(&shop.app, "/api/notification", token, lang).await;
    assert_eq!(status, 200, "{body}");
    let all = body["notifications"].as_array().cloned().unwrap_or_default();
    all.into_iter().filter(|n| n["type"] == "CoursePurchase").collect()
}

/// How many mail jobs are queued or done for notifications of `user_id`.
async fn mail_jobs(shop: &Shop, user_id: &str) -> i64 {
    let ids: Vec<String> = sqlx::query_scalar("select id from notifications where user_id = $1 and mail = 1")
        .bind(user_id)
        .fetch_all(&shop.app.state.pool)
        .await
        .expect("notifications");
    let mut jobs = 0;
    for id in ids {
        let n: i64 =
            sqlx::query_scalar("select count(*) from jobs where kind = 'notifications.mail' and payload like $1")
                .bind(format!("%{id}%"))
                .fetch_one(&shop.app.state.pool)
                .await
                .expect("jobs");
        jobs += n;
    }
    jobs
}

#[tokio::test]
async fn a_paid_order_tells_the_student_and_each_teacher_once_however_often_the_bank_reports_it() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let (other_teacher, other_token) = shop.person("teacher2", Role::Teacher).await;
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let web = shop.course(NewCourse::vnd("Web", 500_000)).await;
    let rust = shop.course_of(&other_teacher.id, NewCourse::vnd("Rust", 300_000)).await;
    let (student, token, pending) = shop.pending_order(&[&web, &rust]).await;
    let order_id = pending["_id"].as_str().expect("id").to_owned();
    let code = pending["code"].as_str().expect("code");
    assert!(purchases(&shop, &token, "vi").await.is_empty(), "nothing before the money arrives");

    let body = transfer(5_150, 800_000, code);
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await.0, 200);
    for _ in 0..3 {
        assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &body).await.0, 200);
    }
    let replays = (0..5).map(|_| shop.bank_feed(Some(SEPAY_KEY), &body));
    futures_util::future::join_all(replays).await;
    // Telling of the same paid order again (a second instance, a retried step) adds nothing.
    let mut conn = shop.app.state.pool.acquire().await.expect("connection");
    let order = orders::load(&mut conn, &order_id).await.expect("read").expect("the order");
    drop(conn);
    course_purchased(&shop.app.state, &order).await;

    let mine = purchases(&shop, &token, "en").await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["title"], "Payment received");
    let message = mine[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains(code) && message.contains("₫800,000"), "{message}");
    assert!(message.contains("«Web»") && message.contains("«Rust»"), "{message}");
    assert_eq!(mine[0]["actionLink"], "/profile", "two courses: the profile lists them");
    assert_eq!(mine[0]["isRead"], false);
    let mine_vi = purchases(&shop, &token, "vi").await;
    assert_eq!(mine_vi[0]["title"], "Thanh toán thành công");
    assert!(mine_vi[0]["message"].as_str().unwrap_or_default().contains("800.000 ₫"), "{}", mine_vi[0]);

    for (teacher_token, course) in [(&teacher_token, "«Web"), (&other_token, "«Rust")] {
        let theirs = purchases(&shop, teacher_token, "vi").await;
        assert_eq!(theirs.len(), 1, "{theirs:?}");
        assert_eq!(theirs[0]["title"], "Khóa học của bạn vừa được mua");
        assert!(theirs[0]["message"].as_str().unwrap_or_default().contains(course), "{}", theirs[0]);
        assert_eq!(theirs[0]["actionLink"], "/dashboard");
    }
    let other_en = purchases(&shop, &other_token, "en").await;
    assert_eq!(other_en[0]["title"], "Your course was purchased");
    assert!(!other_en[0]["message"].as_str().unwrap_or_default().contains("Web"), "only their own courses");

    // The receipt goes by mail through the job queue, once; teachers are told on the site only.
    assert_eq!(mail_jobs(&shop, &student).await, 1);
    assert_eq!(mail_jobs(&shop, &other_teacher.id).await, 0);
    let worker = Worker::new(shop.app.state.jobs.clone(), shop.app.state.clone(), academy_server::job_handlers());
    worker.run_due(now_ms()).await.expect("jobs ran");
    let student_email: String = sqlx::query_scalar("select email from users where id = $1")
        .bind(&student)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("email");
    let mails = mails_to(&shop.app, &admin, &student_email).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0]["subject"], "Thanh toán thành công / Payment received");
}

#[tokio::test]
async fn an_order_confirmed_by_an_administrator_tells_the_student_with_a_link_to_learn() {
    let shop = paying_shop().await;
    let admin = shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Design", 250_000)).await;
    let (_, token, pending) = shop.pending_order(&[&course]).await;
    let order_id = pending["_id"].as_str().expect("id");

    let path = format!("/api/admin/orders/{order_id}/confirm");
    let (status, body) = shop.call(Method::POST, &path, &admin, Some(json!({ "note": "Đã thấy tiền" }))).await;
    assert_eq!(status, 200, "{body}");
    let again = shop.call(Method::POST, &path, &admin, Some(json!({ "note": "Đã thấy tiền" }))).await;
    assert_ne!(again.0, 200, "a paid order is not confirmed twice: {}", again.1);

    let mine = purchases(&shop, &token, "vi").await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["actionLink"], format!("/profile/enroll-lectures?id={course}"));
    assert!(mine[0]["message"].as_str().unwrap_or_default().contains("«Design (vi)»"), "{}", mine[0]);
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    assert_eq!(purchases(&shop, &teacher_token, "en").await.len(), 1);
}

#[tokio::test]
async fn a_paid_order_whose_notices_were_lost_is_told_by_the_job_the_payment_enqueued() {
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let course = shop.course(NewCourse::vnd("Crash course", 400_000)).await;
    let (student, token, pending) = shop.pending_order(&[&course]).await;
    let order_id = pending["_id"].as_str().expect("id");
    let code = pending["code"].as_str().expect("code");
    assert_eq!(shop.bank_feed(Some(SEPAY_KEY), &transfer(7_001, 400_000, code)).await.0, 200);
    assert_eq!(purchases(&shop, &token, "vi").await.len(), 1);

    // The state a stop between the payment's commit and the telling leaves: paid, and nobody told.
    sqlx::query("delete from notifications where once_key like $1")
        .bind(format!("purchase:{order_id}:%"))
        .execute(&shop.app.state.pool)
        .await
        .expect("forget the notices");
    assert!(purchases(&shop, &token, "vi").await.is_empty());

    let worker = Worker::new(shop.app.state.jobs.clone(), shop.app.state.clone(), academy_server::job_handlers());
    worker.run_due(now_ms()).await.expect("jobs ran");
    assert!(purchases(&shop, &token, "vi").await.is_empty(), "the job waits for the request's own telling first");
    worker.run_due(now_ms() + PAID_NOTICES_DELAY_MS + 1_000).await.expect("jobs ran");
    let mine = purchases(&shop, &token, "en").await;
    assert_eq!(mine.len(), 1, "told once, after the restart: {mine:?}");
    assert_eq!(mine[0]["title"], "Payment received");
    let (teacher_token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    assert_eq!(purchases(&shop, &teacher_token, "en").await.len(), 1, "the teacher too");

    // Run again (a second instance, a retried job): nobody is told twice.
    sqlx::query("update jobs set status = 'queued', run_at = 0 where kind = $1")
        .bind(PAID_NOTICES_JOB)
        .execute(&shop.app.state.pool)
        .await
        .expect("requeue");
    worker.run_due(now_ms() + PAID_NOTICES_DELAY_MS + 2_000).await.expect("jobs ran");
    assert_eq!(purchases(&shop, &token, "en").await.len(), 1);
    assert_eq!(mail_jobs(&shop, &student).await, 1, "one receipt by mail");
}
