//! Payout requests: a teacher asks for an amount of their available earnings, to one of their ready accounts,
//! through a method; the amount is reserved in the ledger at once, so however many requests race, no more than
//! is available is ever reserved. An administrator then pays it (with the bank's reference), rejects it (the
//! reservation is released) or, once paid, marks it failed when the transfer came back (the money is the
//! teacher's again). Each decision is made once: two administrators deciding at once, one wins.

use academy_shared::{
    display::NotificationType,
    money::{Currency, format_price},
    payouts::{Withholding, quote_payout},
};

use super::{
    balance::{self, year_start_ms},
    error::FinanceError,
    repo::{self, Decision, NewRequest, PayoutMethod, RequestEventKind, RequestRow, RequestStatus},
    settings::{self, BANK_MANUAL, PAYOS},
};
use crate::{
    commerce::ledger::{self, Account, EventKind, MoneyEvent},
    notifications::service::{self, Notice},
    platform::{
        db::{begin_write, new_id, now_ms},
        text::Text,
    },
    state::AppState,
};

/// The longest idempotency key kept.
pub const KEY_MAX_CHARS: usize = 100;
/// The longest bank reference and note kept.
pub const REFERENCE_MAX_CHARS: usize = 100;
pub const NOTE_MAX_CHARS: usize = 1_000;

/// What a teacher asks for.
#[derive(Debug, Clone)]
pub struct Ask<'a> {
    pub amount: i64,
    pub account_id: &'a str,
    pub method: &'a str,
    pub key: &'a str,
}

/// A request made now, or found made before under the same key.
#[derive(Debug, Clone)]
pub enum Asked {
    Created(RequestRow),
    Existing(RequestRow),
}

/// A request's short code, as transfers and batch files name it: `RT` and the last 8 letters and digits of its id.
pub fn request_code(id: &str) -> String {
    let chars: Vec<char> = id.chars().filter(char::is_ascii_alphanumeric).collect();
    let tail: String = chars[chars.len().saturating_sub(8)..].iter().collect();
    format!("RT{}", tail.to_ascii_uppercase())
}

fn invalid(field: &'static str, vi: &'static str, en: &'static str) -> FinanceError {
    FinanceError::Invalid { field, message: Text::new(vi, en) }
}

/// The teacher asks for a payout. Refused beyond what is available, below the method's minimum, to an account
/// that is not theirs or not ready yet; the same key answers the request it made before.
pub async fn ask(state: &AppState, teacher_id: &str, ask: &Ask<'_>) -> Result<Asked, FinanceError> {
    let key = ask.key.trim();
    if key.is_empty() || key.chars().count() > KEY_MAX_CHARS {
        return Err(invalid(
            "idempotencyKey",
            "Cần khóa chống trùng lặp (Idempotency-Key) dài 1–100 ký tự.",
            "An Idempotency-Key of 1–100 characters is required.",
        ));
    }
    let settings = settings::read(&state.pool).await?;
    let terms = settings
        .method(ask.method, state.config.payos().is_some())
        .ok_or_else(|| invalid("method", "Phương thức rút tiền không có.", "No such payout method."))?
        .clone();
    let method = PayoutMethod::parse(ask.method)
        .ok_or_else(|| invalid("method", "Phương thức rút tiền không có.", "No such payout method."))?;
    let now = now_ms();
    let mut tx = begin_write(&state.pool).await?;
    // One request of a teacher at a time: their earnings account's row is the lock (SQLite's writer lock already is).
    repo::lock_ledger_account(&mut tx, &Account::TeacherEarnings(teacher_id.to_owned()).code()).await?;
    if let Some(existing) = repo::request_by_key(&mut tx, teacher_id, key).await? {
        if existing.amount != ask.amount || existing.account_id != ask.account_id || existing.method != method {
            return Err(FinanceError::KeyReused);
        }
        return Ok(Asked::Existing(existing));
    }
    let account = repo::account(&mut tx, ask.account_id)
        .await?
        .filter(|a| a.user_id == teacher_id)
        .ok_or(FinanceError::AccountNotFound)?;
    if account.ready_at > now {
        return Err(FinanceError::AccountNotReady { ready_at: account.ready_at });
    }
    let figures = balance::vnd(&balance::figures(&mut tx, teacher_id, &settings.rules, now).await?);
    let (_, year) = year_start_ms(now);
    let withholding = Withholding {
        enabled: settings.rules.withhold_tax,
        committed: repo::committed(&mut tx, teacher_id, i64::from(year)).await?,
    };
    let minimum = terms.minimum.max(settings.rules.minimum_payout);
    let quote =
        quote_payout(ask.amount, figures.available, minimum, terms.fee, withholding).map_err(FinanceError::Refused)?;
    let id = new_id();
    let new = NewRequest {
        id: &id,
        teacher_id,
        account: &account,
        method,
        amount: quote.amount,
        fee: quote.fee,
        tax: quote.tax,
        net: quote.net,
        currency: Currency::Vnd,
        key,
    };
    repo::insert_request(&mut tx, &new, now).await?;
    repo::insert_event(&mut tx, &id, RequestEventKind::Requested, Some(teacher_id), "", now).await?;
    let event = MoneyEvent {
        key: format!("payout:{id}:requested"),
        kind: EventKind::PayoutRequested,
        order_id: None,
        currency: Currency::Vnd,
        entries: vec![
            (Account::TeacherEarnings(teacher_id.to_owned()), -quote.amount),
            (Account::PayoutReserved(teacher_id.to_owned()), quote.amount),
        ],
        memo: id.clone(),
    };
    ledger::post(&mut tx, &event, now).await?;
    let row = repo::request(&mut tx, &id).await?.ok_or(FinanceError::RequestNotFound)?;
    tx.commit().await?;
    tell_admins(state, &row).await;
    Ok(Asked::Created(row))
}

/// How an administrator decides a request.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// Paid by the administrator, with the bank's reference and the day it was sent (`YYYY-MM-DD`).
    Paid { bank_reference: String, paid_on: String },
    /// Refused with a reason (`invalid_account`, `invalid_request`, `other`) and a note the teacher reads.
    Rejected { reason: String, note: String },
    /// A paid transfer came back.
    Failed { note: String },
    /// A transfer sent through a payout provider did not reach the account: the reservation is released.
    Undelivered { note: String },
}

/// The reasons a request can be rejected for.
pub const REJECT_REASONS: [&str; 3] = ["invalid_account", "invalid_request", "other"];

fn check_verdict(verdict: &Verdict) -> Result<(), FinanceError> {
    match verdict {
        Verdict::Paid { bank_reference, paid_on } => {
            let reference = bank_reference.trim();
            if reference.is_empty() || reference.chars().count() > REFERENCE_MAX_CHARS {
                return Err(invalid(
                    "bankReference",
                    "Hãy nhập mã giao dịch của ngân hàng (tối đa 100 ký tự).",
                    "Enter the bank's transaction reference (at most 100 characters).",
                ));
            }
            if chrono::NaiveDate::parse_from_str(paid_on.trim(), "%Y-%m-%d").is_err() {
                return Err(invalid("paidOn", "Ngày chuyển tiền không hợp lệ.", "The transfer date is not valid."));
            }
        }
        Verdict::Rejected { reason, note } => {
            if !REJECT_REASONS.contains(&reason.as_str()) {
                return Err(invalid(
                    "reason",
                    "Lý do phải là: tài khoản không hợp lệ, yêu cầu không hợp lệ hoặc khác.",
                    "The reason must be invalid_account, invalid_request or other.",
                ));
            }
            if (reason == "other" && note.trim().is_empty()) || note.chars().count() > NOTE_MAX_CHARS {
                return Err(invalid(
                    "note",
                    "Hãy ghi rõ lý do cho giảng viên (tối đa 1000 ký tự).",
                    "Tell the teacher why (at most 1000 characters).",
                ));
            }
        }
        Verdict::Failed { note } | Verdict::Undelivered { note } => {
            if note.trim().is_empty() || note.chars().count() > NOTE_MAX_CHARS {
                return Err(invalid(
                    "note",
                    "Hãy ghi lý do chuyển tiền không thành công (tối đa 1000 ký tự).",
                    "Say why the transfer failed (at most 1000 characters).",
                ));
            }
        }
    }
    Ok(())
}

/// An administrator decides a request: once; a second decision finds it decided. A request whose payOS transfer
/// is under way is decided by the transfer's final state, not by hand.
pub async fn decide(state: &AppState, admin_id: &str, id: &str, verdict: &Verdict) -> Result<RequestRow, FinanceError> {
    if matches!(verdict, Verdict::Undelivered { .. }) {
        return Err(invalid("status", "Không thể ghi nhận như vậy.", "This decision cannot be made by hand."));
    }
    decide_as(state, admin_id, id, verdict, false).await
}

/// A payOS transfer's final state decides its request (for the administrator who sent it).
pub(super) async fn settle(
    state: &AppState,
    sender_id: &str,
    id: &str,
    verdict: &Verdict,
) -> Result<RequestRow, FinanceError> {
    decide_as(state, sender_id, id, verdict, true).await
}

async fn decide_as(
    state: &AppState,
    admin_id: &str,
    id: &str,
    verdict: &Verdict,
    by_transfer: bool,
) -> Result<RequestRow, FinanceError> {
    check_verdict(verdict)?;
    let now = now_ms();
    let mut tx = begin_write(&state.pool).await?;
    let row = repo::request(&mut tx, id).await?.ok_or(FinanceError::RequestNotFound)?;
    let transfer = repo::transfer(&mut tx, id).await?;
    let teacher = row.teacher_id.clone();
    let reserved = Account::PayoutReserved(teacher.clone());
    let earnings = Account::TeacherEarnings(teacher.clone());
    // The money left through payOS when its transfer succeeded; otherwise by the academy's own bank transfer.
    let through_payos = by_transfer || transfer.as_ref().is_some_and(|t| t.state == "SUCCEEDED");
    let clearing = Account::PayoutClearing(if through_payos { PAYOS } else { BANK_MANUAL });
    let tax = Account::TaxWithheld(teacher.clone());
    let (from, to, kind, entries, decision_note) = match verdict {
        Verdict::Paid { .. } => (
            RequestStatus::Pending,
            RequestStatus::Paid,
            EventKind::PayoutPaid,
            vec![(reserved, -row.amount), (clearing, row.net), (tax, row.tax), (Account::PayoutFees, row.fee)],
            String::new(),
        ),
        Verdict::Rejected { note, .. } => (
            RequestStatus::Pending,
            RequestStatus::Rejected,
            EventKind::PayoutReleased,
            vec![(reserved, -row.amount), (earnings, row.amount)],
            note.trim().to_owned(),
        ),
        Verdict::Failed { note } => (
            RequestStatus::Paid,
            RequestStatus::Failed,
            EventKind::PayoutFailed,
            vec![(clearing, -row.net), (tax, -row.tax), (Account::PayoutFees, -row.fee), (earnings, row.amount)],
            note.trim().to_owned(),
        ),
        Verdict::Undelivered { note } => (
            RequestStatus::Pending,
            RequestStatus::Failed,
            EventKind::PayoutReleased,
            vec![(reserved, -row.amount), (earnings, row.amount)],
            note.trim().to_owned(),
        ),
    };
    let (reason, reference, paid_on) = match verdict {
        Verdict::Paid { bank_reference, paid_on } => (None, Some(bank_reference.trim()), Some(paid_on.trim())),
        Verdict::Rejected { reason, .. } => (Some(reason.as_str()), None, None),
        Verdict::Failed { .. } | Verdict::Undelivered { .. } => (None, None, None),
    };
    let decision =
        Decision { id, from, to, actor_id: admin_id, reason, note: &decision_note, bank_reference: reference, paid_on };
    if !repo::decide(&mut tx, &decision, now).await? {
        return Err(FinanceError::AlreadyDecided { status: row.status });
    }
    // Read after the request's row is held: a transfer sent meanwhile is seen.
    match repo::transfer(&mut tx, id).await? {
        Some(t) if t.settled_at.is_none() && !by_transfer => return Err(FinanceError::TransferUnderWay),
        Some(_) if by_transfer => repo::settle_transfer(&mut tx, id, now).await?,
        _ => {}
    }
    repo::insert_event(&mut tx, id, to.into(), Some(admin_id), &decision_note, now).await?;
    let event = MoneyEvent {
        key: format!("payout:{id}:{to}"),
        kind,
        order_id: None,
        currency: row.currency,
        entries,
        memo: id.to_owned(),
    };
    ledger::post(&mut tx, &event, now).await?;
    let decided = repo::request(&mut tx, id).await?.ok_or(FinanceError::RequestNotFound)?;
    tx.commit().await?;
    tell_teacher(state, &decided).await;
    Ok(decided)
}

/// A request as its teacher or an administrator reads it; anyone else is told it does not exist.
pub async fn read(state: &AppState, reader_id: &str, admin: bool, id: &str) -> Result<RequestRow, FinanceError> {
    let mut conn = state.pool.acquire().await?;
    let row = repo::request(&mut conn, id).await?.ok_or(FinanceError::RequestNotFound)?;
    if row.teacher_id != reader_id && !admin {
        return Err(FinanceError::RequestNotFound);
    }
    Ok(row)
}

fn display_name(row: &RequestRow) -> String {
    academy_shared::names::full_name(
        row.teacher_first_name.as_deref(),
        row.teacher_last_name.as_deref(),
        &row.teacher_username,
    )
}

/// Every administrator is told a teacher asked for a payout (WithdrawalRequest).
async fn tell_admins(state: &AppState, row: &RequestRow) {
    let admins = match crate::identity::admin::active_admin_ids(state).await {
        Ok(ids) => ids,
        Err(e) => return tracing::error!(error = %e, "listing administrators to tell of a payout request failed"),
    };
    let name = display_name(row);
    for admin in admins {
        let notice = Notice {
            user_id: admin,
            kind: NotificationType::WithdrawalRequest,
            title: Text::new("Yêu cầu rút tiền mới", "New payout request"),
            message: Text::localized(|lang| match lang {
                academy_shared::Lang::Vi => {
                    format!("{name} yêu cầu rút {}.", format_price(row.amount, Currency::Vnd, lang))
                }
                academy_shared::Lang::En => {
                    format!("{name} asked for a payout of {}.", format_price(row.amount, Currency::Vnd, lang))
                }
            }),
            image: None,
            link: Some("/dashboard/payment-request".to_owned()),
            mail: false,
        };
        let key = format!("payout:{}:requested:{}", row.id, notice.user_id);
        if let Err(e) = service::notify_once(state, notice, &key).await {
            tracing::error!(error = %e, request = %row.id, "telling of a payout request failed");
        }
    }
}

/// The teacher is told of the decision (PaymentRequest, in the app and by mail).
async fn tell_teacher(state: &AppState, row: &RequestRow) {
    let amount = |lang| format_price(row.amount, Currency::Vnd, lang);
    let net = |lang| format_price(row.net, Currency::Vnd, lang);
    let (title, message) = match row.status {
        RequestStatus::Paid => (
            Text::new("Đã chuyển tiền rút", "Payout sent"),
            Text::localized(|lang| match lang {
                academy_shared::Lang::Vi => format!(
                    "Yêu cầu rút {} đã được chuyển: {} về tài khoản của bạn (mã giao dịch {}).",
                    amount(lang),
                    net(lang),
                    row.bank_reference.as_deref().unwrap_or("")
                ),
                academy_shared::Lang::En => format!(
                    "Your payout of {} was sent: {} to your account (reference {}).",
                    amount(lang),
                    net(lang),
                    row.bank_reference.as_deref().unwrap_or("")
                ),
            }),
        ),
        RequestStatus::Rejected => (
            Text::new("Yêu cầu rút tiền bị từ chối", "Payout request rejected"),
            Text::localized(|lang| match lang {
                academy_shared::Lang::Vi => format!(
                    "Yêu cầu rút {} bị từ chối: {}. Số tiền đã trở lại số dư của bạn.",
                    amount(lang),
                    reason_text(row, lang)
                ),
                academy_shared::Lang::En => format!(
                    "Your payout request of {} was rejected: {}. The amount is back in your balance.",
                    amount(lang),
                    reason_text(row, lang)
                ),
            }),
        ),
        RequestStatus::Failed => (
            Text::new("Chuyển tiền không thành công", "Payout failed"),
            Text::localized(|lang| match lang {
                academy_shared::Lang::Vi => format!(
                    "Khoản rút {} không chuyển được ({}). Số tiền đã trở lại số dư của bạn.",
                    amount(lang),
                    row.note
                ),
                academy_shared::Lang::En => format!(
                    "Your payout of {} could not be delivered ({}). The amount is back in your balance.",
                    amount(lang),
                    row.note
                ),
            }),
        ),
        RequestStatus::Pending => return,
    };
    let notice = Notice {
        user_id: row.teacher_id.clone(),
        kind: NotificationType::PaymentRequest,
        title,
        message,
        image: None,
        link: Some("/dashboard/payment".to_owned()),
        mail: true,
    };
    let key = format!("payout:{}:{}", row.id, row.status);
    if let Err(e) = service::notify_once(state, notice, &key).await {
        tracing::error!(error = %e, request = %row.id, "telling of a payout decision failed");
    }
}

/// A rejection's reason as the teacher reads it, with the administrator's note.
pub fn reason_text(row: &RequestRow, lang: academy_shared::Lang) -> String {
    let reason = match (row.reason.as_deref(), lang) {
        (Some("invalid_account"), academy_shared::Lang::Vi) => "tài khoản nhận tiền không hợp lệ",
        (Some("invalid_account"), academy_shared::Lang::En) => "the payout account is not valid",
        (Some("invalid_request"), academy_shared::Lang::Vi) => "yêu cầu không hợp lệ",
        (Some("invalid_request"), academy_shared::Lang::En) => "the request is not valid",
        (_, academy_shared::Lang::Vi) => "lý do khác",
        (_, academy_shared::Lang::En) => "another reason",
    };
    if row.note.trim().is_empty() { reason.to_owned() } else { format!("{reason} — {}", row.note.trim()) }
}
