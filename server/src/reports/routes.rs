//! The sales reports: `GET /api/reports/sales` (figures, series, rankings) and `GET /api/reports/sales.csv` (the
//! series table), for teachers (their own) and administrators (everyone's).

use std::collections::BTreeMap;

use academy_shared::Lang;
use axum::{extract::State, response::Response};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    error::ReportsError,
    service::{self, Ask, ReportKind, Viewer},
    views::{SalesReportView, SeriesPointView},
};
use crate::{
    http::{Allowed, ApiError, ApiResult, Language, Query, Teachers, csv::Csv, error::ErrorEnvelope, ok},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read_sales_report)).routes(routes!(download_sales_report))
}

impl From<ReportsError> for ApiError {
    fn from(error: ReportsError) -> ApiError {
        if let Some((field, text)) = error.invalid() {
            return ApiError::Unprocessable {
                message: text.clone(),
                fields: BTreeMap::from([(field.to_owned(), text)]),
            };
        }
        if let Some(text) = error.not_found() {
            return ApiError::NotFound(text);
        }
        match error {
            ReportsError::Database(e) => e.into(),
            other => ApiError::internal(other),
        }
    }
}

/// A sales report's parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SalesParams {
    /// `course` or `mentorship`.
    pub kind: String,
    /// The first day, `YYYY-MM-DD` in Vietnam.
    pub from: String,
    /// The last day, included.
    pub to: String,
    /// `day` (the default; at most 366 days), `week` (at most 1098 days) or `month` (at most 3660 days).
    pub group: Option<String>,
    /// Only this course (course reports).
    pub course_id: Option<String>,
    /// Only this plan (mentorship reports).
    pub plan_id: Option<String>,
    /// Only this teacher (administrators; a teacher may name only themselves).
    pub teacher_id: Option<String>,
    /// Only courses of this category.
    pub category_id: Option<String>,
}

impl SalesParams {
    fn ask(&self) -> Ask {
        let product_id = match ReportKind::parse(&self.kind) {
            Some(ReportKind::Mentorship) => self.plan_id.clone(),
            _ => self.course_id.clone(),
        };
        Ask {
            kind: self.kind.clone(),
            from: self.from.clone(),
            to: self.to.clone(),
            group: self.group.clone().unwrap_or_default(),
            product_id,
            teacher_id: self.teacher_id.clone(),
            category_id: self.category_id.clone(),
        }
    }
}

/// A sales report read from the ledger: the range's figures and the previous period's (same length, just
/// before), the series grouped by day, ISO week or month in Vietnam (refunds on the day they happened), and the
/// ranked tables. Teachers see only their own sales.
#[utoipa::path(
    get,
    path = "/api/reports/sales",
    tag = "reports",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(SalesParams),
    responses(
        (status = 200, description = "The report", body = crate::http::Envelope<SalesReportView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher, course or plan (or another teacher's)", body = ErrorEnvelope),
        (status = 422, description = "A kind, date, grouping or range that breaks its rule", body = ErrorEnvelope),
    )
)]
pub async fn read_sales_report(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<SalesParams>,
) -> ApiResult<SalesReportView> {
    let viewer = Viewer { id: user.id.clone(), role: user.role };
    let report = service::sales_report(&state.pool, &viewer, &params.ask()).await?;
    Ok(ok(SalesReportView::new(&report, lang)))
}

/// A sales report's series as CSV (UTF-8 with a byte order mark), one row per group and a total row.
#[utoipa::path(
    get,
    path = "/api/reports/sales.csv",
    tag = "reports",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(SalesParams),
    responses(
        (status = 200, description = "The series (CSV)", body = String, content_type = "text/csv"),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher, course or plan (or another teacher's)", body = ErrorEnvelope),
        (status = 422, description = "A kind, date, grouping or range that breaks its rule", body = ErrorEnvelope),
    )
)]
pub async fn download_sales_report(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<SalesParams>,
) -> Result<Response, ApiError> {
    let viewer = Viewer { id: user.id.clone(), role: user.role };
    let report = service::sales_report(&state.pool, &viewer, &params.ask()).await?;
    let view = SalesReportView::new(&report, lang);
    let header_row: [&str; 10] = match lang {
        Lang::Vi => [
            "Kỳ",
            "Doanh thu gộp",
            "Giảm giá",
            "Hoàn tiền",
            "Doanh thu thuần",
            "Phần giảng viên",
            "Hoa hồng nền tảng",
            "Số lượng bán",
            "Số lượng hoàn",
            "Đơn hàng",
        ],
        Lang::En => [
            "Period",
            "Gross sales",
            "Discounts",
            "Refunds",
            "Net sales",
            "Teachers' share",
            "Platform commission",
            "Units sold",
            "Units refunded",
            "Orders",
        ],
    };
    let mut csv = Csv::new();
    csv.row(header_row);
    let row = |label: String, p: &SeriesPointView| {
        [
            label,
            p.gross_sales.to_string(),
            p.discounts.to_string(),
            p.refunds.to_string(),
            p.net_sales.to_string(),
            p.teacher_share.to_string(),
            p.commission.to_string(),
            p.units_sold.to_string(),
            p.refunded_units.to_string(),
            p.orders.to_string(),
        ]
    };
    for point in &view.series {
        csv.row(row(point.label.clone(), point));
    }
    let t = &view.totals;
    let total = SeriesPointView {
        label: String::new(),
        start: String::new(),
        gross_sales: t.gross_sales,
        discounts: t.discounts,
        refunds: t.refunds,
        net_sales: t.net_sales,
        teacher_share: t.teacher_share,
        commission: t.commission,
        units_sold: t.units_sold,
        refunded_units: t.refunded_units,
        orders: t.orders,
    };
    csv.row(row(lang.pick("Tổng cộng", "Total").to_owned(), &total));
    Ok(csv.download(&format!("sales-{}-{}-{}.csv", view.kind, view.from, view.to)))
}
