//! Sending a pending payout request through payOS: an administrator sends it; its one transfer is asked for with
//! the request's own idempotency key (sending again, after a lost answer, asks with the same key, and payOS
//! answers the transfer it made); the transfer's final state decides the request — paid, with the bank's
//! reference, or failed, the money back in the teacher's balance. Until then a job looks at its state, less
//! often as time passes.

use chrono::TimeZone as _;
use serde_json::json;

use super::{
    balance::ACADEMY_TZ,
    error::FinanceError,
    payos::{Client, NewPayout, Outcome, PayosError, Payout},
    repo::{self, RequestRow},
    requests::{self, Verdict, request_code},
};
use crate::{
    platform::{
        db::{begin_write, now_ms},
        jobs::{Job, JobHandler, NewJob},
    },
    state::AppState,
};

/// The job that looks at a transfer's state.
pub const CHECK_JOB: &str = "finance.payos_check";
/// The first look comes a minute after sending; each next one waits twice as long, at most an hour.
const FIRST_CHECK_MS: i64 = 60_000;
const LONGEST_WAIT_MS: i64 = 3_600_000;

fn client(state: &AppState) -> Result<Client, FinanceError> {
    let config = state.config.payos().ok_or(FinanceError::PayosNotConfigured)?;
    Client::new(config).map_err(FinanceError::Internal)
}

/// An administrator sends a pending request through payOS. Answers the request as it stands after payOS's
/// answer (still pending while the transfer is under way, or already paid or failed).
pub async fn send(state: &AppState, admin_id: &str, id: &str) -> Result<RequestRow, FinanceError> {
    let client = client(state)?;
    let now = now_ms();
    let mut tx = begin_write(&state.pool).await?;
    let row = repo::request(&mut tx, id).await?.ok_or(FinanceError::RequestNotFound)?;
    if !repo::lock_pending_request(&mut tx, id, now).await? {
        return Err(FinanceError::AlreadyDecided { status: row.status });
    }
    let transfer = match repo::transfer(&mut tx, id).await? {
        Some(transfer) => transfer,
        None => {
            repo::insert_transfer(&mut tx, id, &format!("payout-{id}"), admin_id, now).await?;
            repo::transfer(&mut tx, id).await?.ok_or(FinanceError::RequestNotFound)?
        }
    };
    tx.commit().await?;
    if let Some(payos_id) = &transfer.payos_id {
        // Sent before: what it became.
        let payout = client.get(payos_id).await.map_err(unknown)?;
        return settle(state, &transfer.sent_by, id, &payout, true).await;
    }
    let payout = NewPayout {
        reference_id: id.to_owned(),
        amount: row.net,
        description: request_code(id),
        to_bin: row.bank_bin.clone(),
        to_account_number: row.account_number.clone(),
    };
    match client.create(&payout, &transfer.idempotency_key).await {
        Ok(payout) => settle(state, &transfer.sent_by, id, &payout, false).await,
        Err(PayosError::Refused { code, desc }) => {
            tracing::warn!(request = %id, code = %code, desc = %desc, "payOS refused a payout");
            repo::forget_transfer(&state.pool, id).await?;
            Err(FinanceError::PayosRefused { desc })
        }
        Err(PayosError::Unknown(e)) => Err(FinanceError::PayosUnavailable(e)),
    }
}

fn unknown(error: PayosError) -> FinanceError {
    match error {
        PayosError::Refused { code, desc } => {
            FinanceError::PayosUnavailable(anyhow::anyhow!("payOS refused to show a payout: {code} {desc}"))
        }
        PayosError::Unknown(e) => FinanceError::PayosUnavailable(e),
    }
}

/// Records payOS's word on a transfer and, when final, decides the request by it; otherwise asks for a later look.
async fn settle(
    state: &AppState,
    sender_id: &str,
    id: &str,
    payout: &Payout,
    checked: bool,
) -> Result<RequestRow, FinanceError> {
    let now = now_ms();
    repo::record_transfer(&state.pool, id, &payout.id, &payout.state(), checked, now).await?;
    let verdict = match payout.outcome() {
        Outcome::Pending => {
            let mut conn = state.pool.acquire().await?;
            let checks = repo::transfer(&mut conn, id).await?.map_or(0, |t| t.checks);
            drop(conn);
            let wait = FIRST_CHECK_MS.saturating_mul(1_i64 << checks.clamp(0, 20)).min(LONGEST_WAIT_MS);
            let job = NewJob::new(CHECK_JOB, json!({ "requestId": id }))
                .at(now + wait)
                .once(format!("payos-check:{id}:{checks}"));
            state.jobs.enqueue(job).await?;
            let mut conn = state.pool.acquire().await?;
            return repo::request(&mut conn, id).await?.ok_or(FinanceError::RequestNotFound);
        }
        Outcome::Succeeded { reference, at } => Verdict::Paid {
            bank_reference: reference.filter(|r| !r.trim().is_empty()).unwrap_or_else(|| payout.id.clone()),
            paid_on: paid_on(at.as_deref(), now),
        },
        Outcome::Failed { reason } => Verdict::Undelivered { note: format!("payOS: {reason}") },
    };
    match requests::settle(state, sender_id, id, &verdict).await {
        // Decided by the other look at the same transfer meanwhile.
        Err(FinanceError::AlreadyDecided { .. }) => {
            let mut conn = state.pool.acquire().await?;
            repo::request(&mut conn, id).await?.ok_or(FinanceError::RequestNotFound)
        }
        decided => decided,
    }
}

/// The day the money was sent (`YYYY-MM-DD`, the academy's time zone): payOS's time of the transaction, or now.
fn paid_on(at: Option<&str>, now: i64) -> String {
    let instant = at
        .and_then(|text| {
            chrono::DateTime::parse_from_rfc3339(text).map(|d| d.timestamp_millis()).ok().or_else(|| {
                chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S")
                    .ok()
                    .and_then(|d| ACADEMY_TZ.from_local_datetime(&d).earliest())
                    .map(|d| d.timestamp_millis())
            })
        })
        .unwrap_or(now);
    ACADEMY_TZ.timestamp_millis_opt(instant).single().map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default()
}

/// Looks at a sent transfer's state and decides its request once it is final (what the job runs).
pub async fn check(state: &AppState, id: &str) -> Result<Option<RequestRow>, FinanceError> {
    let mut conn = state.pool.acquire().await?;
    let Some(transfer) = repo::transfer(&mut conn, id).await? else { return Ok(None) };
    drop(conn);
    let Some(payos_id) = transfer.payos_id.as_deref().filter(|_| transfer.settled_at.is_none()) else {
        return Ok(None);
    };
    let payout = client(state)?.get(payos_id).await.map_err(unknown)?;
    settle(state, &transfer.sent_by, id, &payout, true).await.map(Some)
}

/// Runs [`CHECK_JOB`].
#[derive(Debug, Clone, Copy)]
pub struct TransferChecks;

#[async_trait::async_trait]
impl JobHandler<AppState> for TransferChecks {
    fn kind(&self) -> &'static str {
        CHECK_JOB
    }

    async fn run(&self, state: &AppState, job: &Job) -> anyhow::Result<()> {
        let id = job.payload["requestId"].as_str().unwrap_or_default();
        check(state, id).await.map_err(|e| anyhow::anyhow!("looking at the payOS transfer of {id}: {e}"))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_paid_is_in_vietnam_time() {
        assert_eq!(paid_on(Some("2026-11-27T18:30:00Z"), 0), "2026-11-28");
        assert_eq!(paid_on(Some("2026-11-27 23:10:00"), 0), "2026-11-27");
        assert_eq!(paid_on(None, 1_795_489_200_000), "2026-11-24");
    }
}
