//! The ledger: every money event as a set of entries that sum to zero in its currency, posted in the transaction
//! of the change it records, once per idempotency key, never changed afterwards.
//!
//! Amounts are seen from the account holder: positive credits the account, negative debits it. A payment
//! received debits the clearing account of its method and credits the customers' funds; a sale moves what was
//! due from the customers' funds to each teacher's earnings and the platform's revenue; a refund takes the sale's
//! shares back from them into the refunds owed.

use std::collections::BTreeMap;

use academy_shared::money::Currency;
use sqlx::AnyConnection;

use super::repo::ledger as repo;
use crate::{
    platform::db::{Pool, new_id},
    reports::day_sums,
};

/// How a payment reached us.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    /// A bank transfer (VietQR), confirmed by the bank feed or by an administrator.
    BankTransfer,
    /// The VNPay card and wallet gateway.
    Vnpay,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::BankTransfer => "bank_transfer",
            Self::Vnpay => "vnpay",
        }
    }

    pub fn parse(name: &str) -> Option<PaymentMethod> {
        [Self::BankTransfer, Self::Vnpay].into_iter().find(|m| m.as_str() == name)
    }
}

impl TryFrom<String> for PaymentMethod {
    type Error = academy_shared::commerce::UnknownName;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        Self::parse(&name).ok_or(academy_shared::commerce::UnknownName { what: "payment method", name })
    }
}

/// An account of the ledger.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Account {
    /// The platform's commission on sales of courses.
    PlatformRevenue,
    /// The platform's commission on mentorship bookings, apart from courses so reports can tell them apart.
    MentorshipRevenue,
    /// What a teacher (by user id) has earned.
    TeacherEarnings(String),
    /// Money received through a payment method.
    PaymentClearing(PaymentMethod),
    /// Money received from students and not yet applied to a sale (partial payments, overpayments).
    CustomerFunds,
    /// Money owed back to students for refunded purchases.
    Refunds,
    /// A teacher's earnings asked for as payouts and not yet paid (by user id).
    PayoutReserved(String),
    /// Money sent to teachers through a payout method (`bank_manual`, `payos`).
    PayoutClearing(&'static str),
    /// Personal income tax withheld from a teacher's payouts (by user id), owed to the tax office.
    TaxWithheld(String),
    /// The fees payout methods charge teachers.
    PayoutFees,
}

impl Account {
    /// The account's stored code, e.g. `teacher:<user id>`.
    pub fn code(&self) -> String {
        match self {
            Self::PlatformRevenue => "platform:revenue".to_owned(),
            Self::MentorshipRevenue => "platform:mentorship".to_owned(),
            Self::TeacherEarnings(user_id) => format!("teacher:{user_id}"),
            Self::PaymentClearing(method) => format!("clearing:{}", method.as_str()),
            Self::CustomerFunds => "customer:funds".to_owned(),
            Self::Refunds => "refunds".to_owned(),
            Self::PayoutReserved(user_id) => format!("payout:reserved:{user_id}"),
            Self::PayoutClearing(method) => format!("clearing:payout:{method}"),
            Self::TaxWithheld(user_id) => format!("tax:withheld:{user_id}"),
            Self::PayoutFees => "platform:payout_fees".to_owned(),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Self::PlatformRevenue | Self::MentorshipRevenue | Self::PayoutFees => "platform_revenue",
            Self::TeacherEarnings(_) => "teacher_earnings",
            Self::PaymentClearing(_) | Self::PayoutClearing(_) => "payment_clearing",
            Self::CustomerFunds => "customer_funds",
            Self::Refunds => "refunds",
            Self::PayoutReserved(_) => "payout_reserved",
            Self::TaxWithheld(_) => "tax_withheld",
        }
    }

    fn owner(&self) -> Option<&str> {
        match self {
            Self::TeacherEarnings(user_id) | Self::PayoutReserved(user_id) | Self::TaxWithheld(user_id) => {
                Some(user_id)
            }
            _ => None,
        }
    }
}

academy_shared::stored_names! {
    /// What kind of money event a set of entries records (a ledger transaction's kind).
    pub enum EventKind("ledger transaction kind") {
        PaymentReceived = "payment_received",
        Sale = "sale",
        Refund = "refund",
        /// A teacher asked for a payout: its amount is reserved.
        PayoutRequested = "payout_requested",
        /// A payout was sent: the reserved amount leaves, less tax and fee.
        PayoutPaid = "payout_paid",
        /// A payout was rejected: the reserved amount is the teacher's again.
        PayoutReleased = "payout_released",
        /// A paid payout came back: what was sent, withheld and charged is the teacher's again.
        PayoutFailed = "payout_failed",
    }
}

/// One money event: its entries (account, signed amount) in one currency.
#[derive(Debug, Clone)]
pub struct MoneyEvent {
    /// Unique among all events ever posted: the same key is posted once.
    pub key: String,
    pub kind: EventKind,
    pub order_id: Option<String>,
    pub currency: Currency,
    pub entries: Vec<(Account, i64)>,
    pub memo: String,
}

/// Why an event was not posted.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// Its entries do not sum to zero: a bug in whoever built it.
    #[error("the entries of {key} sum to {sum}, not zero")]
    Unbalanced { key: String, sum: i128 },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Whether an event was written now or had been written before under its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Posted {
    Written,
    AlreadyPosted,
}

/// Posts `event` through `conn` (the transaction of the change it records) at `now_ms`. Entries of 0 are left
/// out; an event whose key was posted before writes nothing and answers [`Posted::AlreadyPosted`].
pub async fn post(conn: &mut AnyConnection, event: &MoneyEvent, now_ms: i64) -> Result<Posted, LedgerError> {
    let sum: i128 = event.entries.iter().map(|(_, amount)| i128::from(*amount)).sum();
    if sum != 0 {
        return Err(LedgerError::Unbalanced { key: event.key.clone(), sum });
    }
    let transaction_id = new_id();
    let header = repo::NewTransaction {
        id: &transaction_id,
        key: &event.key,
        kind: event.kind.as_str(),
        order_id: event.order_id.as_deref(),
        memo: &event.memo,
    };
    if !repo::insert_transaction(&mut *conn, &header, now_ms).await? {
        return Ok(Posted::AlreadyPosted);
    }
    let mut day_sums: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    for (account, amount) in event.entries.iter().filter(|(_, amount)| *amount != 0) {
        let code = account.code();
        repo::ensure_account(&mut *conn, &code, account.kind(), account.owner(), now_ms).await?;
        repo::insert_entry(&mut *conn, &transaction_id, &code, *amount, event.currency.code(), now_ms).await?;
        if account.owner().is_some() {
            let sums = day_sums.entry(code).or_default();
            sums.0 += amount;
            sums.1 += 1;
        }
    }
    // In the order of the accounts' codes, so that two postings touching the same rows wait for each other
    // instead of locking them crosswise.
    for (code, (amount, entries)) in &day_sums {
        let sums = repo::DaySums {
            account_code: code,
            currency: event.currency.code(),
            day: local_day(now_ms),
            kind: event.kind.as_str(),
            amount: *amount,
            entries: *entries,
        };
        repo::add_to_day_sums(&mut *conn, &sums).await?;
    }
    // The reports' day sums: a sale adds every item of its order, a refund (keyed `refund:<item id>`) its item.
    match (event.kind, event.order_id.as_deref()) {
        (EventKind::Sale, Some(order_id)) => day_sums::record_sale(&mut *conn, order_id, now_ms).await?,
        (EventKind::Refund, Some(order_id)) => {
            if let Some(item_id) = event.key.strip_prefix("refund:") {
                day_sums::record_refund(&mut *conn, order_id, item_id, now_ms).await?;
            }
        }
        _ => {}
    }
    Ok(Posted::Written)
}

/// The day in Vietnam (UTC+7 all year) of an instant in epoch milliseconds, as days since 1970-01-01: the day the
/// ledger's day sums file an entry under.
pub fn local_day(at_ms: i64) -> i64 {
    (at_ms + VIETNAM_OFFSET_MS).div_euclid(DAY_MS)
}

/// The first instant (epoch milliseconds) of a [`local_day`].
pub fn local_day_start(day: i64) -> i64 {
    day * DAY_MS - VIETNAM_OFFSET_MS
}

const DAY_MS: i64 = 86_400_000;
const VIETNAM_OFFSET_MS: i64 = 7 * 3_600_000;

/// Writes the day sums of the accounts with an owner again from their entries: for entries written around the
/// ledger (a benchmark's fixture, a restore of entries alone). Returns how many rows were written.
pub async fn rebuild_day_sums(pool: &Pool) -> Result<u64, sqlx::Error> {
    repo::rebuild_day_sums(pool).await
}

/// The balance of `account` in `currency`: the sum of its entries.
pub async fn balance(pool: &Pool, account: &Account, currency: Currency) -> Result<i64, sqlx::Error> {
    repo::balance(pool, &account.code(), currency.code()).await
}

/// The entries posted under `key`, as (account code, amount, currency), in the order written.
pub async fn entries_of(pool: &Pool, key: &str) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
    repo::entries_of(pool, key).await
}

/// The sum of every entry of the ledger per currency: zero in each, always.
pub async fn totals(pool: &Pool) -> Result<Vec<(String, i64)>, sqlx::Error> {
    repo::totals(pool).await
}
