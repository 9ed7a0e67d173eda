//! A teacher's money, read from the ledger (nothing here is stored): per currency, what is maturing (earned
//! within the holding period, the refund window), available, reserved by payout requests, paid out, earned in
//! all, and the tax withheld this year. A refund after a payout can leave the balance below zero: it is shown as
//! owed and taken from the next earnings, never hidden.

use std::collections::BTreeMap;

use academy_shared::{money::Currency, payouts::PayoutRules};
use chrono::{Datelike as _, TimeZone as _};
use sqlx::AnyConnection;

use super::repo;
use crate::commerce::ledger::{Account, EventKind};

/// The academy's time zone: a tax year runs from 1 January there.
pub const ACADEMY_TZ: chrono_tz::Tz = chrono_tz::Asia::Ho_Chi_Minh;

/// A teacher's figures in one currency.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub currency: Currency,
    /// Earned within the holding period: not available yet.
    pub maturing: i64,
    /// What may be asked for now; below zero when a refund came after the money was paid out (owed).
    pub available: i64,
    /// Asked for and not yet paid.
    pub reserved: i64,
    /// Sent to the teacher (before tax and fees were taken from it), less payouts that came back.
    pub paid_out: i64,
    /// Every sale's share less refunds, ever.
    pub lifetime: i64,
    /// Tax withheld from this year's payouts.
    pub tax_withheld_this_year: i64,
}

/// 1 January of the academy's year containing `now_ms` (epoch milliseconds), and that year.
pub fn year_start_ms(now_ms: i64) -> (i64, i32) {
    let year = ACADEMY_TZ.timestamp_millis_opt(now_ms).single().map_or(1970, |now| now.year());
    let start = ACADEMY_TZ.with_ymd_and_hms(year, 1, 1, 0, 0, 0).single().map_or(0, |d| d.timestamp_millis());
    (start, year)
}

/// The teacher's figures per currency as at `now`, read in `conn` (a transaction when the caller is about to
/// reserve: the teacher's account is locked first).
pub async fn figures(
    conn: &mut AnyConnection,
    teacher_id: &str,
    rules: &PayoutRules,
    now: i64,
) -> Result<Vec<Figures>, sqlx::Error> {
    let earnings = Account::TeacherEarnings(teacher_id.to_owned()).code();
    let reserved = Account::PayoutReserved(teacher_id.to_owned()).code();
    let tax = Account::TaxWithheld(teacher_id.to_owned()).code();
    let mut by_currency: BTreeMap<Currency, Figures> = BTreeMap::new();
    let mut balance: BTreeMap<Currency, i64> = BTreeMap::new();
    for (kind, currency, sum) in repo::sums_by_kind(conn, &earnings).await? {
        *balance.entry(currency).or_default() += sum;
        let figures = entry(&mut by_currency, currency);
        match kind {
            EventKind::Sale | EventKind::Refund => figures.lifetime += sum,
            // A payout that came back was counted as paid out.
            EventKind::PayoutFailed => figures.paid_out -= sum,
            _ => {}
        }
    }
    for (kind, currency, sum) in repo::sums_by_kind(conn, &reserved).await? {
        let figures = entry(&mut by_currency, currency);
        figures.reserved += sum;
        if kind == EventKind::PayoutPaid {
            figures.paid_out -= sum;
        }
    }
    for (currency, sum) in repo::maturing(conn, &earnings, now - rules.holding_days * 86_400_000).await? {
        entry(&mut by_currency, currency).maturing = sum.max(0);
    }
    let (year_start, _) = year_start_ms(now);
    let this_year = repo::Range { account: &tax, currency: None, kinds: &[], from_ms: year_start, to_ms: i64::MAX };
    let (withheld, _) = repo::range_sums(conn, &this_year).await?;
    if withheld != 0 {
        entry(&mut by_currency, Currency::Vnd).tax_withheld_this_year = withheld;
    }
    for (currency, figures) in &mut by_currency {
        figures.available = balance.get(currency).copied().unwrap_or(0) - figures.maturing;
    }
    if by_currency.is_empty() {
        entry(&mut by_currency, Currency::Vnd);
    }
    Ok(by_currency.into_values().collect())
}

fn entry(by_currency: &mut BTreeMap<Currency, Figures>, currency: Currency) -> &mut Figures {
    by_currency.entry(currency).or_insert_with(|| Figures { currency, ..Figures::default() })
}

/// The figures in VND (the currency payouts are made in).
pub fn vnd(figures: &[Figures]) -> Figures {
    figures
        .iter()
        .find(|f| f.currency == Currency::Vnd)
        .cloned()
        .unwrap_or(Figures { currency: Currency::Vnd, ..Figures::default() })
}
