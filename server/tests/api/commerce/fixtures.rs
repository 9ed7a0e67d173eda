//! What the commerce tests share: a shop (a teacher with a category) whose courses are written straight into the
//! catalogue, and calls with a token.

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::Value;

use crate::{
    accounts::{TestUser, status_json},
    helpers::{TestApp, spawn_app, spawn_app_with},
};

/// A running app with a teacher and a category to file courses under.
#[derive(Debug)]
pub struct Shop {
    pub app: TestApp,
    pub teacher: TestUser,
    pub category_id: String,
}

pub async fn shop() -> Shop {
    shop_on(spawn_app().await).await
}

/// The API key the bank feed of [`paying_shop`] sends.
pub const SEPAY_KEY: &str = "sepay-test-key-2026";

/// A shop whose bank feed is set up (`ACADEMY_SEPAY_API_KEY`).
pub async fn paying_shop() -> Shop {
    shop_on(spawn_app_with(|config| config.sepay_api_key = Some(SEPAY_KEY.to_owned())).await).await
}

/// VNPay's test terminal and secret of [`vnpay_shop`].
pub const VNPAY_TMN: &str = "ACADEMY1";
pub const VNPAY_SECRET: &str = "VNPAYTESTSECRET2026";

/// A shop whose VNPay gateway is set up with a test secret.
pub async fn vnpay_shop() -> Shop {
    let app = spawn_app_with(|config| {
        config.vnpay_tmn_code = Some(VNPAY_TMN.to_owned());
        config.vnpay_hash_secret = Some(VNPAY_SECRET.to_owned());
    })
    .await;
    shop_on(app).await
}

/// A shop in `app`.
pub async fn shop_on(app: TestApp) -> Shop {
    let teacher = app.create_user("teacher", Role::Teacher).await;
    let category_id = new_id();
    sqlx::query(
        "insert into categories (id, slug, name_vi, name_en, created_at, updated_at) values ($1, $2, 'Lập trình', \
         'Programming', 0, 0)",
    )
    .bind(&category_id)
    .bind(format!("cat-{category_id}"))
    .execute(&app.state.pool)
    .await
    .expect("category");
    Shop { app, teacher, category_id }
}

/// A course to put in the catalogue.
#[derive(Debug, Clone)]
pub struct NewCourse<'a> {
    pub title: &'a str,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: &'a str,
    pub status: &'a str,
}

impl NewCourse<'_> {
    pub fn vnd(title: &str, price: i64) -> NewCourse<'_> {
        NewCourse { title, price, discount: None, currency: "VND", status: "published" }
    }
}

impl Shop {
    /// A course of the shop's teacher; its id.
    pub async fn course(&self, course: NewCourse<'_>) -> String {
        self.course_of(&self.teacher.id, course).await
    }

    /// A course of `teacher_id`; its id.
    pub async fn course_of(&self, teacher_id: &str, course: NewCourse<'_>) -> String {
        let id = new_id();
        sqlx::query(
            "insert into courses (id, slug, title_vi, title_en, thumbnail, price, discount, currency, instructor_id, \
             category_id, status, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
             $12)",
        )
        .bind(&id)
        .bind(format!("course-{id}"))
        .bind(format!("{} (vi)", course.title))
        .bind(course.title)
        .bind(format!("/files/public/thumbnails/{id}.png"))
        .bind(course.price)
        .bind(course.discount)
        .bind(course.currency)
        .bind(teacher_id)
        .bind(&self.category_id)
        .bind(course.status)
        .bind(now_ms())
        .execute(&self.app.state.pool)
        .await
        .expect("course");
        id
    }

    /// A signed-in user with `role`: the account and its access token.
    pub async fn person(&self, prefix: &str, role: Role) -> (TestUser, String) {
        let (user, access, _) = self.app.signed_in(prefix, role).await;
        (user, access)
    }

    /// Sends `body` as JSON (or nothing) with `token`; the status and the JSON body.
    pub async fn call(&self, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
        self.app.call(method, path, Some(token), body).await
    }

    /// Like [`Shop::call`] with `Accept-Language: en`.
    pub async fn call_en(&self, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
        self.app.call_in("en", method, path, Some(token), body).await
    }

    /// How many enrolments the user has in the course (0 or 1), and the course's enrolment count.
    pub async fn enrolment(&self, user_id: &str, course_id: &str) -> (i64, i64) {
        let pool = &self.app.state.pool;
        let mine: i64 =
            sqlx::query_scalar("select count(*) from course_enrollments where user_id = $1 and course_id = $2")
                .bind(user_id)
                .bind(course_id)
                .fetch_one(pool)
                .await
                .expect("count");
        let count: i64 = sqlx::query_scalar("select enrollment_count from courses where id = $1")
            .bind(course_id)
            .fetch_one(pool)
            .await
            .expect("count");
        (mine, count)
    }
}

/// The demo's bank account, as an administrator saves it.
pub fn bank_settings() -> Value {
    serde_json::json!({
        "bankBin": "970436",
        "bankName": "Vietcombank",
        "accountNumber": "0011004356789",
        "accountName": "cong ty hoc vien",
    })
}

impl Shop {
    /// An administrator's token, with bank transfers set up.
    pub async fn admin_with_payments(&self) -> String {
        let (_, admin) = self.person("admin", Role::Admin).await;
        let (status, body) = self.call(Method::PUT, "/api/admin/payment-settings", &admin, Some(bank_settings())).await;
        assert_eq!(status, 200, "{body}");
        admin
    }

    /// Creates a coupon as `admin`; its JSON.
    pub async fn coupon(&self, admin: &str, body: Value) -> Value {
        let (status, body) = self.call(Method::POST, "/api/admin/coupons", admin, Some(body)).await;
        assert_eq!(status, 200, "{body}");
        body["result"].clone()
    }

    /// Checks out `course_ids` with an optional coupon and key; the status and the JSON body.
    pub async fn checkout(
        &self,
        token: &str,
        course_ids: &[&str],
        coupon: Option<&str>,
        key: Option<&str>,
    ) -> (u16, Value) {
        let body = serde_json::json!({ "courseIds": course_ids, "couponCode": coupon });
        let mut request = self.app.client.post(self.app.url("/api/checkout")).bearer_auth(token).json(&body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        status_json(request.send().await.expect("sent")).await
    }

    /// Counts the rows of `table` matching `condition` (SQL) with `value` bound as `$1`.
    pub async fn count(&self, table: &str, condition: &str, value: &str) -> i64 {
        sqlx::query_scalar(&format!("select count(*) from {table} where {condition}"))
            .bind(value)
            .fetch_one(&self.app.state.pool)
            .await
            .expect("count")
    }
}

/// `n` students, created at once with one password hash and signed in without a password check (for load):
/// their ids and access tokens.
pub async fn many_students(app: &TestApp, n: usize) -> Vec<(String, String)> {
    use academy_server::identity::{repo as users, sessions, tokens::Subject};
    let hash = app.state.passwords.hash(crate::accounts::PASSWORD).await.expect("hashed");
    let mut students = Vec::with_capacity(n);
    for i in 0..n {
        let username = crate::accounts::unique_name(&format!("s{i}x"));
        let email = format!("{username}@example.com");
        let new_user = users::NewUser {
            username: &username,
            email: &email,
            password_hash: &hash,
            first_name: Some("Học"),
            last_name: Some("Viên"),
            phone_number: None,
            address: None,
            dob: None,
            role: Role::Student,
        };
        let row = users::create(&app.state.pool, &new_user).await.expect("student");
        let subject = Subject { user_id: row.id.clone(), role: "STUDENT".to_owned(), token_version: 0 };
        let pair =
            sessions::start(&app.state.pool, &app.state.tokens, &subject, &sessions::Device::default(), now_ms())
                .await
                .expect("session");
        students.push((row.id, pair.access.token));
    }
    students
}

/// A SePay bank transaction (money in) with this id, amount and text.
pub fn transfer(id: i64, amount: i64, content: &str) -> Value {
    serde_json::json!({
        "id": id,
        "gateway": "Vietcombank",
        "transactionDate": "2026-11-24 10:15:00",
        "accountNumber": "0011004356789",
        "code": null,
        "content": content,
        "transferType": "in",
        "transferAmount": amount,
        "accumulated": 19_077_000,
        "subAccount": null,
        "referenceCode": format!("FT{id}"),
        "description": format!("BankAPINotify {content}"),
    })
}

impl Shop {
    /// Posts a bank transaction to the webhook with `key` (none: no header); the status and the JSON body.
    pub async fn bank_feed(&self, key: Option<&str>, body: &Value) -> (u16, Value) {
        let mut request = self.app.client.post(self.app.url("/api/payments/sepay/webhook")).json(body);
        if let Some(key) = key {
            request = request.header("Authorization", format!("Apikey {key}"));
        }
        status_json(request.send().await.expect("sent")).await
    }

    /// A student with a pending order for `courses` (VND): (student id, token, order JSON).
    pub async fn pending_order(&self, courses: &[&str]) -> (String, String, Value) {
        let (student, token) = self.person("buyer", Role::Student).await;
        let (status, body) = self.checkout(&token, courses, None, None).await;
        assert_eq!(status, 201, "{body}");
        (student.id, token, body["result"].clone())
    }

    /// The balance of a ledger account (by code) in VND.
    pub async fn balance(&self, account: &str) -> i64 {
        sqlx::query_scalar::<_, i64>(
            "select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries where account_code = $1 and currency = 'VND'",
        )
        .bind(account)
        .fetch_one(&self.app.state.pool)
        .await
        .expect("balance")
    }

    /// The ledger's day sums are its entries: for every account with an owner, currency, day in Vietnam and
    /// transaction kind, the sum and the count of the entries, and no other row.
    pub async fn assert_day_sums_are_the_entries(&self) {
        type Row = (String, String, i64, String, i64, i64);
        let pool = &self.app.state.pool;
        let kept: Vec<Row> = sqlx::query_as(
            "select account_code, currency, day, kind, amount, entries from ledger_day_sums \
             order by account_code, currency, day, kind",
        )
        .fetch_all(pool)
        .await
        .expect("day sums");
        let summed: Vec<Row> = sqlx::query_as(
            "select e.account_code, e.currency, (e.created_at + 25200000) / 86400000 as day, t.kind, \
             cast(sum(e.amount) as bigint), count(*) from ledger_entries e \
             join ledger_transactions t on t.id = e.transaction_id \
             join ledger_accounts a on a.code = e.account_code where a.owner_id is not null \
             group by e.account_code, e.currency, (e.created_at + 25200000) / 86400000, t.kind \
             order by e.account_code, e.currency, day, t.kind",
        )
        .fetch_all(pool)
        .await
        .expect("entries");
        assert_eq!(kept, summed, "the day sums are the sums of the entries");
        crate::reports::fixtures::assert_report_sums_are_the_ledger(pool).await;
    }

    /// What changes when money moves: counts of ledger entries, enrolments, payment rows, order events, paid
    /// orders, and the ledger's sum.
    pub async fn money_snapshot(&self) -> Vec<i64> {
        let mut figures = Vec::new();
        for sql in [
            "select count(*) from ledger_entries",
            "select count(*) from course_enrollments",
            "select count(*) from payment_transactions",
            "select count(*) from order_events",
            "select count(*) from orders where status = 'paid'",
            "select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries",
            "select cast(coalesce(sum(enrollment_count), 0) as bigint) from courses",
        ] {
            figures.push(sqlx::query_scalar::<_, i64>(sql).fetch_one(&self.app.state.pool).await.expect("figure"));
        }
        figures
    }
}
