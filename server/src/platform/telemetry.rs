//! Structured logging through `tracing`.

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::LogFormat;

/// Installs the global subscriber. Later calls (e.g. from several tests) are ignored.
pub fn init(filter: &str, format: LogFormat) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let registry = tracing_subscriber::registry().with(filter);
    let _already_set = match format {
        LogFormat::Json => registry.with(fmt::layer().json().flatten_event(true).with_current_span(true)).try_init(),
        LogFormat::Pretty => {
            let colours = std::io::IsTerminal::is_terminal(&std::io::stdout());
            registry.with(fmt::layer().compact().with_ansi(colours)).try_init()
        }
    };
}
