//! Times as the API writes them.

/// Epoch milliseconds as RFC 3339 in UTC, with milliseconds (`2026-11-22T03:00:00.000Z`).
pub fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
