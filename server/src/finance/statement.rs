//! A teacher's statement: their earnings account's entries as people read a bank statement — date, kind (sale,
//! refund, payout, fee, tax, adjustment), the course or plan, gross, commission, net and the balance after — by
//! a range of days in the teacher's time zone (end day inclusive), kind and course; and the administrators'
//! table of every teacher's balance.

use std::collections::BTreeMap;

use academy_shared::Lang;
use chrono::{NaiveDate, TimeZone as _};
use sqlx::AnyConnection;

use super::{
    error::FinanceError,
    repo::{self, OrderLine, StatementFilter, StatementRow, TeacherBalanceRow},
};
use crate::{
    commerce::ledger::{Account, EventKind},
    platform::text::Text,
    state::AppState,
};

/// A statement line's kind as people read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Sale,
    Refund,
    /// Asked for and taken from the balance (given back when rejected or failed: an adjustment).
    Payout,
    Adjustment,
}

impl LineKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sale => "sale",
            Self::Refund => "refund",
            Self::Payout => "payout",
            Self::Adjustment => "adjustment",
        }
    }

    pub fn parse(name: &str) -> Option<LineKind> {
        [Self::Sale, Self::Refund, Self::Payout, Self::Adjustment].into_iter().find(|k| k.as_str() == name)
    }

    fn of(transaction_kind: EventKind) -> LineKind {
        match transaction_kind {
            EventKind::Sale => Self::Sale,
            EventKind::Refund => Self::Refund,
            EventKind::PayoutRequested => Self::Payout,
            EventKind::PaymentReceived
            | EventKind::PayoutPaid
            | EventKind::PayoutReleased
            | EventKind::PayoutFailed => Self::Adjustment,
        }
    }

    /// The ledger transaction kinds a line kind is made of.
    fn transaction_kinds(self) -> &'static [&'static str] {
        match self {
            Self::Sale => &["sale"],
            Self::Refund => &["refund"],
            Self::Payout => &["payout_requested"],
            Self::Adjustment => &["payout_released", "payout_failed"],
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::Sale, Lang::Vi) => "Bán hàng",
            (Self::Sale, Lang::En) => "Sale",
            (Self::Refund, Lang::Vi) => "Hoàn tiền",
            (Self::Refund, Lang::En) => "Refund",
            (Self::Payout, Lang::Vi) => "Rút tiền",
            (Self::Payout, Lang::En) => "Payout",
            (Self::Adjustment, Lang::Vi) => "Điều chỉnh",
            (Self::Adjustment, Lang::En) => "Adjustment",
        }
    }
}

/// One line of a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub id: String,
    pub at_ms: i64,
    pub kind: LineKind,
    pub currency: String,
    /// The order (sale, refund) or payout request (payout, adjustment) it belongs to.
    pub order_id: Option<String>,
    pub order_code: Option<String>,
    pub payout_request_id: Option<String>,
    /// The courses or plans of the teacher's in the order: (id, title vi, title en).
    pub items: Vec<(String, String, String)>,
    /// What the buyer paid for the teacher's lines (sales and refunds; negative for refunds).
    pub gross: Option<i64>,
    /// The platform's commission on them (negative for refunds).
    pub commission: Option<i64>,
    /// What moved on the teacher's balance.
    pub net: i64,
    pub balance_after: i64,
    /// A sale (or its refund) of a course bought through the teacher's referral link.
    pub referred: bool,
}

/// A page of a statement.
#[derive(Debug, Clone)]
pub struct Page {
    pub lines: Vec<Line>,
    pub total: i64,
}

/// A statement's filter as asked: days `YYYY-MM-DD` in `zone` (both inclusive), a kind, a course.
#[derive(Debug, Clone, Default)]
pub struct Query {
    pub from: Option<String>,
    pub to: Option<String>,
    pub kind: Option<String>,
    pub course_id: Option<String>,
    pub zone: Option<String>,
}

fn invalid(field: &'static str, vi: &'static str, en: &'static str) -> FinanceError {
    FinanceError::Invalid { field, message: Text::new(vi, en) }
}

/// The instants of a range of days in a zone: from the start of `from` to the start of the day after `to`.
pub fn day_range(from: Option<&str>, to: Option<&str>, zone: Option<&str>) -> Result<(i64, i64), FinanceError> {
    let tz: chrono_tz::Tz = match zone.map(str::trim).filter(|z| !z.is_empty()) {
        Some(name) => name.parse().map_err(|_| invalid("zone", "Múi giờ không hợp lệ.", "Unknown time zone."))?,
        None => super::balance::ACADEMY_TZ,
    };
    let day = |text: Option<&str>, field: &'static str| -> Result<Option<NaiveDate>, FinanceError> {
        match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(t) => NaiveDate::parse_from_str(t, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| invalid(field, "Ngày phải có dạng YYYY-MM-DD.", "A date is written YYYY-MM-DD.")),
        }
    };
    let start_of = |date: NaiveDate| -> i64 {
        let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
        tz.from_local_datetime(&midnight).earliest().map_or(0, |d| d.timestamp_millis())
    };
    let from_ms = day(from, "from")?.map_or(0, start_of);
    let to_ms = match day(to, "to")? {
        Some(date) => date.succ_opt().map_or(i64::MAX, start_of),
        None => i64::MAX,
    };
    if from_ms >= to_ms {
        return Err(invalid(
            "to",
            "Ngày kết thúc phải sau ngày bắt đầu.",
            "The end day must not be before the start day.",
        ));
    }
    Ok((from_ms, to_ms))
}

/// A page of the teacher's statement, newest first.
pub async fn page(
    state: &AppState,
    teacher_id: &str,
    query: &Query,
    limit: i64,
    offset: i64,
) -> Result<Page, FinanceError> {
    let (from_ms, to_ms) = day_range(query.from.as_deref(), query.to.as_deref(), query.zone.as_deref())?;
    let kinds: &[&str] = match query.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => &[],
        Some(name) => LineKind::parse(name)
            .ok_or_else(|| {
                invalid(
                    "kind",
                    "Loại phải là sale, refund, payout hoặc adjustment.",
                    "The kind must be sale, refund, payout or adjustment.",
                )
            })?
            .transaction_kinds(),
    };
    let account = Account::TeacherEarnings(teacher_id.to_owned()).code();
    let filter = StatementFilter {
        account: &account,
        from_ms,
        to_ms,
        kinds,
        course_id: query.course_id.as_deref().map(str::trim).filter(|c| !c.is_empty()),
    };
    let mut conn = state.pool.acquire().await?;
    let (rows, total) = repo::statement(&mut conn, &filter, limit, offset).await?;
    let lines = lines(&mut conn, teacher_id, &account, rows).await?;
    Ok(Page { lines, total })
}

/// The statement's lines of `rows` (newest first), with what they concern and the balance after each.
async fn lines(
    conn: &mut AnyConnection,
    teacher_id: &str,
    account: &str,
    rows: Vec<StatementRow>,
) -> Result<Vec<Line>, FinanceError> {
    let order_ids: Vec<String> = {
        let mut ids: Vec<String> = rows.iter().filter_map(|r| r.order_id.clone()).collect();
        ids.sort();
        ids.dedup();
        ids
    };
    let mut by_order: BTreeMap<String, Vec<OrderLine>> = BTreeMap::new();
    for line in repo::order_lines(&mut *conn, &order_ids, teacher_id).await? {
        by_order.entry(line.order_id.clone()).or_default().push(line);
    }
    // The balance after each line: the newest line's from the ledger, the older ones by taking each line back.
    let mut after_by_currency: BTreeMap<String, i64> = BTreeMap::new();
    let mut lines = Vec::with_capacity(rows.len());
    for row in rows {
        let after = match after_by_currency.get(&row.currency) {
            Some(after) => *after,
            None => repo::balance_after(&mut *conn, account, &row.currency, row.created_at, &row.entry_id).await?,
        };
        after_by_currency.insert(row.currency.clone(), after - row.amount);
        let kind = LineKind::of(row.kind);
        let order_lines = row.order_id.as_ref().and_then(|id| by_order.get(id));
        let (gross, commission) = match (kind, order_lines) {
            (LineKind::Sale | LineKind::Refund, Some(items)) => {
                let sign = if kind == LineKind::Refund { -1 } else { 1 };
                // A refund's entry is the teacher's share of the refunded lines: scale the order's figures to it.
                let share: i64 = items.iter().map(|i| i.teacher_share).sum();
                let paid: i64 = items.iter().map(|i| i.paid).sum();
                let platform: i64 = items.iter().map(|i| i.platform_share).sum();
                if kind == LineKind::Sale || share == 0 || row.amount.abs() == share {
                    (Some(sign * paid), Some(sign * platform))
                } else {
                    let part = |v: i64| -> i64 {
                        i64::try_from(i128::from(v) * i128::from(row.amount.abs()) / i128::from(share)).unwrap_or(0)
                    };
                    (Some(sign * part(paid)), Some(sign * part(platform)))
                }
            }
            _ => (None, None),
        };
        let payout_request_id = matches!(kind, LineKind::Payout | LineKind::Adjustment).then(|| row.memo.clone());
        lines.push(Line {
            id: row.entry_id,
            at_ms: row.created_at,
            kind,
            currency: row.currency,
            order_code: order_lines.and_then(|items| items.first()).map(|i| i.code.clone()),
            items: order_lines
                .map(|items| {
                    items.iter().map(|i| (i.course_id.clone(), i.title_vi.clone(), i.title_en.clone())).collect()
                })
                .unwrap_or_default(),
            order_id: row.order_id,
            payout_request_id,
            gross,
            commission,
            net: row.amount,
            balance_after: after,
            referred: order_lines
                .is_some_and(|items| items.iter().any(|i| i.referrer_id.as_deref() == Some(teacher_id))),
        });
    }
    Ok(lines)
}

/// Every teacher's balances (administrators), with the academy's totals.
#[derive(Debug, Clone)]
pub struct Balances {
    pub teachers: Vec<TeacherBalanceRow>,
    /// What the academy owes teachers: their balances and what they asked for.
    pub owed_to_teachers: i64,
    /// The platform's commission on courses and mentorship, and payout fees.
    pub platform_revenue: i64,
    pub tax_withheld: i64,
}

pub async fn balances(state: &AppState) -> Result<Balances, FinanceError> {
    let teachers = repo::teacher_balances(&state.pool, "VND").await?;
    // Every account with an owner is a teacher's row: the academy's totals are the rows' sums.
    let owed_to_teachers = teachers.iter().map(|t| t.balance + t.reserved).sum();
    let tax_withheld = teachers.iter().map(|t| t.tax_withheld).sum();
    let platform_revenue = repo::kind_total(&state.pool, &["platform_revenue"], "VND").await?;
    Ok(Balances { teachers, owed_to_teachers, platform_revenue, tax_withheld })
}
