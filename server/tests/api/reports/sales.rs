//! Sales reports on both databases: the totals are the ledger's entries for the range (sales, a coupon, refunds,
//! days in Vietnam's time), the series and rankings add up, the CSV holds the series, and a teacher reads only
//! their own sales, by id or by filter.

use academy_server::{
    commerce::ledger::{self, Account, EventKind, MoneyEvent, PaymentMethod},
    platform::db::{new_id, now_ms},
};
use academy_shared::{
    money::Currency,
    reports::{LocalDate, ReportRange},
    roles::Role,
};
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, Shop, shop};

const HOUR: i64 = 3_600_000;

/// An item to sell: (course, teacher, price, coupon discount); the platform takes 20%.
struct Line<'a> {
    course: &'a str,
    teacher: &'a str,
    price: i64,
    discount: i64,
}

/// Writes a paid order of `lines` for `student` as checkout and payment would, its money posted in the ledger at
/// `at` (a receipt and the sale); the ids of its items.
async fn sold_at(shop: &Shop, student: &str, lines: &[Line<'_>], at: i64) -> (String, Vec<String>) {
    sold_of_kind_at(shop, student, "course", lines, at).await
}

/// [`sold_at`] for items of `kind` (`course` or `mentorship_plan`, whose `course` is then the plan).
async fn sold_of_kind_at(shop: &Shop, student: &str, kind: &str, lines: &[Line<'_>], at: i64) -> (String, Vec<String>) {
    let pool = &shop.app.state.pool;
    let order_id = new_id();
    let subtotal: i64 = lines.iter().map(|l| l.price).sum();
    let discount: i64 = lines.iter().map(|l| l.discount).sum();
    let total = subtotal - discount;
    let mut tx = pool.begin().await.expect("transaction");
    sqlx::query(
        "insert into orders (id, code, user_id, status, currency, subtotal, discount_total, total, amount_received, \
         commission_percent, expires_at, paid_at, created_at, updated_at) \
         values ($1, $2, $3, 'paid', 'VND', $4, $5, $6, $6, 20, $7, $7, $7, $7)",
    )
    .bind(&order_id)
    .bind(format!("OD{}", &order_id[order_id.len() - 10..]))
    .bind(student)
    .bind(subtotal)
    .bind(discount)
    .bind(total)
    .bind(at)
    .execute(&mut *tx)
    .await
    .expect("order");
    let mut items = Vec::new();
    let mut entries = vec![(Account::CustomerFunds, -total)];
    for (position, line) in lines.iter().enumerate() {
        let id = new_id();
        let paid = line.price - line.discount;
        let platform = paid / 5;
        sqlx::query(
            "insert into order_items (id, order_id, course_id, teacher_id, title_vi, title_en, list_price, price, \
             discount, paid, teacher_share, platform_share, currency, position, kind) \
             values ($1, $2, $3, $4, 'Khóa học', 'Course', $5, $5, $6, $7, $8, $9, 'VND', $10, $11)",
        )
        .bind(&id)
        .bind(&order_id)
        .bind(line.course)
        .bind(line.teacher)
        .bind(line.price)
        .bind(line.discount)
        .bind(paid)
        .bind(paid - platform)
        .bind(platform)
        .bind(position as i64)
        .bind(kind)
        .execute(&mut *tx)
        .await
        .expect("item");
        entries.push((Account::TeacherEarnings(line.teacher.to_owned()), paid - platform));
        entries.push((Account::PlatformRevenue, platform));
        items.push(id);
    }
    let receipt = MoneyEvent {
        key: format!("receipt:{order_id}"),
        kind: EventKind::PaymentReceived,
        order_id: Some(order_id.clone()),
        currency: Currency::Vnd,
        entries: vec![(Account::PaymentClearing(PaymentMethod::BankTransfer), -total), (Account::CustomerFunds, total)],
        memo: String::new(),
    };
    ledger::post(&mut tx, &receipt, at).await.expect("receipt");
    let sale = MoneyEvent {
        key: format!("sale:{order_id}"),
        kind: EventKind::Sale,
        order_id: Some(order_id.clone()),
        currency: Currency::Vnd,
        entries,
        memo: String::new(),
    };
    ledger::post(&mut tx, &sale, at).await.expect("sale");
    tx.commit().await.expect("committed");
    (order_id, items)
}

/// Refunds item `item_id` of `order_id` at `at`, as an administrator's refund posts it.
async fn refunded_at(shop: &Shop, order_id: &str, item_id: &str, at: i64) {
    let pool = &shop.app.state.pool;
    let (teacher, paid, teacher_share, platform_share): (String, i64, i64, i64) =
        sqlx::query_as("select teacher_id, paid, teacher_share, platform_share from order_items where id = $1")
            .bind(item_id)
            .fetch_one(pool)
            .await
            .expect("item");
    let mut tx = pool.begin().await.expect("transaction");
    sqlx::query("update order_items set status = 'refunded', refunded_at = $1 where id = $2")
        .bind(at)
        .bind(item_id)
        .execute(&mut *tx)
        .await
        .expect("refunded");
    let event = MoneyEvent {
        key: format!("refund:{item_id}"),
        kind: EventKind::Refund,
        order_id: Some(order_id.to_owned()),
        currency: Currency::Vnd,
        entries: vec![
            (Account::TeacherEarnings(teacher), -teacher_share),
            (Account::PlatformRevenue, -platform_share),
            (Account::Refunds, paid),
        ],
        memo: String::new(),
    };
    ledger::post(&mut tx, &event, at).await.expect("refund");
    tx.commit().await.expect("committed");
}

/// The sum of the ledger's entries on accounts `like` of `kind` transactions posted in `[from, to)`.
async fn ledger_sum(shop: &Shop, kind: &str, like: &str, from: i64, to: i64) -> i64 {
    sqlx::query_scalar(
        "select cast(coalesce(sum(e.amount), 0) as bigint) from ledger_entries e \
         join ledger_transactions t on t.id = e.transaction_id \
         where t.kind = $1 and e.account_code like $2 and t.created_at >= $3 and t.created_at < $4",
    )
    .bind(kind)
    .bind(like)
    .bind(from)
    .bind(to)
    .fetch_one(&shop.app.state.pool)
    .await
    .expect("sum")
}

async fn report(shop: &Shop, token: &str, query: &str) -> (u16, Value) {
    shop.call(Method::GET, &format!("/api/reports/sales?{query}"), token, None).await
}

fn day(text: &str) -> LocalDate {
    LocalDate::parse(text).expect("date")
}

#[tokio::test]
async fn a_reports_totals_are_the_ledgers_entries_for_its_days_in_vietnam_time() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let teacher = shop.teacher.id.clone();
    let rust = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let go = shop.course(NewCourse::vnd("Go", 500_000)).await;
    let (student_a, _) = shop.person("buyer", Role::Student).await;
    let (student_b, _) = shop.person("buyer", Role::Student).await;
    let nov_27 = day("2026-11-27").start_ms(); // 00:00 on the 27th in Vietnam
    // 23:30 on the 26th (16:30 UTC): outside a report of the 27th.
    let (late, _) = sold_at(
        &shop,
        &student_a.id,
        &[Line { course: &rust, teacher: &teacher, price: 1_000_000, discount: 0 }],
        nov_27 - HOUR / 2,
    )
    .await;
    // 00:30 on the 27th (17:30 UTC on the 26th): inside; Rust with a coupon of 100.000 ₫ and Go.
    let (early, items) = sold_at(
        &shop,
        &student_b.id,
        &[
            Line { course: &rust, teacher: &teacher, price: 1_000_000, discount: 100_000 },
            Line { course: &go, teacher: &teacher, price: 500_000, discount: 0 },
        ],
        nov_27 + HOUR / 2,
    )
    .await;
    // The 26th's sale refunded at 23:59 on the 27th; Go refunded at 00:10 on the 28th (the next report's).
    let late_item: String = sqlx::query_scalar("select id from order_items where order_id = $1")
        .bind(&late)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("item");
    refunded_at(&shop, &late, &late_item, nov_27 + 24 * HOUR - 60_000).await;
    refunded_at(&shop, &early, &items[1], nov_27 + 24 * HOUR + 10 * 60_000).await;

    let (status, body) = report(&shop, &admin, "kind=course&from=2026-11-27&to=2026-11-27&group=day").await;
    assert_eq!(status, 200, "{body}");
    let totals = &body["result"]["totals"];
    let (from, to) = ReportRange::parse("2026-11-27", "2026-11-27", "day").expect("range").instants();
    let paid_in = -ledger_sum(&shop, "sale", "customer:funds", from, to).await;
    let refunded = ledger_sum(&shop, "refund", "refunds", from, to).await;
    let teachers = ledger_sum(&shop, "sale", "teacher:%", from, to).await
        + ledger_sum(&shop, "refund", "teacher:%", from, to).await;
    let platform = ledger_sum(&shop, "sale", "platform:revenue", from, to).await
        + ledger_sum(&shop, "refund", "platform:revenue", from, to).await;
    assert_eq!(paid_in, 1_400_000, "only the 00:30 sale is on the 27th");
    assert_eq!(refunded, 1_000_000, "the 26th's sale refunded on the 27th");
    let gross = totals["grossSales"].as_i64().expect("gross");
    assert_eq!(gross - totals["discounts"].as_i64().expect("discounts"), paid_in);
    assert_eq!(
        (totals["grossSales"].as_i64(), totals["discounts"].as_i64(), totals["refunds"].as_i64()),
        (Some(1_500_000), Some(100_000), Some(refunded))
    );
    assert_eq!(totals["netSales"].as_i64(), Some(paid_in - refunded));
    assert_eq!((totals["teacherShare"].as_i64(), totals["commission"].as_i64()), (Some(teachers), Some(platform)));
    assert_eq!(teachers + platform, paid_in - refunded);
    assert_eq!((totals["unitsSold"].as_i64(), totals["refundedUnits"].as_i64()), (Some(2), Some(1)));
    assert_eq!((totals["orders"].as_i64(), totals["averageOrderValue"].as_i64()), (Some(1), Some(1_400_000)));
    assert_eq!(totals["newStudents"].as_i64(), Some(1), "student B bought first on the 27th, A on the 26th");

    // The previous period is the 26th: the 23:30 sale.
    let previous = &body["result"]["previous"];
    assert_eq!(body["result"]["previousFrom"], "2026-11-26");
    assert_eq!((previous["grossSales"].as_i64(), previous["refunds"].as_i64()), (Some(1_000_000), Some(0)));
    assert_eq!(previous["newStudents"].as_i64(), Some(1));

    // Three days by day: each day's sums are its own, and they add up to the range's.
    let (status, body) = report(&shop, &admin, "kind=course&from=2026-11-26&to=2026-11-28&group=day").await;
    assert_eq!(status, 200, "{body}");
    let series = body["result"]["series"].as_array().expect("series").clone();
    let labels: Vec<&str> = series.iter().map(|p| p["label"].as_str().unwrap_or_default()).collect();
    assert_eq!(labels, ["2026-11-26", "2026-11-27", "2026-11-28"]);
    let figures = |field: &str| series.iter().map(|p| p[field].as_i64().unwrap_or(-1)).collect::<Vec<_>>();
    assert_eq!(figures("grossSales"), [1_000_000, 1_500_000, 0]);
    assert_eq!(figures("refunds"), [0, 1_000_000, 500_000]);
    assert_eq!(figures("netSales"), [1_000_000, 400_000, -500_000]);
    let (from, to) = ReportRange::parse("2026-11-26", "2026-11-28", "day").expect("range").instants();
    let teachers = ledger_sum(&shop, "sale", "teacher:%", from, to).await
        + ledger_sum(&shop, "refund", "teacher:%", from, to).await;
    assert_eq!(body["result"]["totals"]["teacherShare"].as_i64(), Some(teachers));
    assert_eq!(body["result"]["totals"]["netSales"].as_i64(), Some(900_000));

    // Ranked per course, and for administrators per teacher and category.
    let by_product = body["result"]["byProduct"].as_array().expect("ranked");
    assert_eq!(by_product.len(), 2);
    assert_eq!(
        (by_product[0]["id"].as_str(), by_product[0]["netSales"].as_i64()),
        (Some(rust.as_str()), Some(900_000))
    );
    assert_eq!((by_product[1]["id"].as_str(), by_product[1]["netSales"].as_i64()), (Some(go.as_str()), Some(0)));
    assert_eq!(body["result"]["byTeacher"][0]["id"].as_str(), Some(teacher.as_str()));
    assert_eq!(body["result"]["byCategory"][0]["id"].as_str(), Some(shop.category_id.as_str()));
    assert_eq!(body["result"]["byCategory"][0]["name"], "Lập trình");

    // By week: the 26th to the 29th are in ISO week 48 (from Monday the 23rd), the 30th in week 49.
    let (_, body) = report(&shop, &admin, "kind=course&from=2026-11-26&to=2026-11-30&group=week").await;
    let weeks: Vec<(&str, i64)> = body["result"]["series"]
        .as_array()
        .expect("series")
        .iter()
        .map(|p| (p["label"].as_str().unwrap_or_default(), p["netSales"].as_i64().unwrap_or(-1)))
        .collect();
    assert_eq!(weeks, [("2026-W48", 900_000), ("2026-W49", 0)]);
    shop.assert_day_sums_are_the_entries().await;
    // Filled again from the ledger alone (as the migration fills them), they are the same.
    academy_server::reports::day_sums::rebuild(&shop.app.state.pool).await.expect("rebuilt");
    shop.assert_day_sums_are_the_entries().await;
}

#[tokio::test]
async fn a_mentorship_report_tells_first_bookings_from_renewals() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let teacher = shop.teacher.id.clone();
    let (weekly, monthly) = (new_id(), new_id());
    let (student_a, _) = shop.person("buyer", Role::Student).await;
    let (student_b, _) = shop.person("buyer", Role::Student).await;
    let plan = |id| [Line { course: id, teacher: &teacher, price: 800_000, discount: 0 }];
    let nov_2 = day("2026-11-02").start_ms() + HOUR;
    // A books the weekly plan on the 2nd and again on the 3rd (a renewal); B books it on the 3rd (a first
    // booking); A books the monthly plan on the 4th (a first booking of that plan, though not a new student).
    sold_of_kind_at(&shop, &student_a.id, "mentorship_plan", &plan(&weekly), nov_2).await;
    sold_of_kind_at(&shop, &student_a.id, "mentorship_plan", &plan(&weekly), nov_2 + 24 * HOUR).await;
    sold_of_kind_at(&shop, &student_b.id, "mentorship_plan", &plan(&weekly), nov_2 + 25 * HOUR).await;
    sold_of_kind_at(&shop, &student_a.id, "mentorship_plan", &plan(&monthly), nov_2 + 48 * HOUR).await;
    shop.assert_day_sums_are_the_entries().await;

    let (status, body) = report(&shop, &admin, "kind=mentorship&from=2026-11-02&to=2026-11-04&group=day").await;
    assert_eq!(status, 200, "{body}");
    let totals = &body["result"]["totals"];
    assert_eq!(
        (totals["unitsSold"].as_i64(), totals["bookings"].as_i64(), totals["renewals"].as_i64()),
        (Some(4), Some(3), Some(1))
    );
    assert_eq!((totals["orders"].as_i64(), totals["newStudents"].as_i64()), (Some(4), Some(2)));
    // Day by day: A's renewal is on the 3rd beside B's first booking; a renewal makes no new student.
    let mut per_day = Vec::new();
    for date in ["2026-11-02", "2026-11-03", "2026-11-04"] {
        let (_, body) = report(&shop, &admin, &format!("kind=mentorship&from={date}&to={date}")).await;
        let totals = &body["result"]["totals"];
        per_day.push(["bookings", "renewals", "newStudents"].map(|field| totals[field].as_i64().unwrap_or(-1)));
    }
    assert_eq!(per_day, [[1, 0, 1], [1, 1, 1], [1, 0, 0]]);
    // The weekly plan alone: two first bookings and a renewal.
    let (_, body) =
        report(&shop, &admin, &format!("kind=mentorship&from=2026-11-02&to=2026-11-04&planId={weekly}")).await;
    let totals = &body["result"]["totals"];
    assert_eq!((totals["bookings"].as_i64(), totals["renewals"].as_i64()), (Some(2), Some(1)));
    // Courses' reports hold none of it.
    let (_, body) = report(&shop, &admin, "kind=course&from=2026-11-02&to=2026-11-04").await;
    assert_eq!(body["result"]["totals"]["unitsSold"].as_i64(), Some(0));
}

#[tokio::test]
async fn many_checkouts_payments_and_refunds_at_once_keep_the_reports_day_sums_exact() {
    let shop = shop().await;
    let admin = shop.admin_with_payments().await;
    shop.coupon(&admin, json!({ "code": "GIAM10", "kind": "percent", "value": 10 })).await;
    let rust = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let go = shop.course(NewCourse::vnd("Go", 400_000)).await;
    let students = crate::commerce_fixtures::many_students(&shop.app, 6).await;
    // Each student has two orders (Rust with a coupon; Go), confirmed all at once.
    let mut orders = Vec::new();
    for (_, token) in &students {
        for (course, coupon) in [(&rust, Some("GIAM10")), (&go, None)] {
            let (status, body) = shop.checkout(token, &[course], coupon, None).await;
            assert_eq!(status, 201, "{body}");
            orders.push(body["result"]["_id"].as_str().expect("id").to_owned());
        }
    }
    let confirmed = futures_util::future::join_all(orders.iter().map(|order| {
        let path = format!("/api/admin/orders/{order}/confirm");
        let admin = admin.clone();
        let shop = &shop;
        async move { shop.call(Method::POST, &path, &admin, Some(json!({ "note": "Đã thấy tiền" }))).await }
    }))
    .await;
    let mut go_items = Vec::new();
    for (status, body) in &confirmed {
        assert_eq!(*status, 200, "{body}");
        let item = &body["result"]["items"][0];
        if item["courseId"] == go.as_str() {
            go_items.push((body["result"]["_id"].as_str().expect("id").to_owned(), item["_id"].clone()));
        }
    }
    // Every Go order refunded at once, each asked twice.
    let refunded = futures_util::future::join_all(go_items.iter().chain(go_items.iter()).map(|(order, item)| {
        let path = format!("/api/admin/orders/{order}/refund");
        let admin = admin.clone();
        let shop = &shop;
        let body = json!({ "note": "Học viên yêu cầu", "itemIds": [item] });
        async move { shop.call(Method::POST, &path, &admin, Some(body)).await }
    }))
    .await;
    assert!(refunded.iter().any(|(status, _)| *status == 200), "{refunded:?}");
    shop.assert_day_sums_are_the_entries().await;

    let today = LocalDate::of_instant(now_ms()).to_string();
    let (status, body) = report(&shop, &admin, &format!("kind=course&from={today}&to={today}")).await;
    assert_eq!(status, 200, "{body}");
    let totals = &body["result"]["totals"];
    assert_eq!((totals["orders"].as_i64(), totals["unitsSold"].as_i64()), (Some(12), Some(12)));
    assert_eq!(totals["newStudents"].as_i64(), Some(6), "each student once, whichever order was confirmed first");
    assert_eq!(totals["grossSales"].as_i64(), Some(6 * 1_400_000));
    assert_eq!(totals["discounts"].as_i64(), Some(6 * 100_000));
    assert_eq!((totals["refunds"].as_i64(), totals["refundedUnits"].as_i64()), (Some(6 * 400_000), Some(6)));
    assert_eq!(totals["refunds"].as_i64(), Some(shop.balance("refunds").await));
}

#[tokio::test]
async fn sales_and_refunds_through_checkout_and_the_refund_desk_are_reported_as_the_ledger_holds_them() {
    let shop = shop().await;
    let admin = shop.admin_with_payments().await;
    shop.coupon(&admin, json!({ "code": "GIAM20", "kind": "percent", "value": 20 })).await;
    let course = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let other = shop.course(NewCourse::vnd("Go", 400_000)).await;
    let (_, buyer) = shop.person("buyer", Role::Student).await;
    let (status, body) = shop.checkout(&buyer, &[&course, &other], Some("GIAM20"), None).await;
    assert_eq!(status, 201, "{body}");
    let order = body["result"]["_id"].as_str().expect("id").to_owned();
    let (status, body) = shop
        .call(
            Method::POST,
            &format!("/api/admin/orders/{order}/confirm"),
            &admin,
            Some(json!({ "note": "Đã thấy tiền" })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let item = body["result"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|i| i["courseId"] == other.as_str())
        .and_then(|i| i["_id"].as_str())
        .expect("the Go item")
        .to_owned();
    let path = format!("/api/admin/orders/{order}/refund");
    let refund = json!({ "note": "Học viên yêu cầu", "itemIds": [item] });
    let (status, body) = shop.call(Method::POST, &path, &admin, Some(refund)).await;
    assert_eq!(status, 200, "{body}");

    let today = LocalDate::of_instant(now_ms()).to_string();
    let (status, body) = report(&shop, &admin, &format!("kind=course&from={today}&to={today}")).await;
    assert_eq!(status, 200, "{body}");
    let totals = &body["result"]["totals"];
    assert_eq!(totals["grossSales"].as_i64(), Some(1_400_000));
    assert_eq!(totals["discounts"].as_i64(), Some(280_000), "20% off both");
    assert_eq!(totals["refunds"].as_i64(), Some(320_000), "Go's 400.000 ₫ less its 20%");
    assert_eq!(totals["refunds"].as_i64(), Some(shop.balance("refunds").await));
    assert_eq!(totals["teacherShare"].as_i64(), Some(shop.balance(&format!("teacher:{}", shop.teacher.id)).await));
    assert_eq!(totals["commission"].as_i64(), Some(shop.balance("platform:revenue").await));
    assert_eq!(totals["netSales"].as_i64(), Some(1_120_000 - shop.balance("refunds").await));
}

#[tokio::test]
async fn a_teacher_reads_only_their_own_sales_by_id_or_by_filter() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let (other, other_token) = shop.person("teach", Role::Teacher).await;
    let (mine_token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let mine = shop.course(NewCourse::vnd("Của tôi", 600_000)).await;
    let theirs = shop.course_of(&other.id, NewCourse::vnd("Của người khác", 900_000)).await;
    let (student, _) = shop.person("buyer", Role::Student).await;
    let at = day("2026-11-20").start_ms() + 10 * HOUR;
    sold_at(
        &shop,
        &student.id,
        &[
            Line { course: &mine, teacher: &shop.teacher.id, price: 600_000, discount: 0 },
            Line { course: &theirs, teacher: &other.id, price: 900_000, discount: 0 },
        ],
        at,
    )
    .await;
    let range = "kind=course&from=2026-11-01&to=2026-11-30";

    let (status, body) = report(&shop, &mine_token, range).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["totals"]["grossSales"].as_i64(), Some(600_000));
    let ids: Vec<&str> =
        body["result"]["byProduct"].as_array().expect("rows").iter().filter_map(|r| r["id"].as_str()).collect();
    assert_eq!(ids, [mine.as_str()]);
    assert!(body["result"]["byTeacher"].is_null(), "teachers get no table of teachers");

    for query in [format!("{range}&teacherId={}", other.id), format!("{range}&courseId={theirs}")] {
        let (status, body) = report(&shop, &mine_token, &query).await;
        assert_eq!(status, 404, "{query}: {body}");
        let csv = shop.app.send(Method::GET, &format!("/api/reports/sales.csv?{query}"), Some(&mine_token), None).await;
        assert_eq!(csv.status().as_u16(), 404, "{query}");
    }
    let (status, body) = report(&shop, &other_token, range).await;
    assert_eq!((status, body["result"]["totals"]["grossSales"].as_i64()), (200, Some(900_000)));
    let (status, body) = report(&shop, &admin, &format!("{range}&teacherId={}", other.id)).await;
    assert_eq!((status, body["result"]["totals"]["grossSales"].as_i64()), (200, Some(900_000)));
    let (status, body) = report(&shop, &admin, range).await;
    assert_eq!((status, body["result"]["totals"]["grossSales"].as_i64()), (200, Some(1_500_000)));
    assert_eq!(body["result"]["byTeacher"].as_array().map(Vec::len), Some(2));
    let (_, student_token) = shop.person("buyer", Role::Student).await;
    assert_eq!(report(&shop, &student_token, range).await.0, 403);
}

#[tokio::test]
async fn ranges_that_break_the_rules_are_refused_in_the_callers_language() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let (status, body) = report(&shop, &admin, "kind=course&from=2025-01-01&to=2026-01-02&group=day").await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["result"]["fields"]["group"], "Khi nhóm theo ngày, khoảng thời gian dài tối đa 366 ngày.");
    let (status, body) =
        shop.call_en(Method::GET, "/api/reports/sales?kind=course&from=2026-11-30&to=2026-11-01", &admin, None).await;
    assert_eq!(
        (status, body["result"]["fields"]["to"].as_str()),
        (422, Some("The last day cannot be before the first."))
    );
    let (status, _) = report(&shop, &admin, "kind=books&from=2026-11-01&to=2026-11-30").await;
    assert_eq!(status, 422);
    let (status, body) = report(&shop, &admin, "kind=course&from=2025-01-01&to=2026-01-02&group=week").await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn the_csv_holds_the_series_with_a_byte_order_mark_and_a_total() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let course = shop.course(NewCourse::vnd("Rust", 700_000)).await;
    let (student, _) = shop.person("buyer", Role::Student).await;
    let line = Line { course: &course, teacher: &shop.teacher.id, price: 700_000, discount: 0 };
    sold_at(&shop, &student.id, &[line], day("2026-11-02").start_ms() + HOUR).await;
    let response = shop
        .app
        .send(Method::GET, "/api/reports/sales.csv?kind=course&from=2026-11-01&to=2026-11-03", Some(&admin), None)
        .await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap_or_default().starts_with("text/csv"));
    let bytes = response.bytes().await.expect("body");
    assert!(bytes.starts_with(&[0xEF, 0xBB, 0xBF]), "UTF-8 with a byte order mark");
    let text = String::from_utf8(bytes[3..].to_vec()).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[0].starts_with("Kỳ,Doanh thu gộp,Giảm giá,Hoàn tiền,Doanh thu thuần"), "{text}");
    assert_eq!(lines[1], "2026-11-01,0,0,0,0,0,0,0,0,0");
    assert_eq!(lines[2], "2026-11-02,700000,0,0,700000,560000,140000,1,0,1");
    assert_eq!(lines[4], "Tổng cộng,700000,0,0,700000,560000,140000,1,0,1");
}

/// Posts a payout event of `teacher`'s at `at`: (kind, entries).
async fn payout_posted(shop: &Shop, key: &str, kind: EventKind, entries: Vec<(Account, i64)>, at: i64) {
    let event = MoneyEvent {
        key: key.to_owned(),
        kind,
        order_id: None,
        currency: Currency::Vnd,
        entries,
        memo: format!("request-{key}"),
    };
    let mut tx = shop.app.state.pool.begin().await.expect("transaction");
    ledger::post(&mut tx, &event, at).await.expect("payout");
    tx.commit().await.expect("committed");
}

#[tokio::test]
async fn the_ledgers_day_sums_are_its_entries_after_sales_coupons_refunds_and_payouts_across_midnight() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let teacher = shop.teacher.id.clone();
    let (other, _) = shop.person("teacher", Role::Teacher).await;
    let rust = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let go = shop.course_of(&other.id, NewCourse::vnd("Go", 500_000)).await;
    let (student, _) = shop.person("buyer", Role::Student).await;
    let nov_27 = day("2026-11-27").start_ms();
    // 23:30 on the 26th and 00:30 on the 27th in Vietnam (16:30 and 17:30 UTC on the 26th).
    sold_at(
        &shop,
        &student.id,
        &[Line { course: &rust, teacher: &teacher, price: 1_000_000, discount: 0 }],
        nov_27 - HOUR / 2,
    )
    .await;
    let (early, items) = sold_at(
        &shop,
        &student.id,
        &[
            Line { course: &rust, teacher: &teacher, price: 1_000_000, discount: 100_000 },
            Line { course: &go, teacher: &other.id, price: 500_000, discount: 0 },
        ],
        nov_27 + HOUR / 2,
    )
    .await;
    refunded_at(&shop, &early, &items[1], nov_27 + 2 * HOUR).await;
    let earnings = Account::TeacherEarnings(teacher.clone());
    let reserved = Account::PayoutReserved(teacher.clone());
    // 400.000 ₫ asked at 03:00 and paid at 10:00 (UTC 03:00 on the 27th) with 10% withheld; 100.000 ₫ asked and
    // given back.
    payout_posted(
        &shop,
        "p1",
        EventKind::PayoutRequested,
        vec![(earnings.clone(), -400_000), (reserved.clone(), 400_000)],
        nov_27 + 3 * HOUR,
    )
    .await;
    let paid = vec![
        (reserved.clone(), -400_000),
        (Account::PayoutClearing("bank_manual"), 360_000),
        (Account::TaxWithheld(teacher.clone()), 40_000),
    ];
    payout_posted(&shop, "p1-paid", EventKind::PayoutPaid, paid, nov_27 + 10 * HOUR).await;
    payout_posted(
        &shop,
        "p2",
        EventKind::PayoutRequested,
        vec![(earnings.clone(), -100_000), (reserved.clone(), 100_000)],
        nov_27 + 11 * HOUR,
    )
    .await;
    payout_posted(
        &shop,
        "p2-back",
        EventKind::PayoutReleased,
        vec![(reserved.clone(), -100_000), (earnings.clone(), 100_000)],
        nov_27 + 12 * HOUR,
    )
    .await;

    shop.assert_day_sums_are_the_entries().await;
    let sales: Vec<(i64, i64, i64)> = sqlx::query_as(
        "select day, amount, entries from ledger_day_sums where account_code = $1 and kind = 'sale' order by day",
    )
    .bind(earnings.code())
    .fetch_all(&shop.app.state.pool)
    .await
    .expect("day sums");
    let the_27th = day("2026-11-27").0;
    assert_eq!(sales, vec![(the_27th - 1, 800_000, 1), (the_27th, 720_000, 1)], "each sale on its day in Vietnam");
    // A statement by days in UTC cuts Vietnam's days: its count and balances are still the entries'.
    let (status, body) = shop
        .call(
            Method::GET,
            &format!("/api/finance/statement?teacherId={teacher}&zone=UTC&from=2026-11-26&to=2026-11-26"),
            &admin,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let lines = body["result"]["items"].as_array().cloned().unwrap_or_default();
    let nets: Vec<i64> = lines.iter().filter_map(|l| l["net"].as_i64()).collect();
    assert_eq!(nets, vec![-400_000, 720_000, 800_000], "the UTC 26th: the request at 20:00, both sales");
    assert_eq!(body["result"]["total"].as_i64(), Some(3));
    let after: Vec<i64> = lines.iter().filter_map(|l| l["balanceAfter"].as_i64()).collect();
    assert_eq!(after, vec![1_120_000, 1_520_000, 800_000]);
    let (status, body) =
        shop.call(Method::GET, &format!("/api/finance/statement?teacherId={teacher}&pageSize=2"), &admin, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["total"].as_i64(), Some(5));
    let newest = &body["result"]["items"][0];
    assert_eq!((newest["net"].as_i64(), newest["balanceAfter"].as_i64()), (Some(100_000), Some(1_120_000)));
    assert_eq!(shop.balance(&earnings.code()).await, 1_120_000);
}

#[tokio::test]
async fn an_order_of_two_courses_of_a_category_counts_once_in_its_orders_and_average() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let teacher = shop.teacher.id.clone();
    let rust = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let go = shop.course(NewCourse::vnd("Go", 500_000)).await;
    let (student, _) = shop.person("buyer", Role::Student).await;
    let at = day("2026-11-20").start_ms() + HOUR;
    // Rust (with a coupon) and Go in one order, then Go alone: two orders of the category, 1.900.000 ₫ paid.
    sold_at(
        &shop,
        &student.id,
        &[
            Line { course: &rust, teacher: &teacher, price: 1_000_000, discount: 100_000 },
            Line { course: &go, teacher: &teacher, price: 500_000, discount: 0 },
        ],
        at,
    )
    .await;
    sold_at(&shop, &student.id, &[Line { course: &go, teacher: &teacher, price: 500_000, discount: 0 }], at + HOUR)
        .await;
    shop.assert_day_sums_are_the_entries().await;

    for query in [
        format!("kind=course&from=2026-11-20&to=2026-11-20&categoryId={}", shop.category_id),
        "kind=course&from=2026-11-20&to=2026-11-20".to_owned(),
    ] {
        let (status, body) = report(&shop, &admin, &query).await;
        assert_eq!(status, 200, "{body}");
        let totals = &body["result"]["totals"];
        assert_eq!(
            (totals["orders"].as_i64(), totals["averageOrderValue"].as_i64()),
            (Some(2), Some(950_000)),
            "{query}"
        );
        let by_category = &body["result"]["byCategory"][0];
        assert_eq!(
            (by_category["id"].as_str(), by_category["orders"].as_i64()),
            (Some(shop.category_id.as_str()), Some(2))
        );
        assert_eq!(body["result"]["series"][0]["orders"].as_i64(), Some(2), "{query}");
    }
}

#[tokio::test]
async fn a_range_of_whole_months_and_odd_days_ranks_what_its_totals_hold() {
    let shop = shop().await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let teacher = shop.teacher.id.clone();
    let (other, other_token) = shop.person("teacher", Role::Teacher).await;
    let rust = shop.course(NewCourse::vnd("Rust", 1_000_000)).await;
    let go = shop.course_of(&other.id, NewCourse::vnd("Go", 500_000)).await;
    let (student, _) = shop.person("buyer", Role::Student).await;
    let rust_line = [Line { course: &rust, teacher: &teacher, price: 1_000_000, discount: 0 }];
    let go_line = [Line { course: &go, teacher: &other.id, price: 500_000, discount: 50_000 }];
    // The range 2026-08-15 … 2026-11-05: odd days in August and November, September and October whole.
    let outside = [day("2026-08-14").start_ms() + 23 * HOUR, day("2026-11-06").start_ms() + HOUR / 2];
    for at in outside {
        sold_at(&shop, &student.id, &rust_line, at).await;
    }
    let (august, items) = sold_at(&shop, &student.id, &rust_line, day("2026-08-20").start_ms() + HOUR).await;
    sold_at(&shop, &student.id, &go_line, day("2026-09-01").start_ms() + HOUR / 2).await;
    sold_at(&shop, &student.id, &rust_line, day("2026-10-31").start_ms() + 23 * HOUR + HOUR / 2).await;
    sold_at(&shop, &student.id, &go_line, day("2026-11-05").start_ms() + 10 * HOUR).await;
    refunded_at(&shop, &august, &items[0], day("2026-11-05").start_ms() + 11 * HOUR).await;
    shop.assert_day_sums_are_the_entries().await;

    let (from, to) = ReportRange::parse("2026-08-15", "2026-11-05", "day").expect("range").instants();
    let paid_in = -ledger_sum(&shop, "sale", "customer:funds", from, to).await;
    let refunded = ledger_sum(&shop, "refund", "refunds", from, to).await;
    assert_eq!((paid_in, refunded), (2_000_000 + 900_000, 1_000_000));
    for (token, filter) in
        [(&admin, String::new()), (&admin, format!("&teacherId={}", other.id)), (&other_token, String::new())]
    {
        for group in ["day", "week", "month"] {
            let query = format!("kind=course&from=2026-08-15&to=2026-11-05&group={group}{filter}");
            let (status, body) = report(&shop, token, &query).await;
            assert_eq!(status, 200, "{body}");
            let result = &body["result"];
            let field = |rows: &Value, name: &str| -> i64 {
                rows.as_array().expect("rows").iter().map(|r| r[name].as_i64().unwrap_or(-1)).sum()
            };
            for name in ["grossSales", "discounts", "refunds", "netSales", "teacherShare", "unitsSold", "orders"] {
                let total = result["totals"][name].as_i64().expect("total");
                assert_eq!(field(&result["byProduct"], name), total, "{query}: {name} per course");
                assert_eq!(field(&result["series"], name), total, "{query}: {name} per {group}");
                if token == &admin {
                    assert_eq!(field(&result["byTeacher"], name), total, "{query}: {name} per teacher");
                    assert_eq!(field(&result["byCategory"], name), total, "{query}: {name} per category");
                }
            }
            let totals = &result["totals"];
            if filter.is_empty() && token == &admin {
                assert_eq!(
                    totals["grossSales"].as_i64().zip(totals["discounts"].as_i64()).map(|(g, d)| g - d),
                    Some(paid_in)
                );
                assert_eq!((totals["refunds"].as_i64(), totals["orders"].as_i64()), (Some(refunded), Some(4)));
            } else {
                // The other teacher's: Go twice, on the 1st of September and the 5th of November.
                assert_eq!(
                    (totals["grossSales"].as_i64(), totals["netSales"].as_i64(), totals["orders"].as_i64()),
                    (Some(1_000_000), Some(900_000), Some(2)),
                    "{query}"
                );
            }
        }
    }
}
