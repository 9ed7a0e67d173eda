//! Keeping a kept-alive connection usable when an answer comes before the request's body was read.
//!
//! A handler may answer without reading the body it was sent (a 401 or 403 decided from the headers, a 413 on
//! the declared length). The connection can only carry the next request once that body has been read off it, so
//! after such an answer the rest of a small body (at most [`DRAIN_LIMIT`] bytes, arriving within
//! [`DRAIN_TIME`]) is read and dropped; otherwise the answer says `Connection: close`, and the client knows to
//! open a new connection instead of writing into one the server closes.

use std::{
    pin::Pin,
    sync::{Arc, Mutex},
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    body::{Body, BodyDataStream},
    http::{HeaderValue, Request, header},
    middleware::Next,
    response::Response,
};
use futures_util::{Stream, StreamExt as _};

/// The largest unread rest of a body read off the connection to keep it open.
pub const DRAIN_LIMIT: u64 = 64 * 1024;
/// How long the rest of a body may take to arrive before the connection is closed instead.
pub const DRAIN_TIME: Duration = Duration::from_secs(2);

/// What became of a request's body: read to its end, or left unread (the rest kept here).
#[derive(Default)]
struct Outcome {
    finished: bool,
    rest: Option<BodyDataStream>,
}

/// The request's body as the handler sees it; what is left of it when dropped unread goes back to the outcome.
struct Tracked {
    inner: Option<BodyDataStream>,
    outcome: Arc<Mutex<Outcome>>,
}

impl Stream for Tracked {
    type Item = Result<bytes::Bytes, axum::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let Some(inner) = self.inner.as_mut() else { return Poll::Ready(None) };
        let next = inner.poll_next_unpin(cx);
        if let Poll::Ready(None) = next {
            self.inner = None;
            if let Ok(mut outcome) = self.outcome.lock() {
                outcome.finished = true;
            }
        }
        next
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        if let (Some(rest), Ok(mut outcome)) = (self.inner.take(), self.outcome.lock()) {
            outcome.rest = Some(rest);
        }
    }
}

/// Whether a request announces a body (a length above zero, or chunks).
fn has_body(request: &Request<Body>) -> bool {
    let headers = request.headers();
    let length = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    length.is_some_and(|n| n > 0) || headers.contains_key(header::TRANSFER_ENCODING)
}

/// Middleware: after an answer that left the request's body unread, reads off a small rest of it, or says
/// `Connection: close`.
pub async fn finish_request_body(request: Request<Body>, next: Next) -> Response {
    if !has_body(&request) {
        return next.run(request).await;
    }
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse().ok());
    let outcome = Arc::new(Mutex::new(Outcome::default()));
    let (parts, body) = request.into_parts();
    let tracked = Tracked { inner: Some(body.into_data_stream()), outcome: outcome.clone() };
    let mut response = next.run(Request::from_parts(parts, Body::from_stream(tracked))).await;
    let (finished, rest) = match outcome.lock() {
        Ok(mut outcome) => (outcome.finished, outcome.rest.take()),
        Err(_) => (false, None),
    };
    if finished {
        return response;
    }
    let drained = match rest {
        Some(rest) if declared.is_none_or(|length: u64| length <= DRAIN_LIMIT) => drain(rest).await,
        _ => false,
    };
    if !drained {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// Reads `rest` to its end within [`DRAIN_TIME`] and [`DRAIN_LIMIT`] bytes; `false` when it could not.
async fn drain(mut rest: BodyDataStream) -> bool {
    let read = async {
        let mut read = 0u64;
        while let Some(chunk) = rest.next().await {
            let Ok(chunk) = chunk else { return false };
            read += chunk.len() as u64;
            if read > DRAIN_LIMIT {
                return false;
            }
        }
        true
    };
    tokio::time::timeout(DRAIN_TIME, read).await.unwrap_or(false)
}
