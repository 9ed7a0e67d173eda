//! The academy server: the HTTP API of the course marketplace, and the host of its web app.
//!
//! [`app`] builds the router (tests use it too), [`serve`] runs it on a listener until told to stop, and
//! [`run`] does everything the `academy` binary needs from a [`Config`].
//!
//! Layout: `config` (settings), `telemetry` (logs), `state` (what handlers share), `db` (data access and
//! migrations), `http` (routes, errors, extractors, static hosting, OpenAPI). Modules for tokens and
//! passwords (`auth`), files (`storage`), mail (`mail`) and periodic chores (`housekeeping`) sit beside these.

/// Memory comes from mimalloc: with glibc's allocator, a course-list request on a busy server spent ~25% of its
/// time in `malloc` and `free` (perf), most of it consolidating and locking arenas shared by threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod catalogue;
pub mod config;
pub mod contact;
pub mod demo;
pub mod files;
pub mod housekeeping;
pub mod http;
pub mod identity;
pub mod learning;
pub mod material;
pub mod platform;
pub mod state;

use std::{future::Future, net::SocketAddr};

use anyhow::Context as _;
use tokio::net::TcpListener;

pub use config::Config;
pub use http::app;
pub use state::AppState;

/// Starts the server from `config` and runs it until SIGINT or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    platform::telemetry::init(&config.log_filter, config.log_format);
    tracing::debug!(?config, "configuration");
    let addr = config.addr;
    let demo = config.demo;
    let state = AppState::build(config).await?;
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

/// Serves the app on `listener` until `shutdown` completes, then lets running requests finish.
/// Handlers can read the client's address with `ConnectInfo<SocketAddr>`. Meanwhile this instance's job worker
/// runs queued jobs ([`platform::jobs`], handlers from [`job_handlers`]) and the hourly chores are asked for
/// ([`housekeeping`]).
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let chores = tokio::spawn(housekeeping::schedule_periodically(state.clone(), stopped.clone()));
    let worker = platform::jobs::Worker::new(state.jobs.clone(), state.clone(), job_handlers());
    let worker = tokio::spawn(worker.run(stopped));
    let shutdown = async move {
        shutdown.await;
        let _ = stop.send(true);
    };
    let served = serve_router(listener, app(state), shutdown).await;
    for (task, name) in [(chores, "the housekeeping schedule"), (worker, "the job worker")] {
        if let Err(e) = task.await {
            tracing::error!(error = %e, "{name} failed");
        }
    }
    served
}

/// The handler of every kind of queued job.
pub fn job_handlers() -> Vec<std::sync::Arc<dyn platform::jobs::JobHandler<AppState>>> {
    vec![std::sync::Arc::new(housekeeping::Chores)]
}

/// Serves an already built router (see [`http::app_with`]) like [`serve`].
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
