//! The HTTP face of the rate limits ([`crate::identity::rate_limit`]): a request over its limit is answered 429
//! with `Retry-After` and, in the request's language, the minutes to wait.

use super::{ApiError, Text};
use crate::{
    identity::rate_limit::{Limit, Subject, Throttled},
    platform::db,
    state::AppState,
};

/// Counts this request of `subject` against `limit`; `Err` is the 429 to answer.
pub async fn check(state: &AppState, limit: Limit, subject: Subject<'_>) -> Result<(), ApiError> {
    match state.rate_limiter.hit(&state.pool, limit, subject, db::now_ms()).await? {
        Ok(()) => Ok(()),
        Err(Throttled { retry_after_secs }) => {
            tracing::warn!(limit = limit.name(), %subject, retry_after_secs, "rate limit reached");
            Err(ApiError::RateLimited { message: too_many(retry_after_secs), retry_after_secs })
        }
    }
}

/// "Too many requests, try again in N minutes" (N rounded up, at least 1).
pub fn too_many(retry_after_secs: u64) -> Text {
    let minutes = retry_after_secs.div_ceil(60).max(1);
    Text::new(
        format!("Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau {minutes} phút."),
        format!("Too many requests. Please try again in {minutes} minute{}.", if minutes == 1 { "" } else { "s" }),
    )
}
