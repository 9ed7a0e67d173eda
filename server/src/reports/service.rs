//! The sales report use case: who may see what, the range and the period before it, the figures, the series and
//! the rankings.

use std::collections::{BTreeMap, HashMap};

use academy_shared::{
    commerce::ItemKind,
    reports::{LocalDate, ReportRange},
    roles::Role,
};

use super::{
    error::ReportsError,
    repo::{self, By, Scope, Sums},
};
use crate::platform::db::Pool;

/// What a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportKind {
    Course,
    Mentorship,
}

impl ReportKind {
    pub fn parse(name: &str) -> Option<ReportKind> {
        match name.trim() {
            "course" => Some(Self::Course),
            "mentorship" => Some(Self::Mentorship),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Course => "course",
            Self::Mentorship => "mentorship",
        }
    }

    fn item_kind(self) -> ItemKind {
        match self {
            Self::Course => ItemKind::Course,
            Self::Mentorship => ItemKind::MentorshipPlan,
        }
    }
}

/// A report as asked for: the values of the request, unchecked.
#[derive(Debug, Clone, Default)]
pub struct Ask {
    pub kind: String,
    pub from: String,
    pub to: String,
    pub group: String,
    /// A course (course reports) or plan (mentorship reports).
    pub product_id: Option<String>,
    pub teacher_id: Option<String>,
    pub category_id: Option<String>,
}

/// Who asks.
#[derive(Debug, Clone)]
pub struct Viewer {
    pub id: String,
    pub role: Role,
}

/// The figures of a period.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub sums: Sums,
    pub new_students: i64,
}

impl Figures {
    /// Gross sales less discounts and refunds: what the teachers and the platform keep.
    pub fn net(&self) -> i64 {
        self.sums.gross - self.sums.discounts - self.sums.refunds
    }

    /// What an order paid on average (rounded down); 0 without orders.
    pub fn average_order_value(&self) -> i64 {
        if self.sums.orders == 0 { 0 } else { (self.sums.gross - self.sums.discounts) / self.sums.orders }
    }
}

/// A group of the series: its first day, its label and its sums.
#[derive(Debug, Clone)]
pub struct Point {
    pub start: LocalDate,
    pub label: String,
    pub sums: Sums,
}

/// A ranked row: who or what, its name, its sums.
#[derive(Debug, Clone)]
pub struct Ranked {
    pub id: String,
    pub name_vi: String,
    pub name_en: String,
    pub sums: Sums,
}

/// A sales report.
#[derive(Debug, Clone)]
pub struct Report {
    pub kind: ReportKind,
    pub range: ReportRange,
    pub previous_range: ReportRange,
    pub totals: Figures,
    pub previous: Figures,
    pub series: Vec<Point>,
    pub by_product: Vec<Ranked>,
    /// Administrators only.
    pub by_teacher: Option<Vec<Ranked>>,
    pub by_category: Option<Vec<Ranked>>,
}

fn clean(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
}

/// The lines a viewer may see of what they asked for: a teacher sees only their own (naming another teacher, or a
/// course or plan of another teacher's, is answered as not found); an administrator anyone's.
async fn scope_of(pool: &Pool, viewer: &Viewer, kind: ReportKind, ask: &Ask) -> Result<Scope, ReportsError> {
    let mut teacher_id = clean(&ask.teacher_id);
    let product_id = clean(&ask.product_id);
    if viewer.role == Role::Admin {
        if let Some(teacher) = &teacher_id
            && !repo::role_of(pool, teacher).await?.is_some_and(Role::teaches)
        {
            return Err(ReportsError::TeacherNotFound);
        }
    } else {
        if teacher_id.as_deref().is_some_and(|t| t != viewer.id) {
            return Err(ReportsError::TeacherNotFound);
        }
        teacher_id = Some(viewer.id.clone());
        if let Some(product) = &product_id
            && repo::owner_of(pool, kind.item_kind(), product).await?.as_deref() != Some(viewer.id.as_str())
        {
            return Err(ReportsError::ProductNotFound);
        }
    }
    Ok(Scope { item_kind: Some(kind.item_kind()), product_id, teacher_id, category_id: clean(&ask.category_id) })
}

/// The range's sums per day and in total.
async fn day_sums(pool: &Pool, scope: &Scope, range: &ReportRange) -> Result<(Sums, Vec<Sums>), ReportsError> {
    let (from, to) = days_of(range);
    let days = repo::sums(pool, scope, from, to, By::Day).await?;
    let mut total = Sums::default();
    for day in &days {
        total.add(day);
    }
    Ok((total, days))
}

/// The range's local days as `[first, after last)`, in days since 1970-01-01.
fn days_of(range: &ReportRange) -> (i64, i64) {
    let (from, to) = range.instants();
    (LocalDate::of_instant(from).0, LocalDate::of_instant(to).0)
}

/// Sums per day folded into the range's groups, every group present (zero when nothing happened).
fn series(range: &ReportRange, days: &[Sums]) -> Vec<Point> {
    let mut points: Vec<Point> = range
        .group_starts()
        .into_iter()
        .map(|start| Point { start, label: start.group_label(range.grouping), sums: Sums::default() })
        .collect();
    let index: HashMap<LocalDate, usize> = points.iter().enumerate().map(|(n, p)| (p.start, n)).collect();
    for day in days {
        let Ok(number) = day.key.parse::<i64>() else { continue };
        let start = LocalDate(number).group_start(range.grouping);
        if let Some(&n) = index.get(&start) {
            points[n].sums.add(day);
        }
    }
    points
}

/// Ranked by net sales, then gross sales, then id.
fn ranked(mut rows: Vec<Ranked>) -> Vec<Ranked> {
    let net = |s: &Sums| s.gross - s.discounts - s.refunds;
    rows.sort_by(|a, b| net(&b.sums).cmp(&net(&a.sums)).then(b.sums.gross.cmp(&a.sums.gross)).then(a.id.cmp(&b.id)));
    rows
}

/// The sales report `ask` names, as `viewer` may see it.
pub async fn sales_report(pool: &Pool, viewer: &Viewer, ask: &Ask) -> Result<Report, ReportsError> {
    let kind = ReportKind::parse(&ask.kind).ok_or(ReportsError::BadKind)?;
    let group = if ask.group.trim().is_empty() { "day" } else { ask.group.as_str() };
    let range = ReportRange::parse(&ask.from, &ask.to, group).map_err(ReportsError::Range)?;
    let scope = scope_of(pool, viewer, kind, ask).await?;
    let previous_range = range.previous();
    let (totals, days) = day_sums(pool, &scope, &range).await?;
    let (previous, _) = day_sums(pool, &scope, &previous_range).await?;
    let (new_now, new_before) = repo::new_students(pool, &scope, range.instants(), previous_range.instants()).await?;
    let totals = Figures { sums: totals, new_students: new_now };
    let previous = Figures { sums: previous, new_students: new_before };
    let (from, to) = days_of(&range);
    let mut products: BTreeMap<String, Ranked> = BTreeMap::new();
    let mut teachers: BTreeMap<String, Sums> = BTreeMap::new();
    let mut categories: BTreeMap<String, Sums> = BTreeMap::new();
    for row in repo::sums(pool, &scope, from, to, By::Product).await? {
        let mut parts = row.key.splitn(3, '|');
        let (product, teacher, category) =
            (parts.next().unwrap_or_default(), parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
        products
            .entry(product.to_owned())
            .or_insert_with(|| Ranked {
                id: product.to_owned(),
                name_vi: row.title_vi.clone(),
                name_en: row.title_en.clone(),
                sums: Sums::default(),
            })
            .sums
            .add(&row);
        teachers.entry(teacher.to_owned()).or_default().add(&row);
        categories.entry(category.to_owned()).or_default().add(&row);
    }
    let (by_teacher, by_category) = if viewer.role == Role::Admin {
        let ids: Vec<String> = teachers.keys().cloned().collect();
        let names: HashMap<String, String> = repo::user_names(pool, &ids).await?.into_iter().collect();
        let teachers = teachers
            .into_iter()
            .map(|(id, sums)| {
                let name = names.get(&id).cloned().unwrap_or_default();
                let sums = Sums { orders: sums.teacher_orders, ..sums };
                Ranked { id, name_vi: name.clone(), name_en: name, sums }
            })
            .collect();
        let categories = if kind == ReportKind::Course {
            let ids: Vec<String> = categories.keys().cloned().collect();
            let names: HashMap<String, (String, String)> =
                repo::category_names(pool, &ids).await?.into_iter().map(|(id, vi, en)| (id, (vi, en))).collect();
            categories
                .into_iter()
                .map(|(id, sums)| {
                    let (vi, en) = names.get(&id).cloned().unwrap_or_default();
                    let sums = Sums { orders: sums.category_orders, ..sums };
                    Ranked { id, name_vi: vi, name_en: en, sums }
                })
                .collect()
        } else {
            Vec::new()
        };
        (Some(ranked(teachers)), Some(ranked(categories)))
    } else {
        (None, None)
    };
    let by_product = products.into_values().collect();
    Ok(Report {
        kind,
        range,
        previous_range,
        totals,
        previous,
        series: series(&range, &days),
        by_product: ranked(by_product),
        by_teacher,
        by_category,
    })
}

/// Net sales (courses and plans) per day of `[from, to]` in Vietnam, every day present, for one teacher or all:
/// what the dashboard's home shows. Each day: (day, net sales, teachers' share, orders).
pub async fn daily_net(
    pool: &Pool,
    teacher_id: Option<&str>,
    from: LocalDate,
    to: LocalDate,
) -> Result<Vec<(LocalDate, Sums)>, sqlx::Error> {
    let scope = Scope { teacher_id: teacher_id.map(str::to_owned), ..Scope::default() };
    let rows = repo::sums(pool, &scope, from.0, to.0 + 1, By::Day).await?;
    let mut days: Vec<(LocalDate, Sums)> = (from.0..=to.0).map(|n| (LocalDate(n), Sums::default())).collect();
    for row in &rows {
        if let Ok(n) = row.key.parse::<i64>()
            && (from.0..=to.0).contains(&n)
        {
            days[(n - from.0) as usize].1.add(row);
        }
    }
    Ok(days)
}
