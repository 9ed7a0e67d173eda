//! The reports' response shapes. Money: VND as integers.

use academy_shared::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    repo::Sums,
    service::{Figures, Point, Ranked, Report, ReportKind},
};

/// A period's figures.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesFiguresView {
    /// What the items sold for before coupons.
    pub gross_sales: i64,
    /// The coupons' share.
    pub discounts: i64,
    /// What was paid for the items refunded in the period (counted on the refund's day).
    pub refunds: i64,
    /// Gross sales less discounts and refunds (= teacher share + commission).
    pub net_sales: i64,
    /// The teachers' shares of sales less those of refunds.
    pub teacher_share: i64,
    /// The platform's commission on sales less that of refunds.
    pub commission: i64,
    /// Items sold (courses, or plan periods).
    pub units_sold: i64,
    pub refunded_units: i64,
    /// Plans bought by someone who never bought that plan before (mentorship; 0 for courses).
    pub bookings: i64,
    /// Plans bought again by someone who had bought them before (mentorship; 0 for courses).
    pub renewals: i64,
    /// Orders with a sale.
    pub orders: i64,
    /// Students whose first purchase in the report's scope falls in the period.
    pub new_students: i64,
    /// (Gross sales − discounts) / orders, rounded down; 0 without orders.
    pub average_order_value: i64,
}

impl SalesFiguresView {
    fn new(kind: ReportKind, figures: &Figures) -> SalesFiguresView {
        let s = &figures.sums;
        let (bookings, renewals) = match kind {
            ReportKind::Course => (0, 0),
            ReportKind::Mentorship => (s.units - s.renewals, s.renewals),
        };
        SalesFiguresView {
            gross_sales: s.gross,
            discounts: s.discounts,
            refunds: s.refunds,
            net_sales: figures.net(),
            teacher_share: s.teacher_share,
            commission: s.commission,
            units_sold: s.units,
            refunded_units: s.refunded_units,
            bookings,
            renewals,
            orders: s.orders,
            new_students: figures.new_students,
            average_order_value: figures.average_order_value(),
        }
    }
}

/// One group of the series (a day, an ISO week or a month in Vietnam).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeriesPointView {
    /// `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month).
    pub label: String,
    /// The group's first day, `YYYY-MM-DD` (a week's Monday, a month's first day: may be before the range).
    pub start: String,
    pub gross_sales: i64,
    pub discounts: i64,
    pub refunds: i64,
    pub net_sales: i64,
    pub teacher_share: i64,
    pub commission: i64,
    pub units_sold: i64,
    pub refunded_units: i64,
    pub orders: i64,
}

impl From<&Point> for SeriesPointView {
    fn from(point: &Point) -> SeriesPointView {
        let s = &point.sums;
        SeriesPointView {
            label: point.label.clone(),
            start: point.start.to_string(),
            gross_sales: s.gross,
            discounts: s.discounts,
            refunds: s.refunds,
            net_sales: s.gross - s.discounts - s.refunds,
            teacher_share: s.teacher_share,
            commission: s.commission,
            units_sold: s.units,
            refunded_units: s.refunded_units,
            orders: s.orders,
        }
    }
}

/// A row of a ranked table: a course or plan, a teacher, or a category.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankedRowView {
    /// The course's or plan's, teacher's or category's id (empty: plans and courses without a category).
    pub id: String,
    /// Its title or name in the request's language.
    pub name: String,
    pub gross_sales: i64,
    pub discounts: i64,
    pub refunds: i64,
    pub net_sales: i64,
    pub teacher_share: i64,
    pub commission: i64,
    pub units_sold: i64,
    pub refunded_units: i64,
    pub orders: i64,
}

impl RankedRowView {
    fn new(row: &Ranked, lang: Lang) -> RankedRowView {
        let s: &Sums = &row.sums;
        let name = lang.pick(&row.name_vi, &row.name_en);
        let name = if name.is_empty() { lang.pick(&row.name_en, &row.name_vi) } else { name };
        RankedRowView {
            id: row.id.clone(),
            name: name.to_owned(),
            gross_sales: s.gross,
            discounts: s.discounts,
            refunds: s.refunds,
            net_sales: s.gross - s.discounts - s.refunds,
            teacher_share: s.teacher_share,
            commission: s.commission,
            units_sold: s.units,
            refunded_units: s.refunded_units,
            orders: s.orders,
        }
    }
}

/// A sales report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesReportView {
    /// `course` or `mentorship`.
    pub kind: String,
    /// The first and last day (both included, `YYYY-MM-DD` in Vietnam).
    pub from: String,
    pub to: String,
    /// `day`, `week` or `month`.
    pub group: String,
    /// The period before, of the same length, that `previous` covers.
    pub previous_from: String,
    pub previous_to: String,
    /// Always `VND`.
    pub currency: String,
    pub totals: SalesFiguresView,
    pub previous: SalesFiguresView,
    /// Every group of the range in order, zero where nothing happened.
    pub series: Vec<SeriesPointView>,
    /// Per course (course reports) or plan (mentorship reports), best net sales first.
    pub by_product: Vec<RankedRowView>,
    /// Per teacher, best first (administrators; absent for teachers).
    pub by_teacher: Option<Vec<RankedRowView>>,
    /// Per category, best first (administrators; empty for mentorship; absent for teachers).
    pub by_category: Option<Vec<RankedRowView>>,
}

impl SalesReportView {
    pub fn new(report: &Report, lang: Lang) -> SalesReportView {
        let rows = |rows: &[Ranked]| rows.iter().map(|r| RankedRowView::new(r, lang)).collect::<Vec<_>>();
        SalesReportView {
            kind: report.kind.as_str().to_owned(),
            from: report.range.from.to_string(),
            to: report.range.to.to_string(),
            group: report.range.grouping.as_str().to_owned(),
            previous_from: report.previous_range.from.to_string(),
            previous_to: report.previous_range.to.to_string(),
            currency: "VND".to_owned(),
            totals: SalesFiguresView::new(report.kind, &report.totals),
            previous: SalesFiguresView::new(report.kind, &report.previous),
            series: report.series.iter().map(SeriesPointView::from).collect(),
            by_product: rows(&report.by_product),
            by_teacher: report.by_teacher.as_deref().map(rows),
            by_category: report.by_category.as_deref().map(rows),
        }
    }
}
