//! `spawn_app()`: the real server on 127.0.0.1:0 with a fresh database, a fake web build and test probes.
//!
//! The backend comes from `ACADEMY_TEST_BACKEND`: `sqlite` (default; a temp file per test) or `postgres`
//! (a fresh database per test, created on `ACADEMY_TEST_PG_URL` when given, otherwise on a throwaway cluster
//! this binary starts once in a temp dir and a watchdog stops when the binary exits). Each test's database is a
//! copy of one this binary migrates once (a file copy on SQLite, `create database … template` on PostgreSQL);
//! the server's start finds nothing left to apply.

use std::{
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::OnceLock,
};

use academy_server::{
    AppState, Config,
    http::{ApiError, ApiResult, Json, Query, ok},
    platform::db::Backend,
};
use axum::routing::{get, post};
use tempfile::TempDir;
use utoipa_axum::router::OpenApiRouter;

/// A running server and what a test needs to talk to it.
#[derive(Debug)]
pub struct TestApp {
    /// `http://127.0.0.1:<port>`.
    pub address: String,
    pub client: reqwest::Client,
    pub state: AppState,
    _dirs: Vec<TempDir>,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request sent")
    }
}

/// The hashed asset the fake web build contains (plus its `.gz` sibling).
pub const ASSET: &str = "/assets/index-3f2a1b9c.js";
pub const ASSET_BODY: &str = "console.log('academy');";
pub const INDEX_MARKER: &str = "<div id=\"root\"></div>";

/// Which backend this run of the test binary uses.
pub fn backend() -> Backend {
    match std::env::var("ACADEMY_TEST_BACKEND").as_deref() {
        Ok("postgres") | Ok("postgresql") | Ok("pg") => Backend::Postgres,
        Ok("sqlite") | Ok("") | Err(_) => Backend::Sqlite,
        Ok(other) => panic!("ACADEMY_TEST_BACKEND must be sqlite or postgres, not {other:?}"),
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Like [`spawn_app`], letting the test adjust the configuration first (e.g. point the web dir elsewhere).
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    init_logs();
    let data = tempfile::Builder::new().prefix("academy-test-").tempdir().expect("temp data dir");
    let web = fake_web_build();
    let mut config = Config::with_data_dir(data.path());
    config.web_dir = web.path().to_path_buf();
    config.token_secret = Some("test-token-secret-not-for-production".to_owned());
    config.database_url = Some(match migrated_template() {
        Template::Sqlite(template) => {
            let file = data.path().join("academy.db");
            std::fs::copy(template, &file).expect("the migrated database copied");
            format!("sqlite://{}?mode=rwc", file.display())
        }
        Template::Postgres(template) => postgres_database_from(Some(template)).await,
    });
    adjust(&mut config);

    let state = AppState::build(config).await.expect("app state built");
    let router = academy_server::app_with(state.clone(), probes());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("port bound");
    let address = format!("http://{}", listener.local_addr().expect("local address"));
    tokio::spawn(academy_server::serve_router(listener, router, std::future::pending()));

    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("http client");
    TestApp { address, client, state, _dirs: vec![data, web] }
}

/// Routes that exist only in tests, to reach error paths no real endpoint has yet.
fn probes() -> OpenApiRouter<AppState> {
    #[derive(serde::Deserialize)]
    struct Greeting {
        name: String,
    }
    #[derive(serde::Deserialize)]
    struct Page {
        #[allow(dead_code, reason = "only parsed")]
        page: u32,
    }
    async fn echo(Json(greeting): Json<Greeting>) -> ApiResult<String> {
        Ok(ok(greeting.name))
    }
    async fn page(Query(_): Query<Page>) -> ApiResult<()> {
        Ok(ok(()))
    }
    async fn boom() -> ApiResult<()> {
        Err(ApiError::internal(anyhow::anyhow!("connection to db.internal:5432 failed, password=hunter2")))
    }
    async fn duplicate(axum::extract::State(state): axum::extract::State<AppState>) -> ApiResult<()> {
        let insert = "insert into settings (name, value, updated_at) values ('probe', 'x', 0)";
        sqlx::query(insert).execute(&state.pool).await?;
        sqlx::query(insert).execute(&state.pool).await?;
        Ok(ok(()))
    }
    async fn missing(axum::extract::State(state): axum::extract::State<AppState>) -> ApiResult<String> {
        let value: String = sqlx::query_scalar("select value from settings where name = $1")
            .bind("no such setting")
            .fetch_one(&state.pool)
            .await?;
        Ok(ok(value))
    }
    OpenApiRouter::new()
        .route("/api/test/echo", post(echo))
        .route("/api/test/page", get(page))
        .route("/api/test/boom", get(boom))
        .route("/api/test/duplicate", post(duplicate))
        .route("/api/test/missing", get(missing))
}

/// A web build like the bundler's: index.html, a hashed asset and its gzip sibling.
fn fake_web_build() -> TempDir {
    let dir = tempfile::Builder::new().prefix("academy-web-").tempdir().expect("temp web dir");
    let index = format!(
        "<!doctype html><html lang=\"vi\"><head><title>Academy</title></head><body>{INDEX_MARKER}</body></html>"
    );
    std::fs::write(dir.path().join("index.html"), index).expect("index written");
    std::fs::create_dir(dir.path().join("assets")).expect("assets dir");
    let asset = dir.path().join(ASSET.trim_start_matches('/'));
    std::fs::write(&asset, ASSET_BODY).expect("asset written");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gz, ASSET_BODY.as_bytes()).expect("gzip");
    std::fs::write(asset.with_extension("js.gz"), gz.finish().expect("gzip finished")).expect("gz written");
    dir
}

fn init_logs() {
    if let Ok(filter) = std::env::var("TEST_LOG") {
        academy_server::platform::telemetry::init(&filter, academy_server::config::LogFormat::Pretty);
    }
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per test.

/// Creates an empty database for one test and returns its URL.
pub async fn postgres_database() -> String {
    postgres_database_from(None).await
}

/// Creates a database for one test, a copy of `template` or empty, and returns its URL.
async fn postgres_database_from(template: Option<&str>) -> String {
    let server = postgres_server_url();
    let name = format!("academy_test_{}", uuid::Uuid::now_v7().simple());
    let admin = format!("{server}/postgres");
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("cannot reach PostgreSQL at {admin}: {e}"));
    let copy = template.map(|t| format!(" template {t}")).unwrap_or_default();
    sqlx::query(&format!("create database {name}{copy}")).execute(&mut conn).await.expect("test database created");
    format!("{server}/{name}")
}

/// The migrated database this binary's tests start from.
enum Template {
    /// The file to copy.
    Sqlite(PathBuf),
    /// The database to create from.
    Postgres(String),
}

/// The template, migrated the first time a test asks for it (on a thread of its own: the tests' runtimes come
/// and go, the template's connections must not belong to one of them).
fn migrated_template() -> &'static Template {
    static TEMPLATE: OnceLock<Template> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let backend = backend();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
            runtime.block_on(migrate_template(backend))
        })
        .join()
        .expect("the template migrated")
    })
}

async fn migrate_template(backend: Backend) -> Template {
    let (url, template) = match backend {
        Backend::Sqlite => {
            // Kept for the binary's life (every test copies it) in a folder named after this process; those of
            // finished runs are removed here.
            let parent = std::env::temp_dir().join("academy-test-templates");
            for old in std::fs::read_dir(&parent).into_iter().flatten().flatten() {
                let pid = old.file_name().to_string_lossy().into_owned();
                if !Path::new("/proc").join(&pid).exists() {
                    let _ = std::fs::remove_dir_all(old.path());
                }
            }
            let dir = parent.join(std::process::id().to_string());
            std::fs::create_dir_all(&dir).expect("template folder");
            let file = dir.join("template.db");
            let _ = std::fs::remove_file(&file);
            (format!("sqlite://{}?mode=rwc", file.display()), Template::Sqlite(file))
        }
        Backend::Postgres => {
            let url = postgres_database().await;
            let name = url.rsplit('/').next().expect("a database name").to_owned();
            (url, Template::Postgres(name))
        }
    };
    let (pool, _) = academy_server::platform::db::connect(&url, Default::default()).await.expect("template migrated");
    if backend == Backend::Sqlite {
        // Everything in the main file, so that a copy of that file alone is the whole database.
        sqlx::query("pragma wal_checkpoint(truncate)").execute(&pool).await.expect("template checkpointed");
    }
    // No connection may stay open on a PostgreSQL template.
    pool.close().await;
    template
}

/// `postgres://user@host:port` of the server the tests use (no database part).
fn postgres_server_url() -> String {
    if let Ok(url) = std::env::var("ACADEMY_TEST_PG_URL") {
        let url = url.split('?').next().unwrap_or_default();
        let after_scheme = url.find("://").map_or(0, |i| i + 3);
        return match url[after_scheme..].find('/') {
            Some(slash) => url[..after_scheme + slash].to_owned(),
            None => url.to_owned(),
        };
    }
    static CLUSTER: OnceLock<String> = OnceLock::new();
    CLUSTER.get_or_init(start_throwaway_cluster).clone()
}

/// Starts a PostgreSQL cluster in a temp dir on a free port; a watchdog stops and deletes it when this
/// test binary exits. As root, the cluster runs as the `postgres` user (initdb refuses root).
#[allow(clippy::zombie_processes, reason = "the watchdog must outlive this process to stop the cluster")]
fn start_throwaway_cluster() -> String {
    let bin = postgres_bin_dir();
    let dir = tempfile::Builder::new().prefix("academy-pg-").tempdir().expect("temp cluster dir").keep();
    let data = dir.join("data");
    let as_root = run_capture("id", &["-u"]).trim() == "0";
    if as_root {
        run_ok("chown", &["-R", "postgres:postgres", &dir.display().to_string()]);
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
    let initdb = format!(
        "{}/initdb -D {} -A trust -U postgres -E UTF8 --locale=C --no-sync >{}/initdb.log 2>&1",
        bin.display(),
        data.display(),
        dir.display()
    );
    shell(&initdb, as_root);
    let start = format!(
        "{}/pg_ctl -D {} -l {}/server.log -w -t 60 -o \"-p {port} -k {} -c listen_addresses=127.0.0.1 \
         -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300\" start >/dev/null",
        bin.display(),
        data.display(),
        dir.display(),
        dir.display()
    );
    shell(&start, as_root);

    let stop = format!("{}/pg_ctl -D {} -m immediate stop", bin.display(), data.display());
    let stop = if as_root { format!("su postgres -s /bin/sh -c '{stop}'") } else { stop };
    let watchdog = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {dir}",
        pid = std::process::id(),
        dir = dir.display()
    );
    let mut command = if Path::new("/usr/bin/setsid").exists() || Path::new("/bin/setsid").exists() {
        let mut c = Command::new("setsid");
        c.args(["sh", "-c", &watchdog]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", &watchdog]);
        c
    };
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("watchdog started");
    eprintln!("tests: throwaway PostgreSQL cluster on 127.0.0.1:{port} in {}", dir.display());
    format!("postgres://postgres@127.0.0.1:{port}")
}

pub fn postgres_bin_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("ACADEMY_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path().join("bin")).collect())
        .unwrap_or_default();
    versions.retain(|bin| bin.join("initdb").is_file());
    versions.sort_by_key(|bin| {
        bin.parent().and_then(|v| v.file_name()).and_then(|v| v.to_str()).and_then(|v| v.parse::<u32>().ok())
    });
    versions.pop().unwrap_or_else(|| {
        panic!("PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    })
}

pub fn shell(script: &str, as_postgres: bool) {
    let status = if as_postgres {
        Command::new("su").args(["postgres", "-s", "/bin/sh", "-c", script]).status()
    } else {
        Command::new("sh").args(["-c", script]).status()
    }
    .expect("shell started");
    assert!(status.success(), "failed: {script}");
}

pub fn run_ok(program: &str, args: &[&str]) {
    let status = Command::new(program).args(args).status().expect("command started");
    assert!(status.success(), "failed: {program} {args:?}");
}

pub fn run_capture(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().expect("command started");
    String::from_utf8_lossy(&output.stdout).into_owned()
}
