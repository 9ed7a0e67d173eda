//! The academy server: the HTTP API of the course marketplace, and the host of its web app.
//!
//! [`app`] builds the router (tests use it too) around the domains' routes ([`api_router`]), [`serve`] runs it on a
//! listener until told to stop, and [`run`] does everything the `academy` binary needs from a [`Config`].
//!
//! Layout, imports flowing one way (platform ← http ← each domain's routes ← this file):
//! - [`config`] (settings) and [`state`] (what handlers share);
//! - [`platform`], what every domain uses: the database, server settings, the job queue, mail, file storage, the
//!   response cache, bilingual texts, randomness, logs;
//! - [`http`], the HTTP edge: the error envelope, the extractors (JSON, query, path, language, the signed-in
//!   user), the middleware and security headers, the OpenAPI document, the web app's host, the health check;
//! - the domains, each with its routes and its SQL (`repo`): [`identity`] (accounts, passwords, tokens, sessions,
//!   password resets, the first administrator), [`files`] (uploads), [`catalogue`] (courses, categories, mentors,
//!   posts, the feed, banners, the home page and the dashboard that edits them), [`learning`] (enrolments),
//!   [`material`] (subjects and syllabuses), [`contact`] (admission and contact forms, the newsletter),
//!   [`commerce`] (cart, orders, coupons, payments, the ledger), [`finance`] (teachers' balances, payout accounts
//!   and payouts, statements), [`mentorship`] (plans, bookings through the checkout, renewals, mentees),
//!   [`schedule`] (a teacher's weekly hours, bookable sessions, the calendar and its subscription address),
//!   [`classes`] (live classes and their registrations), [`notifications`] (a person's notifications, live
//!   delivery, broadcasts; other domains notify through it), [`meeting`] (the online rooms of sessions and
//!   classes, their signalling), [`chat`] (a mentee's conversation with their mentor), [`reports`] and
//!   [`dashboard`] (sales reports, each role's home), [`site`] (the academy's settings and their history),
//!   [`privacy`] (a person's data: download, account deletion);
//! - [`housekeeping`] (the hourly chores) and [`demo`] (the demo catalogue).

/// Memory comes from mimalloc: with glibc's allocator, a course-list request on a busy server spent ~25% of its
/// time in `malloc` and `free` (perf), most of it consolidating and locking arenas shared by threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod backup;
pub mod catalogue;
pub mod chat;
pub mod classes;
pub mod commerce;
pub mod config;
pub mod contact;
pub mod dashboard;
pub mod demo;
pub mod files;
pub mod finance;
pub mod housekeeping;
pub mod http;
pub mod identity;
pub mod learning;
pub mod material;
pub mod meeting;
pub mod mentorship;
pub mod notifications;
pub mod platform;
pub mod privacy;
pub mod reports;
pub mod schedule;
pub mod site;
pub mod state;

use std::{future::Future, net::SocketAddr};

use anyhow::Context as _;
use tokio::net::TcpListener;
use utoipa::OpenApi as _;
use utoipa_axum::router::OpenApiRouter;

pub use config::Config;
pub use state::AppState;

/// Every API route, documented: one router per domain.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(http::docs::ApiDoc::openapi())
        .merge(http::health::router())
        .merge(identity::router())
        .merge(files::router())
        .merge(catalogue::router())
        .merge(contact::router())
        .merge(learning::router())
        .merge(material::router())
        .merge(mentorship::router())
        .merge(schedule::router())
        .merge(classes::router())
        .merge(privacy::routes::router())
        .merge(meeting::routes::router())
        .merge(notifications::router())
        .merge(commerce::router())
        .merge(finance::router())
        .merge(reports::router())
        .merge(dashboard::router())
        .merge(site::routes::router())
        .merge(chat::routes::router())
}

/// The OpenAPI document of [`api_router`] (also served at `/api/openapi.json`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut openapi = api_router().into_openapi();
    http::docs::document_edge_answers(&mut openapi);
    openapi
}

/// The complete application: API, docs, web app, and the middleware every response passes through.
pub fn app(state: AppState) -> axum::Router {
    app_with(state, OpenApiRouter::new())
}

/// [`app`] with `extra` routes beside the API's, under the same middleware (tests add probes this way).
pub fn app_with(state: AppState, extra: OpenApiRouter<AppState>) -> axum::Router {
    http::app_from(state, api_router().merge(extra))
}

/// Starts the server from `config` and runs it until SIGINT or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    platform::telemetry::init(&config.log_filter, config.log_format);
    tracing::debug!(?config, "configuration");
    let addr = config.addr;
    let demo = config.demo;
    let state = AppState::build(config).await?;
    identity::repo::fill_name_search(&state.pool).await.context("filling the accounts' search names")?;
    identity::admin::ensure_admin_from_config(&state).await?;
    if demo {
        demo::load(&state).await?;
    }
    let listener = TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    serve(listener, state, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Serves the app on `listener` until `shutdown` completes, then stops: it accepts no new connection, answers
/// `/readyz` 503, ends the live notification streams (browsers reconnect, with `Last-Event-ID`, to an instance
/// that serves) and the online rooms' sockets (close code 1012, "service restart"), lets requests under way finish
/// for up to `ACADEMY_SHUTDOWN_GRACE_SECS`, and hands the jobs its worker claimed but did not start back to the
/// queue. Handlers can read the client's address with `ConnectInfo<SocketAddr>`. Meanwhile this instance's job
/// worker runs queued jobs ([`platform::jobs`], handlers from [`job_handlers`]), and the hourly chores
/// ([`housekeeping`]) and the scheduled backups ([`backup`]) are asked for.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // The catalogue index is built at start; lists come from the database until it is.
    let (index, pool) = (state.courses_index.clone(), state.pool.clone());
    tokio::spawn(async move {
        if let Err(error) = index.rebuild(&pool).await {
            tracing::warn!(error = format!("{error:#}"), "building the catalogue index; lists read the database");
        }
    });
    let grace = std::time::Duration::from_secs_f64(state.config.shutdown_grace_secs);
    let chores = tokio::spawn(housekeeping::schedule_periodically(state.clone(), stopped.clone()));
    let backups = tokio::spawn(backup::schedule_periodically(state.clone(), stopped.clone()));
    let worker = platform::jobs::Worker::new(state.jobs.clone(), state.clone(), job_handlers());
    let worker = tokio::spawn(worker.run(stopped.clone()));
    let live = state.notifications.clone();
    let rooms = state.meetings.relay.clone();
    let shutdown = async move {
        shutdown.await;
        let _ = stop.send(true);
        // Open notification streams and room sockets never end by themselves: they end here so that the server
        // can stop.
        live.close();
        rooms.close();
    };
    let mut told = stopped;
    let out_of_time = async move {
        let _ = told.wait_for(|stopping| *stopping).await;
        tokio::time::sleep(grace).await;
    };
    let served = tokio::select! {
        served = serve_router(listener, app(state), shutdown) => served,
        () = out_of_time => {
            tracing::warn!(grace_secs = grace.as_secs_f64(), "requests still running after the grace period: stopping anyway");
            Ok(())
        }
    };
    for (task, name) in
        [(chores, "the housekeeping schedule"), (backups, "the backup schedule"), (worker, "the job worker")]
    {
        match tokio::time::timeout(grace, task).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::error!(error = %e, "{name} failed"),
            Err(_) => tracing::warn!("{name} did not stop in time; its job's lease lets another worker take it"),
        }
    }
    served
}

/// The handler of every kind of queued job.
pub fn job_handlers() -> Vec<std::sync::Arc<dyn platform::jobs::JobHandler<AppState>>> {
    vec![
        std::sync::Arc::new(housekeeping::Chores),
        std::sync::Arc::new(notifications::mail::MailNotification),
        std::sync::Arc::new(chat::mail::MailUnread),
        std::sync::Arc::new(notifications::broadcast::BroadcastBatches),
        std::sync::Arc::new(commerce::orders::ExpireOrders),
        std::sync::Arc::new(commerce::payments::PaidNotices),
        std::sync::Arc::new(finance::sending::TransferChecks),
        std::sync::Arc::new(backup::ScheduledBackups),
    ]
}

/// Serves an already built router (see [`app_with`]) like [`serve`].
pub async fn serve_router(
    listener: TcpListener,
    router: axum::Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let service = router.into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service).with_graceful_shutdown(shutdown).await
}

/// Completes on Ctrl+C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl+C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing running requests");
}
