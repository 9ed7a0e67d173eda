//! Crash safety: the real server binary takes a stream of concurrent writes, is killed with SIGKILL in the middle
//! of it and started again on the same data. Every write answered as a success must be stored, exactly once and
//! whole, and nothing may be half-written. Money is in the stream: students check out courses and the bank feed
//! pays their orders (with replays of its deliveries); after the restart no order is half-made or paid twice and
//! the ledger balances. Runs on the backend of the test run (a SQLite file in the data dir, or a PostgreSQL
//! database).

use std::{
    collections::BTreeSet,
    io::Write as _,
    path::PathBuf,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::platform::db::Backend;
use base64::Engine as _;
use serde_json::{Value, json};

use crate::{
    accounts::PASSWORD,
    commerce_fixtures::SEPAY_KEY,
    crash_money::{self, BUYERS, Shop},
    helpers::{backend, postgres_database},
    server_process::Server,
};

/// Concurrent writers.
const WRITERS: usize = 12;
/// The server is killed once this many writes were answered as successes and every kind has
/// [`KILL_AFTER_EACH`].
const KILL_AFTER_ACKNOWLEDGED: usize = 150;
const KILL_AFTER_EACH: usize = 8;
/// Accounts registered before the stream starts, for the logins in it.
const LOGIN_ACCOUNTS: usize = 4;

/// One kind of write in the stream: how the n-th is sent, what in its success answer proves it, and how that
/// proof is found in the database.
struct Write {
    name: &'static str,
    /// The POST of the write with the unique `key` (login writes use an account, checkouts a buyer).
    request: fn(&Stream, &str) -> Request,
    /// The proof of a stored write, from the exchange; `None` when the answer is not a success. Writes that
    /// answer the same proof (a replayed bank delivery) are one stored write.
    proof: fn(&Stream, &Exchange) -> Option<String>,
    /// Counts the rows holding the proof `$1`, whole: exactly 1 for a stored write.
    stored: &'static str,
    /// Counts every row of this kind the run wrote (`$1` = the run's key pattern), answered or not.
    written: &'static str,
}

/// A POST: path, JSON body and headers.
struct Request {
    path: &'static str,
    body: Value,
    headers: Vec<(&'static str, String)>,
}

impl Request {
    fn json(path: &'static str, body: Value) -> Request {
        Request { path, body, headers: Vec::new() }
    }
}

/// A write and its answer.
struct Exchange<'a> {
    key: &'a str,
    request: &'a Value,
    status: u16,
    answer: &'a Value,
}

const WRITES: &[Write] = &[
    Write {
        name: "registration",
        request: |_, key| registration(key),
        proof: |_, x| success(x).then(|| x.answer["result"]["userId"].as_str().map(str::to_owned))?,
        stored: "select count(*) from users where id = $1 and password_hash like '$argon2id$%' \
                 and email_lower = lower(email) and role = 'STUDENT' and status = 'active'",
        written: "select count(*) from users where username like $1",
    },
    Write {
        name: "admission message",
        request: |_, key| {
            let body = json!({
                "name": "Lê Văn An", "email": "an@example.vn", "phone": "0912 345 678",
                "courseName": "Lập trình Python", "message": key
            });
            Request::json("/api/contact/admissionMessage", body)
        },
        proof: |_, x| (x.status == 200 && x.answer["ok"] == true).then(|| x.key.to_owned()),
        stored: "select count(*) from admission_messages where message = $1 and name = 'Lê Văn An' \
                 and course_name = 'Lập trình Python' and search_text <> ''",
        written: "select count(*) from admission_messages where message like $1",
    },
    Write {
        name: "contact message",
        request: |_, key| {
            let body = json!({"name": "Trần Bình", "email": "binh@example.vn", "subject": "Hợp tác", "message": key});
            Request::json("/api/contact/message", body)
        },
        proof: |_, x| (x.status == 200 && x.answer["ok"] == true).then(|| x.key.to_owned()),
        stored: "select count(*) from contact_messages where message = $1 and subject = 'Hợp tác' \
                 and search_text <> ''",
        written: "select count(*) from contact_messages where message like $1",
    },
    Write {
        name: "newsletter subscription",
        request: |_, key| Request::json("/api/newsletter", json!({"email": format!("{key}@example.com")})),
        proof: |_, x| success(x).then(|| format!("{}@example.com", x.key)),
        stored: "select count(*) from newsletter_subscriptions where email = $1",
        written: "select count(*) from newsletter_subscriptions where email like $1",
    },
    Write {
        name: "login (session + refresh token)",
        request: |stream, key| {
            let n: usize = key.rsplit('-').next().and_then(|n| n.parse().ok()).unwrap_or(0);
            let username = &stream.accounts[n % stream.accounts.len()];
            Request::json("/auth/token", json!({"username": username, "password": PASSWORD}))
        },
        proof: |_, x| success(x).then(|| x.answer["result"]["refreshToken"].as_str().and_then(token_id))?,
        stored: "select count(*) from refresh_tokens r join sessions s on s.id = r.session_id \
                 where r.id = $1 and r.user_id = s.user_id and s.revoked_at is null",
        written: "select count(*) from sessions where user_id in (select id from users where username like $1)",
    },
    Write {
        name: "checkout (order)",
        request: |stream, key| {
            let (body, token) = stream.shop.checkout();
            let headers = vec![("Authorization", format!("Bearer {token}")), ("Idempotency-Key", key.to_owned())];
            Request { path: "/api/checkout", body, headers }
        },
        proof: |stream, x| stream.shop.checkout_acknowledged(x.status, x.answer),
        stored: crash_money::ORDER_STORED,
        written: crash_money::ORDERS_WRITTEN,
    },
    Write {
        name: "bank webhook delivery",
        request: |stream, key| Request {
            path: "/api/payments/sepay/webhook",
            body: stream.shop.delivery(key),
            headers: vec![("Authorization", format!("Apikey {SEPAY_KEY}"))],
        },
        proof: |_, x| Shop::delivery_acknowledged(x.request, x.status, x.answer),
        stored: crash_money::DELIVERY_STORED,
        written: crash_money::DELIVERIES_WRITTEN,
    },
];

fn registration(key: &str) -> Request {
    let body = json!({
        "firstName": "Crash", "lastName": "Test", "username": key, "email": format!("{key}@example.com"),
        "password": PASSWORD, "phoneNumber": "", "address": "", "dob": null, "roleName": "Student", "loginType": ""
    });
    Request::json("/users", body)
}

/// Rows that only a half-written write could leave: each query must count 0.
const HALF_WRITTEN: &[(&str, &str)] = &[
    (
        "sessions without their refresh token",
        "select count(*) from sessions s where not exists (select 1 from refresh_tokens r where r.session_id = s.id)",
    ),
    (
        "refresh tokens without their session",
        "select count(*) from refresh_tokens r where not exists (select 1 from sessions s where s.id = r.session_id)",
    ),
    (
        "accounts without a complete identity",
        "select count(*) from users where password_hash not like '$argon2id$%' or email_lower <> lower(email) \
         or username = ''",
    ),
    ("admission messages without their fields", "select count(*) from admission_messages where search_text = ''"),
    ("contact messages without their fields", "select count(*) from contact_messages where search_text = ''"),
];

fn success(x: &Exchange) -> bool {
    x.status == 200 && x.answer["code"] == 1000
}

/// The id (`jti`) of a signed token, read from its payload.
fn token_id(token: &str) -> Option<String> {
    let payload = token.split('.').nth(1)?;
    let claims: Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    claims["jti"].as_str().map(str::to_owned)
}

/// The shared state of the writers.
struct Stream {
    prefix: String,
    accounts: Vec<String>,
    shop: Shop,
    next: AtomicU64,
    stop: AtomicBool,
    sent: AtomicU64,
    answered: AtomicU64,
    /// (kind index, proof) of every write answered as a success.
    acknowledged: Mutex<Vec<(usize, String)>>,
    /// Answers that were neither a success nor a lost connection (must stay empty).
    refused: Mutex<Vec<String>>,
}

impl Stream {
    /// Whether enough writes, and enough of each kind, were answered as successes.
    fn enough_acknowledged(&self) -> bool {
        let acknowledged = self.acknowledged.lock().expect("lock");
        let mut per_kind = [0; WRITES.len()];
        for (kind, _) in acknowledged.iter() {
            per_kind[*kind] += 1;
        }
        acknowledged.len() >= KILL_AFTER_ACKNOWLEDGED + LOGIN_ACCOUNTS && per_kind.iter().all(|n| *n >= KILL_AFTER_EACH)
    }
}

/// Sends a write; the status and JSON answer, `None` when the connection was lost.
async fn send(client: &reqwest::Client, base: &str, request: &Request) -> Option<(u16, Value)> {
    let mut post = client.post(format!("{base}{}", request.path)).json(&request.body);
    for (name, value) in &request.headers {
        post = post.header(*name, value);
    }
    let response = post.send().await.ok()?;
    let status = response.status().as_u16();
    Some((status, response.json::<Value>().await.ok()?))
}

/// Registers an account outside the stream; its id.
async fn register(client: &reqwest::Client, base: &str, stream: &Stream, key: &str) -> String {
    let request = registration(key);
    let (status, answer) = send(client, base, &request).await.expect("answered");
    let exchange = Exchange { key, request: &request.body, status, answer: &answer };
    (WRITES[0].proof)(stream, &exchange).unwrap_or_else(|| panic!("{status} {answer}"))
}

async fn writer(stream: Arc<Stream>, client: reqwest::Client, base: String) {
    while !stream.stop.load(Ordering::SeqCst) {
        let n = stream.next.fetch_add(1, Ordering::SeqCst);
        let kind = usize::try_from(n).expect("small") % WRITES.len();
        let key = format!("{}{n}", stream.prefix);
        let request = (WRITES[kind].request)(&stream, &key);
        stream.sent.fetch_add(1, Ordering::SeqCst);
        let Some((status, answer)) = send(&client, &base, &request).await else { return };
        stream.answered.fetch_add(1, Ordering::SeqCst);
        let exchange = Exchange { key: &key, request: &request.body, status, answer: &answer };
        match (WRITES[kind].proof)(&stream, &exchange) {
            Some(proof) => stream.acknowledged.lock().expect("lock").push((kind, proof)),
            None => stream.refused.lock().expect("lock").push(format!("{}: {status} {answer}", WRITES[kind].name)),
        }
    }
}

async fn count(pool: &sqlx::AnyPool, sql: &str, bind: &str) -> i64 {
    let query = sqlx::query_scalar::<_, i64>(sql);
    let query = if sql.contains("$1") { query.bind(bind) } else { query };
    query.fetch_one(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[tokio::test]
async fn every_acknowledged_write_survives_a_sigkill_and_nothing_is_half_written() {
    let dirs = tempfile::Builder::new().prefix("academy-crash-").tempdir().expect("temp dir");
    let (data, web) = (dirs.path().join("data"), dirs.path().join("web"));
    std::fs::create_dir_all(&web).expect("web dir");
    let log: PathBuf = dirs.path().join("server.log");
    let database_url = match backend() {
        Backend::Sqlite => format!("sqlite://{}?mode=rwc", data.join("academy.db").display()),
        Backend::Postgres => postgres_database().await,
    };
    sqlx::any::install_default_drivers();
    let mut server = Server::start(crash_money::command(), &data, &web, &database_url, &log).await;
    let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("client");
    let prefix = format!("crash-{}-", &uuid::Uuid::now_v7().simple().to_string()[20..]);

    // Arrange: the accounts the stream's logins use, registered (and acknowledged) like any other write; a shop
    // whose teacher sells courses to the buyers who check out in the stream.
    let mut stream = Stream {
        prefix: prefix.clone(),
        accounts: Vec::new(),
        shop: Shop::default(),
        next: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        sent: AtomicU64::new(0),
        answered: AtomicU64::new(0),
        acknowledged: Mutex::new(Vec::new()),
        refused: Mutex::new(Vec::new()),
    };
    for i in 0..LOGIN_ACCOUNTS {
        let key = format!("{prefix}account{i}");
        let proof = register(&client, &server.address, &stream, &key).await;
        stream.acknowledged.lock().expect("lock").push((0, proof));
        stream.accounts.push(key);
    }
    // The shop's accounts are not the stream's: their names stay out of its pattern.
    let shop_prefix = prefix.replacen("crash-", "shop-", 1);
    let teacher = register(&client, &server.address, &stream, &format!("{shop_prefix}teacher")).await;
    let mut buyers = Vec::with_capacity(BUYERS);
    for i in 0..BUYERS {
        let key = format!("{shop_prefix}buyer{i}");
        register(&client, &server.address, &stream, &key).await;
        buyers.push(key);
    }
    stream.shop = Shop::open(&client, &server.address, &database_url, &teacher, &buyers).await;
    let stream = Arc::new(stream);

    // Act: concurrent writes of every kind, SIGKILL while they flow, a restart on the same data.
    let writers: Vec<_> =
        (0..WRITERS).map(|_| tokio::spawn(writer(stream.clone(), client.clone(), server.address.clone()))).collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !stream.enough_acknowledged() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill();
    let in_flight = stream.sent.load(Ordering::SeqCst) - stream.answered.load(Ordering::SeqCst);
    stream.stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.expect("writer finished");
    }
    let server = Server::start(crash_money::command(), &data, &web, &database_url, &log).await;

    // Assert: every acknowledged write is stored once and whole, nothing is half-written.
    let refused = stream.refused.lock().expect("lock").clone();
    assert!(refused.is_empty(), "writes refused before the kill: {refused:#?}");
    let acknowledged = stream.acknowledged.lock().expect("lock").clone();
    let pool = sqlx::any::AnyPoolOptions::new().max_connections(2).connect(&database_url).await.expect("database");
    let redelivered = crash_money::redeliver_unanswered(&client, &server.address, &pool).await;
    // A replayed bank delivery answers the proof of the one before it: both are one stored write.
    let distinct: BTreeSet<&(usize, String)> = acknowledged.iter().collect();
    let mut lost = Vec::new();
    let mut found = 0;
    for (kind, proof) in &distinct {
        match count(&pool, WRITES[*kind].stored, proof).await {
            1 => found += 1,
            n => lost.push((*kind, format!("{} {proof}: {n} rows", WRITES[*kind].name))),
        }
    }
    let pattern = format!("{prefix}%");
    let mut written = 0;
    for write in WRITES {
        written += count(&pool, write.written, &pattern).await;
    }
    let mut half_written = Vec::new();
    for (what, sql) in HALF_WRITTEN.iter().chain(crash_money::HALF_WRITTEN) {
        let n = count(&pool, sql, "").await;
        if n != 0 {
            half_written.push(format!("{what}: {n}"));
        }
    }
    if backend() == Backend::Sqlite {
        let integrity: String = sqlx::query_scalar("pragma integrity_check").fetch_one(&pool).await.expect("check");
        assert_eq!(integrity, "ok");
        let broken_keys = sqlx::query("pragma foreign_key_check").fetch_all(&pool).await.expect("check").len();
        assert_eq!(broken_keys, 0, "rows whose foreign key points nowhere");
    }
    let per_kind: Vec<String> = WRITES
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let answered = acknowledged.iter().filter(|(k, _)| *k == i).count();
            let stored = distinct.iter().filter(|(k, _)| *k == i).count();
            let lost = lost.iter().filter(|(k, _)| *k == i).count();
            let replays = if answered == stored { String::new() } else { format!(" ({stored} distinct)") };
            format!("{}: {answered}{replays} acknowledged, {lost} lost", w.name)
        })
        .collect();
    let acknowledged_count = i64::try_from(distinct.len()).expect("small");
    let ledger: i64 = sqlx::query_scalar("select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries")
        .fetch_one(&pool)
        .await
        .expect("ledger sum");
    // Written past the test harness's capture, so the figures show in every run of the test command.
    let summary = format!(
        "crash test ({}): writes acknowledged {} ({} distinct), found {found}, lost {} [{}]; {in_flight} in flight \
         at SIGKILL, {} stored without an answer ({redelivered} bank deliveries sent again); bank transactions {}; ledger sum {ledger}; half-written {}",
        backend().name(),
        acknowledged.len(),
        distinct.len(),
        lost.len(),
        per_kind.join("; "),
        written - acknowledged_count,
        crash_money::outcomes(&pool).await,
        half_written.len(),
    );
    let _ = writeln!(std::io::stderr().lock(), "{summary}");
    assert!(lost.is_empty(), "acknowledged writes lost: {lost:#?}");
    assert_eq!(ledger, 0, "the ledger balances");
    assert!(half_written.is_empty(), "half-written: {half_written:#?}");
    assert!(written >= acknowledged_count, "{written} rows for {acknowledged_count} acknowledged writes");

    // The restarted server takes writes and signs in an account registered in the stream.
    let account = acknowledged.iter().rev().find(|(kind, _)| *kind == 0).map(|(_, id)| id).expect("an account");
    let username: String = sqlx::query_scalar("select username from users where id = $1")
        .bind(account)
        .fetch_one(&pool)
        .await
        .expect("row");
    let login = client
        .post(format!("{}/auth/token", server.address))
        .json(&json!({"username": username, "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    assert_eq!(login.status(), 200, "{}", login.text().await.unwrap_or_default());
    let key = format!("{prefix}after");
    for write in WRITES {
        let request = (write.request)(&stream, &key);
        let (status, answer) = send(&client, &server.address, &request).await.expect("answered");
        let exchange = Exchange { key: &key, request: &request.body, status, answer: &answer };
        assert!((write.proof)(&stream, &exchange).is_some(), "{} after the restart: {status} {answer}", write.name);
    }
}
