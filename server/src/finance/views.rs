//! The shapes the finance endpoints answer with. Money is integer VND; instants RFC 3339 UTC.

use academy_shared::{
    Lang,
    payouts::{BANKS, PayoutFee, PayoutRules, bank_by_bin, mask_account_number},
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    balance::Figures,
    repo::{AccountRow, RequestRow, RequestStatus, TeacherBalanceRow},
    requests::reason_text,
    settings::{MethodTerms, OptionalMethod, Payer, PayoutSettings},
    statement::{Line, LineKind},
};

pub use crate::platform::time::iso;

/// A bank a payout can go to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankView {
    pub bin: String,
    pub code: String,
    pub short_name: String,
    pub name: String,
    pub pays_vietqr: bool,
}

pub fn banks() -> Vec<BankView> {
    BANKS
        .iter()
        .map(|b| BankView {
            bin: b.bin.to_owned(),
            code: b.code.to_owned(),
            short_name: b.short_name.to_owned(),
            name: b.name.to_owned(),
            pays_vietqr: b.pays_vietqr,
        })
        .collect()
}

/// A teacher's figures in one currency.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FiguresView {
    pub currency: String,
    pub maturing: i64,
    /// Below zero: owed (a refund came after a payout); taken from the next earnings.
    pub available: i64,
    pub reserved: i64,
    pub paid_out: i64,
    pub lifetime: i64,
    pub tax_withheld_this_year: i64,
}

impl From<&Figures> for FiguresView {
    fn from(f: &Figures) -> FiguresView {
        FiguresView {
            currency: f.currency.code().to_owned(),
            maturing: f.maturing,
            available: f.available,
            reserved: f.reserved,
            paid_out: f.paid_out,
            lifetime: f.lifetime,
            tax_withheld_this_year: f.tax_withheld_this_year,
        }
    }
}

/// A payout method as teachers see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodView {
    /// `bank_manual` or `payos`.
    pub method: String,
    pub minimum: i64,
    #[schema(value_type = Object)]
    pub fee: PayoutFee,
    pub note: String,
}

impl MethodView {
    pub fn new(method: &str, terms: &MethodTerms, rules: &PayoutRules, lang: Lang) -> MethodView {
        MethodView {
            method: method.to_owned(),
            minimum: terms.minimum.max(rules.minimum_payout),
            fee: terms.fee,
            note: lang.pick(&terms.note_vi, &terms.note_en).to_owned(),
        }
    }
}

/// A teacher's balance page: the figures, the payout terms and the latest lines of their statement.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    pub teacher_id: String,
    pub figures: Vec<FiguresView>,
    pub holding_days: i64,
    /// Hours a new or changed payout account waits before it can receive a payout.
    pub account_wait_hours: i64,
    pub withhold_tax: bool,
    /// Whether the teacher declared the commitment form for this year (no tax withheld).
    pub tax_commitment_this_year: bool,
    pub methods: Vec<MethodView>,
    pub latest: Vec<StatementLineView>,
}

/// A payout account.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: String,
    pub bank_bin: String,
    pub bank_name: String,
    /// The whole number (only its owner and administrators are answered with accounts).
    pub account_number: String,
    /// "•••• 3651".
    pub masked_number: String,
    pub holder_name: String,
    pub is_default: bool,
    /// From when it can receive a payout (new and changed accounts wait).
    pub ready_at: String,
    pub ready: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl AccountView {
    pub fn new(row: &AccountRow, now: i64) -> AccountView {
        AccountView {
            id: row.id.clone(),
            bank_bin: row.bank_bin.clone(),
            bank_name: bank_by_bin(&row.bank_bin).map_or_else(|| row.bank_bin.clone(), |b| b.short_name.to_owned()),
            account_number: row.account_number.clone(),
            masked_number: mask_account_number(&row.account_number),
            holder_name: row.holder_name.clone(),
            is_default: row.is_default.get(),
            ready_at: iso(row.ready_at),
            ready: row.ready_at <= now,
            created_at: iso(row.created_at),
            updated_at: iso(row.updated_at),
        }
    }
}

/// A payout request.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestView {
    pub id: String,
    pub teacher_id: String,
    pub teacher_username: String,
    pub teacher_first_name: Option<String>,
    pub teacher_last_name: Option<String>,
    pub method: String,
    pub bank_bin: String,
    pub bank_name: String,
    pub account_number: String,
    pub masked_number: String,
    pub holder_name: String,
    pub amount: i64,
    pub fee: i64,
    pub tax: i64,
    /// What is sent to the bank: amount − fee − tax.
    pub net: i64,
    pub currency: String,
    /// The short code a transfer's note and the bank batch file carry.
    pub code: String,
    /// `pending`, `paid`, `rejected` or `failed`.
    pub status: String,
    /// The state of its payOS transfer when it was sent through payOS (`SENDING` until payOS answers, then
    /// `RECEIVED`, `PROCESSING`, `ON_HOLD`, `SUCCEEDED`, `FAILED`, `CANCELLED` or `REVERSED`).
    pub payos_state: Option<String>,
    /// Why it was rejected (`invalid_account`, `invalid_request`, `other`).
    pub reason: Option<String>,
    /// The reason and note as the teacher reads them (rejected), or the note (failed).
    pub reason_text: Option<String>,
    pub note: String,
    pub bank_reference: Option<String>,
    pub paid_on: Option<String>,
    pub decided_at: Option<String>,
    pub created_at: String,
}

impl RequestView {
    pub fn new(row: &RequestRow, lang: Lang) -> RequestView {
        let reason_text = match row.status {
            RequestStatus::Rejected => Some(reason_text(row, lang)),
            RequestStatus::Failed => Some(row.note.clone()),
            RequestStatus::Pending | RequestStatus::Paid => None,
        };
        RequestView {
            id: row.id.clone(),
            teacher_id: row.teacher_id.clone(),
            teacher_username: row.teacher_username.clone(),
            teacher_first_name: row.teacher_first_name.clone(),
            teacher_last_name: row.teacher_last_name.clone(),
            method: row.method.as_str().to_owned(),
            bank_bin: row.bank_bin.clone(),
            bank_name: bank_by_bin(&row.bank_bin).map_or_else(|| row.bank_bin.clone(), |b| b.short_name.to_owned()),
            account_number: row.account_number.clone(),
            masked_number: mask_account_number(&row.account_number),
            holder_name: row.holder_name.clone(),
            amount: row.amount,
            fee: row.fee,
            tax: row.tax,
            net: row.net,
            currency: row.currency.code().to_owned(),
            code: super::requests::request_code(&row.id),
            status: row.status.as_str().to_owned(),
            payos_state: row.payos_state.clone(),
            reason: row.reason.clone(),
            reason_text,
            note: row.note.clone(),
            bank_reference: row.bank_reference.clone(),
            paid_on: row.paid_on.clone(),
            decided_at: row.decided_at.map(iso),
            created_at: iso(row.created_at),
        }
    }
}

/// How many requests each status holds.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCounts {
    pub pending: i64,
    pub paid: i64,
    pub rejected: i64,
    pub failed: i64,
}

impl StatusCounts {
    pub fn from_rows(rows: &[(RequestStatus, i64)]) -> StatusCounts {
        let mut counts = StatusCounts::default();
        for (status, n) in rows {
            match status {
                RequestStatus::Pending => counts.pending = *n,
                RequestStatus::Paid => counts.paid = *n,
                RequestStatus::Rejected => counts.rejected = *n,
                RequestStatus::Failed => counts.failed = *n,
            }
        }
        counts
    }
}

/// A page of payout requests with the counts of each status.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestPageView {
    pub items: Vec<RequestView>,
    pub counts: StatusCounts,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
}

/// A course or plan a statement line concerns.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineItemView {
    pub id: String,
    pub title: String,
}

/// A line of a teacher's statement.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementLineView {
    pub id: String,
    pub at: String,
    /// `sale`, `refund`, `payout` or `adjustment`.
    pub kind: String,
    /// The kind in the request's language.
    pub kind_label: String,
    pub currency: String,
    pub order_id: Option<String>,
    pub order_code: Option<String>,
    pub payout_request_id: Option<String>,
    pub items: Vec<LineItemView>,
    pub gross: Option<i64>,
    pub commission: Option<i64>,
    pub net: i64,
    pub balance_after: i64,
    /// Bought through the teacher's referral link.
    pub referred: bool,
    /// When a sale's earnings become available (sales only).
    pub available_at: Option<String>,
}

impl StatementLineView {
    pub fn new(line: &Line, rules: &PayoutRules, lang: Lang) -> StatementLineView {
        StatementLineView {
            id: line.id.clone(),
            at: iso(line.at_ms),
            kind: line.kind.as_str().to_owned(),
            kind_label: line.kind.label(lang).to_owned(),
            currency: line.currency.clone(),
            order_id: line.order_id.clone(),
            order_code: line.order_code.clone(),
            payout_request_id: line.payout_request_id.clone(),
            items: line
                .items
                .iter()
                .map(|(id, vi, en)| LineItemView { id: id.clone(), title: super::pick(vi, en, lang) })
                .collect(),
            gross: line.gross,
            commission: line.commission,
            net: line.net,
            balance_after: line.balance_after,
            referred: line.referred,
            available_at: (line.kind == LineKind::Sale).then(|| iso(rules.matures_at(line.at_ms))),
        }
    }
}

/// A page of a statement.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementPageView {
    pub items: Vec<StatementLineView>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
}

/// A teacher's row of the administrators' table.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherBalanceView {
    pub teacher_id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// Earnings not asked for (maturing included); below zero: owed.
    pub balance: i64,
    pub reserved: i64,
    pub tax_withheld: i64,
}

impl From<&TeacherBalanceRow> for TeacherBalanceView {
    fn from(row: &TeacherBalanceRow) -> TeacherBalanceView {
        TeacherBalanceView {
            teacher_id: row.teacher_id.clone(),
            username: row.username.clone(),
            first_name: row.first_name.clone(),
            last_name: row.last_name.clone(),
            balance: row.balance,
            reserved: row.reserved,
            tax_withheld: row.tax_withheld,
        }
    }
}

/// Every teacher's balances with the academy's totals (VND).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalancesView {
    pub items: Vec<TeacherBalanceView>,
    pub total: i64,
    pub owed_to_teachers: i64,
    pub platform_revenue: i64,
    pub tax_withheld: i64,
}

/// The payout settings (administrators).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutSettingsView {
    #[schema(value_type = Object)]
    pub rules: PayoutRules,
    #[schema(value_type = Object)]
    pub bank_manual: MethodTerms,
    /// payOS payouts `{ enabled, minimum, fee, noteVi, noteEn }`: present only when the server has payOS keys.
    #[schema(value_type = Option<Object>)]
    pub payos: Option<OptionalMethod>,
    /// The academy as payer on withholding statements `{ name, taxCode, address }`.
    #[schema(value_type = Object)]
    pub payer: Payer,
}

impl PayoutSettingsView {
    pub fn new(s: &PayoutSettings, payos_configured: bool) -> PayoutSettingsView {
        PayoutSettingsView {
            rules: s.rules,
            bank_manual: s.bank_manual.clone(),
            payos: payos_configured.then(|| s.payos.clone()),
            payer: s.payer.clone(),
        }
    }
}

/// A payout on a withholding statement.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithheldPayoutView {
    pub request_id: String,
    pub code: String,
    /// The day the money was sent (`YYYY-MM-DD`).
    pub paid_on: String,
    /// The payout before tax and fee.
    pub gross: i64,
    /// Personal income tax withheld.
    pub tax: i64,
    pub fee: i64,
    /// What reached the teacher.
    pub net: i64,
    pub bank_reference: Option<String>,
}

/// A teacher's yearly withholding statement (VND).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithholdingView {
    pub year: i64,
    pub teacher_id: String,
    pub teacher_username: String,
    pub teacher_name: String,
    /// The academy, who paid and withheld.
    pub payer_name: String,
    pub payer_tax_code: String,
    pub payer_address: String,
    /// The day the teacher declared the commitment form (08/CK-TNCN) for the year: nothing withheld.
    pub commitment_declared_on: Option<String>,
    pub items: Vec<WithheldPayoutView>,
    pub gross: i64,
    pub tax: i64,
    pub fee: i64,
    pub net: i64,
    pub currency: String,
}

impl From<&super::withholding::Statement> for WithholdingView {
    fn from(s: &super::withholding::Statement) -> WithholdingView {
        WithholdingView {
            year: s.year,
            teacher_id: s.teacher_id.clone(),
            teacher_username: s.teacher_username.clone(),
            teacher_name: s.teacher_name.clone(),
            payer_name: s.payer.name.clone(),
            payer_tax_code: s.payer.tax_code.clone(),
            payer_address: s.payer.address.clone(),
            commitment_declared_on: s.commitment_declared_on.clone(),
            items: s
                .payouts
                .iter()
                .map(|row| WithheldPayoutView {
                    request_id: row.id.clone(),
                    code: super::requests::request_code(&row.id),
                    paid_on: row.paid_on.clone().unwrap_or_default(),
                    gross: row.amount,
                    tax: row.tax,
                    fee: row.fee,
                    net: row.net,
                    bank_reference: row.bank_reference.clone(),
                })
                .collect(),
            gross: s.gross,
            tax: s.tax,
            fee: s.fee,
            net: s.net,
            currency: "VND".to_owned(),
        }
    }
}
