//! The finance documents: the bank batch file of pending payouts an administrator pays from the bank's bulk
//! transfer screen (`GET /api/admin/finance/payout-batch.csv`), and a teacher's yearly withholding statement
//! (`GET /api/finance/withholding`, and as CSV). CSV files are UTF-8 with a byte order mark, so Excel reads
//! Vietnamese text.

use academy_shared::{Lang, payouts::bank_by_bin};
use axum::{extract::State, response::Response};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::teacher_of;
use crate::{
    finance::{error::FinanceError, repo, requests::request_code, views::WithholdingView, withholding},
    http::{Admins, Allowed, ApiError, ApiResult, Language, Query, Teachers, Text, csv::Csv, error::ErrorEnvelope, ok},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(download_payout_batch))
        .routes(routes!(read_withholding))
        .routes(routes!(download_withholding))
}

/// The most requests one batch file names.
const BATCH_MAX: usize = 500;

/// Which pending requests a batch file holds.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct BatchParams {
    /// Request ids, comma separated (at most 500); absent: every pending request.
    pub ids: Option<String>,
}

/// The bank batch file: one row per pending request chosen (or every pending one), oldest first — the bank's BIN
/// and short name, the account number, the holder's name, the amount to send (net of tax and fee, in đồng) and
/// the request's code as the transfer's note — for banks' bulk transfer screens. Requests being sent through
/// payOS, and requests no longer pending, are left out.
#[utoipa::path(
    get,
    path = "/api/admin/finance/payout-batch.csv",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    params(BatchParams),
    responses(
        (status = 200, description = "The batch file (CSV)", body = String, content_type = "text/csv"),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 422, description = "More than 500 ids", body = ErrorEnvelope),
    )
)]
pub async fn download_payout_batch(
    State(state): State<AppState>,
    Language(lang): Language,
    _: Allowed<Admins>,
    Query(params): Query<BatchParams>,
) -> Result<Response, ApiError> {
    let ids: Option<Vec<String>> = params.ids.as_deref().map(|text| {
        let mut ids: Vec<String> =
            text.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned).collect();
        ids.sort();
        ids.dedup();
        ids
    });
    if ids.as_ref().is_some_and(|ids| ids.len() > BATCH_MAX) {
        return Err(FinanceError::Invalid {
            field: "ids",
            message: Text::new("Một tệp chứa tối đa 500 yêu cầu.", "A batch file holds at most 500 requests."),
        }
        .into());
    }
    let rows = repo::pending_for_batch(&state.pool, ids.as_deref()).await?;
    let header_row = match lang {
        Lang::Vi => ["Mã BIN ngân hàng", "Ngân hàng", "Số tài khoản", "Chủ tài khoản", "Số tiền", "Nội dung"],
        Lang::En => ["Bank BIN", "Bank", "Account number", "Account holder", "Amount", "Note"],
    };
    let mut csv = Csv::new();
    csv.row(header_row);
    for row in &rows {
        csv.row([
            row.bank_bin.clone(),
            bank_by_bin(&row.bank_bin).map_or_else(String::new, |b| b.short_name.to_owned()),
            row.account_number.clone(),
            row.holder_name.clone(),
            row.net.to_string(),
            request_code(&row.id),
        ]);
    }
    Ok(csv.download("payout-batch.csv"))
}

/// Whose statement of which year.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct WithholdingParams {
    /// The tax year (by the day the money was sent).
    pub year: i64,
    /// A teacher's id (administrators); absent: the caller.
    pub teacher_id: Option<String>,
}

async fn statement_for(
    state: &AppState,
    user: &crate::http::CurrentUser,
    params: &WithholdingParams,
) -> Result<withholding::Statement, ApiError> {
    let teacher = teacher_of(state, user, params.teacher_id.as_deref()).await?;
    Ok(withholding::statement(state, &teacher, params.year).await?)
}

/// A teacher's yearly withholding statement: every payout sent to them that year with its amount before tax,
/// the tax withheld, the fee and what they received, the totals, and the academy as payer. A teacher reads only
/// their own; administrators any teacher's.
#[utoipa::path(
    get,
    path = "/api/finance/withholding",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(WithholdingParams),
    responses(
        (status = 200, description = "The statement", body = crate::http::Envelope<WithholdingView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
        (status = 422, description = "A year out of range", body = ErrorEnvelope),
    )
)]
pub async fn read_withholding(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<WithholdingParams>,
) -> ApiResult<WithholdingView> {
    let statement = statement_for(&state, &user, &params).await?;
    Ok(ok(WithholdingView::from(&statement)))
}

/// The yearly withholding statement as CSV: who paid and who received, then one row per payout and the totals.
#[utoipa::path(
    get,
    path = "/api/finance/withholding.csv",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(WithholdingParams),
    responses(
        (status = 200, description = "The statement (CSV)", body = String, content_type = "text/csv"),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
        (status = 422, description = "A year out of range", body = ErrorEnvelope),
    )
)]
pub async fn download_withholding(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<WithholdingParams>,
) -> Result<Response, ApiError> {
    let s = statement_for(&state, &user, &params).await?;
    let vi = lang == Lang::Vi;
    let label = |vi_text: &str, en_text: &str| if vi { vi_text.to_owned() } else { en_text.to_owned() };
    let mut csv = Csv::new();
    let title = label("Chứng từ khấu trừ thuế thu nhập cá nhân", "Personal income tax withholding statement");
    csv.row([title, s.year.to_string()]);
    csv.row([label("Tổ chức trả thu nhập", "Payer"), s.payer.name.clone()]);
    csv.row([label("Mã số thuế", "Tax code"), s.payer.tax_code.clone()]);
    csv.row([label("Địa chỉ", "Address"), s.payer.address.clone()]);
    csv.row([label("Người nhận thu nhập", "Payee"), s.teacher_name.clone()]);
    csv.row([label("Tên đăng nhập", "Username"), s.teacher_username.clone()]);
    if let Some(day) = &s.commitment_declared_on {
        csv.row([label("Đã nộp cam kết 08/CK-TNCN ngày", "Commitment 08/CK-TNCN declared on"), day.clone()]);
    }
    csv.blank_line();
    csv.row(if vi {
        ["Ngày chi trả", "Mã yêu cầu", "Thu nhập trước thuế", "Thuế TNCN đã khấu trừ", "Phí", "Thực nhận", "Tiền tệ"]
    } else {
        ["Paid on", "Request", "Gross", "Tax withheld", "Fee", "Net", "Currency"]
    });
    for row in &s.payouts {
        csv.row([
            row.paid_on.clone().unwrap_or_default(),
            request_code(&row.id),
            row.amount.to_string(),
            row.tax.to_string(),
            row.fee.to_string(),
            row.net.to_string(),
            "VND".to_owned(),
        ]);
    }
    csv.row([
        label("Tổng cộng", "Total"),
        String::new(),
        s.gross.to_string(),
        s.tax.to_string(),
        s.fee.to_string(),
        s.net.to_string(),
        "VND".to_owned(),
    ]);
    Ok(csv.download(&format!("withholding-{}.csv", s.year)))
}
