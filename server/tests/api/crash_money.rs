//! The money in the crash test: a shop whose students check out two courses at a time (orders) while the bank
//! feed pays those orders, replays its deliveries and sends a second transfer for an order already paid; and what
//! must hold of the money after a SIGKILL: every order whole, every bank transaction stored once and applied,
//! no order paid twice, every ledger transaction balanced.

use std::{
    collections::VecDeque,
    process::Command,
    sync::{
        Mutex,
        atomic::{AtomicI64, AtomicUsize, Ordering},
    },
};

use academy_server::platform::db::{new_id, now_ms};
use serde_json::{Value, json};

use crate::{
    accounts::PASSWORD,
    commerce_fixtures::{SEPAY_KEY, bank_settings, transfer},
    server_process::Server,
};

/// Students who check out in the stream, in turn: enough that none has more unpaid orders than a person may hold
/// (3) while the bank feed pays about one order for every two checkouts (~30 checkouts happen before the kill).
pub const BUYERS: usize = 24;
/// Courses on sale; each checkout buys a pair no buyer checked out before.
const COURSES: usize = 40;
/// The administrator the server creates at its first start (it saves the bank account).
const ADMIN: &str = "crashadmin";

/// The real server with the bank feed's API key and a first administrator.
pub fn command() -> Command {
    let mut command = Server::command();
    command
        .env("ACADEMY_SEPAY_API_KEY", SEPAY_KEY)
        .env("ACADEMY_ADMIN_USERNAME", ADMIN)
        .env("ACADEMY_ADMIN_EMAIL", "crashadmin@example.com")
        .env("ACADEMY_ADMIN_PASSWORD", PASSWORD);
    command
}

/// What the checkouts and bank deliveries of the stream share.
#[derive(Debug, Default)]
pub struct Shop {
    /// The buyers' access tokens.
    buyers: Vec<String>,
    courses: Vec<String>,
    checkouts: AtomicUsize,
    deliveries: AtomicUsize,
    bank_ids: AtomicI64,
    /// Acknowledged orders no transfer was sent for yet: (code, total).
    unpaid: Mutex<VecDeque<(String, i64)>>,
    /// Orders a transfer was sent for, in the order sent.
    paying: Mutex<Vec<(String, i64)>>,
    /// Every delivery sent with a new bank transaction id, for replays.
    sent: Mutex<Vec<Value>>,
}

impl Shop {
    /// Opens the shop on a started server: the administrator saves the bank account, `teacher_id` becomes a
    /// teacher with [`COURSES`] published courses (written straight into `database_url`), and the buyers sign in.
    pub async fn open(
        client: &reqwest::Client,
        address: &str,
        database_url: &str,
        teacher_id: &str,
        buyers: &[String],
    ) -> Shop {
        let admin = sign_in(client, address, ADMIN).await;
        let saved = client
            .put(format!("{address}/api/admin/payment-settings"))
            .bearer_auth(&admin)
            .json(&bank_settings())
            .send()
            .await
            .expect("sent");
        assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap_or_default());

        let pool = sqlx::any::AnyPoolOptions::new().max_connections(1).connect(database_url).await.expect("database");
        sqlx::query("update users set role = 'TEACHER' where id = $1")
            .bind(teacher_id)
            .execute(&pool)
            .await
            .expect("role");
        let category = new_id();
        sqlx::query(
            "insert into categories (id, slug, name_vi, name_en, created_at, updated_at) \
             values ($1, $2, 'Lập trình', 'Programming', 0, 0)",
        )
        .bind(&category)
        .bind(format!("cat-{category}"))
        .execute(&pool)
        .await
        .expect("category");
        let mut courses = Vec::with_capacity(COURSES);
        for i in 0..COURSES {
            let id = new_id();
            let price = 190_000 + 10_000 * i64::try_from(i).expect("small");
            // Every third course is on sale.
            let discount = (i % 3 == 0).then_some(price - 40_000);
            sqlx::query(
                "insert into courses (id, slug, title_vi, title_en, thumbnail, price, discount, currency, \
                 instructor_id, category_id, status, created_at, updated_at) \
                 values ($1, $2, $3, $4, null, $5, $6, 'VND', $7, $8, 'published', $9, $9)",
            )
            .bind(&id)
            .bind(format!("course-{id}"))
            .bind(format!("Khóa học {i}"))
            .bind(format!("Course {i}"))
            .bind(price)
            .bind(discount)
            .bind(teacher_id)
            .bind(&category)
            .bind(now_ms())
            .execute(&pool)
            .await
            .expect("course");
            courses.push(id);
        }
        pool.close().await;

        let mut tokens = Vec::with_capacity(buyers.len());
        for buyer in buyers {
            tokens.push(sign_in(client, address, buyer).await);
        }
        Shop { buyers: tokens, courses, bank_ids: AtomicI64::new(1), ..Shop::default() }
    }

    /// The next checkout: a buyer and two courses that buyer never checked out before. Its body and the
    /// buyer's access token.
    pub fn checkout(&self) -> (Value, String) {
        let m = self.checkouts.fetch_add(1, Ordering::SeqCst);
        let pairs = self.courses.len() / 2;
        assert!(m < self.buyers.len() * pairs, "the shop has no pair of courses left to sell");
        let (buyer, pair) = (m % self.buyers.len(), m / self.buyers.len());
        let courses = [&self.courses[2 * pair], &self.courses[2 * pair + 1]];
        (json!({ "courseIds": courses, "couponCode": null }), self.buyers[buyer].clone())
    }

    /// The proof of an acknowledged checkout (the order's id); the order waits for its transfer.
    pub fn checkout_acknowledged(&self, status: u16, answer: &Value) -> Option<String> {
        if status != 201 || answer["code"] != 1000 {
            return None;
        }
        let order = &answer["result"];
        let id = order["_id"].as_str()?.to_owned();
        let due = (order["code"].as_str()?.to_owned(), order["totalAmount"].as_i64()?);
        self.unpaid.lock().expect("lock").push_back(due);
        Some(id)
    }

    /// The next bank delivery (the key's text is the transfer's content). In turn: a transfer paying the oldest
    /// acknowledged order nothing was sent for, another, the same delivery as one sent before (the latest, or an
    /// older one), and a second transfer for the order paid last (racing its first). Money without an order to
    /// pay carries no code.
    pub fn delivery(&self, key: &str) -> Value {
        let d = self.deliveries.fetch_add(1, Ordering::SeqCst);
        match d % 4 {
            2 => {
                let sent = self.sent.lock().expect("lock");
                if !sent.is_empty() {
                    let i = if d % 8 == 2 { sent.len() - 1 } else { (d / 8) % sent.len() };
                    return sent[i].clone();
                }
            }
            3 => {
                let latest = self.paying.lock().expect("lock").last().cloned();
                if let Some((code, total)) = latest {
                    return self.new_transfer(key, Some((code, total)));
                }
            }
            _ => {
                let next = self.unpaid.lock().expect("lock").pop_front();
                if let Some(due) = next {
                    self.paying.lock().expect("lock").push(due.clone());
                    return self.new_transfer(key, Some(due));
                }
            }
        }
        self.new_transfer(key, None)
    }

    fn new_transfer(&self, key: &str, due: Option<(String, i64)>) -> Value {
        let id = self.bank_ids.fetch_add(1, Ordering::SeqCst);
        let body = match due {
            Some((code, total)) => {
                let mut body = transfer(id, total, &format!("{key} {code}"));
                body["code"] = json!(code);
                body
            }
            None => transfer(id, 150_000, key),
        };
        self.sent.lock().expect("lock").push(body.clone());
        body
    }

    /// The proof of an acknowledged delivery: the bank transaction's id.
    pub fn delivery_acknowledged(request: &Value, status: u16, answer: &Value) -> Option<String> {
        (status == 200 && *answer == json!({ "success": true })).then(|| request["id"].to_string())
    }
}

async fn sign_in(client: &reqwest::Client, address: &str, username: &str) -> String {
    let response = client
        .post(format!("{address}/auth/token"))
        .json(&json!({ "username": username, "password": PASSWORD }))
        .send()
        .await
        .expect("sent");
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    assert_eq!(status, 200, "{username}: {body}");
    body["result"]["token"].as_str().expect("token").to_owned()
}

/// An acknowledged order (`$1`: its id), whole: pending or paid, its two items priced from the catalogue, each
/// split between teacher and platform, its amounts adding up, its creation recorded.
pub const ORDER_STORED: &str = "select count(*) from orders o where o.id = $1 and o.status in ('pending', 'paid') \
     and o.currency = 'VND' and o.total > 0 and o.total = o.subtotal - o.discount_total \
     and (select count(*) from order_items i where i.order_id = o.id) = 2 \
     and o.subtotal = (select sum(i.price) from order_items i where i.order_id = o.id) \
     and o.total = (select sum(i.paid) from order_items i where i.order_id = o.id) \
     and not exists (select 1 from order_items i left join courses c on c.id = i.course_id where i.order_id = o.id \
         and (c.id is null or i.list_price <> c.price or i.price <> coalesce(c.discount, c.price) \
         or i.paid <> i.teacher_share + i.platform_share)) \
     and exists (select 1 from order_events e where e.order_id = o.id and e.kind = 'created' and e.amount = o.total)";

/// Every order made, answered or not (the run's database holds no other).
pub const ORDERS_WRITTEN: &str = "select count(*) from orders";

/// An acknowledged bank transaction (`$1`: its id), stored once and applied: its receipt is in the ledger, and it
/// paid its order (paid, with its sale, the student enrolled in each course), or came after the order was paid
/// (kept for review), or named no order (kept for review).
pub const DELIVERY_STORED: &str = "select count(*) from payment_transactions p \
     where p.provider = 'sepay' and p.provider_id = $1 and p.transfer_type = 'in' \
     and exists (select 1 from ledger_transactions t where t.idempotency_key = 'receipt:sepay:' || p.provider_id \
         and t.kind = 'payment_received') \
     and ((p.outcome in ('paid', 'already_paid') and p.review_status = \
             (case when p.outcome = 'paid' then 'none' else 'open' end) \
         and exists (select 1 from orders o where o.id = p.order_id and o.status = 'paid' and o.paid_at is not null \
             and o.amount_received = o.total \
             and exists (select 1 from ledger_transactions s where s.order_id = o.id and s.kind = 'sale') \
             and not exists (select 1 from order_items i where i.order_id = o.id and not exists \
                 (select 1 from course_enrollments e where e.user_id = o.user_id and e.course_id = i.course_id)))) \
       or (p.outcome = 'unmatched' and p.order_id is null and p.review_status = 'open'))";

/// Every bank transaction the run delivered, answered or not.
pub const DELIVERIES_WRITTEN: &str = "select count(*) from payment_transactions where content like $1";

/// Money that only a half-written write, or an order paid twice, could leave: each query must count 0.
pub const HALF_WRITTEN: &[(&str, &str)] = &[
    (
        "orders without their items",
        "select count(*) from orders o where not exists \
         (select 1 from order_items i where i.order_id = o.id)",
    ),
    (
        "orders without their creation",
        "select count(*) from orders o where not exists \
         (select 1 from order_events e where e.order_id = o.id and e.kind = 'created')",
    ),
    (
        "ledger transactions whose entries do not sum to zero",
        "select count(*) from (select transaction_id \
         from ledger_entries group by transaction_id, currency having sum(amount) <> 0) as unbalanced",
    ),
    (
        "ledger transactions without entries",
        "select count(*) from ledger_transactions t where not exists \
         (select 1 from ledger_entries e where e.transaction_id = t.id)",
    ),
    (
        "bank transactions stored more than once",
        "select count(*) from (select provider, provider_id from payment_transactions \
         group by provider, provider_id having count(*) > 1) as twice",
    ),
    (
        "bank transactions stored but not applied",
        "select count(*) from payment_transactions \
         where outcome = 'received'",
    ),
    (
        "incoming bank transactions without their receipt",
        "select count(*) from payment_transactions p \
         where p.transfer_type = 'in' and p.amount > 0 and not exists (select 1 from ledger_transactions t \
         where t.idempotency_key = 'receipt:' || p.provider || ':' || p.provider_id)",
    ),
    (
        "orders paid by more than one transfer",
        "select count(*) from (select order_id from payment_transactions \
         where outcome in ('paid', 'overpaid') group by order_id having count(*) > 1) as twice",
    ),
    (
        "paid orders without exactly one sale, one payment event and their money",
        "select count(*) from orders o \
         where o.status = 'paid' and ((select count(*) from ledger_transactions t where t.order_id = o.id \
         and t.kind = 'sale') <> 1 or (select count(*) from order_events e where e.order_id = o.id \
         and e.kind = 'paid') <> 1 or o.amount_received < o.total or o.paid_at is null)",
    ),
    (
        "unpaid orders with a sale or an enrolment",
        "select count(*) from orders o where o.status <> 'paid' \
         and (exists (select 1 from ledger_transactions t where t.order_id = o.id and t.kind = 'sale') \
         or exists (select 1 from order_items i join course_enrollments e on e.course_id = i.course_id \
         and e.user_id = o.user_id where i.order_id = o.id))",
    ),
    (
        "paid orders whose student is not enrolled",
        "select count(*) from order_items i join orders o \
         on o.id = i.order_id where o.status = 'paid' and not exists (select 1 from course_enrollments e \
         where e.user_id = o.user_id and e.course_id = i.course_id)",
    ),
    (
        "orders whose money received is not what their transfers brought",
        "select count(*) from orders o \
         where o.amount_received <> (select coalesce(sum(p.amount), 0) from payment_transactions p \
         where p.order_id = o.id and p.outcome in ('paid', 'partial', 'overpaid'))",
    ),
    (
        "courses whose enrolment or sales count is not their enrolments or paid items",
        "select count(*) \
         from courses c where c.enrollment_count <> (select count(*) from course_enrollments e \
         where e.course_id = c.id) or c.sales_count <> (select count(*) from order_items i join orders o \
         on o.id = i.order_id where i.course_id = c.id and o.status = 'paid')",
    ),
];

/// What the bank does after the restart: every delivery it got no answer for is sent again (as stored, the raw
/// payload first); a delivery stored but not applied when the server died is applied then. Answers how many.
pub async fn redeliver_unanswered(client: &reqwest::Client, address: &str, pool: &sqlx::AnyPool) -> usize {
    let waiting: Vec<String> =
        sqlx::query_scalar("select raw from payment_transactions where provider = 'sepay' and outcome = 'received'")
            .fetch_all(pool)
            .await
            .expect("waiting deliveries");
    for raw in &waiting {
        let response = client
            .post(format!("{address}/api/payments/sepay/webhook"))
            .header("Authorization", format!("Apikey {SEPAY_KEY}"))
            .header("Content-Type", "application/json")
            .body(raw.clone())
            .send()
            .await
            .expect("redelivered");
        assert_eq!(response.status(), 200, "a delivered again transaction is taken");
    }
    waiting.len()
}

/// The bank feed's figures after the run: how many distinct transactions ended with each outcome.
pub async fn outcomes(pool: &sqlx::AnyPool) -> String {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select outcome, count(*) from payment_transactions group by outcome order by outcome")
            .fetch_all(pool)
            .await
            .expect("outcomes");
    rows.iter().map(|(outcome, n)| format!("{n} {outcome}")).collect::<Vec<_>>().join(", ")
}
