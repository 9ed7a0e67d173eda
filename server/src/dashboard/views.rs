//! The home's response shapes. Money: VND as integers; times: RFC 3339 UTC.

use serde::Serialize;
use utoipa::ToSchema;

/// The home of the caller's role: exactly one of `admin`, `teacher`, `staff` is present.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeView {
    /// `ADMIN`, `TEACHER` or `STAFF`.
    pub role: String,
    pub admin: Option<AdminHomeView>,
    pub teacher: Option<TeacherHomeView>,
    pub staff: Option<StaffHomeView>,
}

/// A day's net sales.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayRevenueView {
    /// `YYYY-MM-DD` in Vietnam.
    pub day: String,
    pub net_sales: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminHomeView {
    /// Net sales (courses and plans: sales less coupons and refunds) today in Vietnam.
    pub revenue_today: i64,
    /// Net sales of the last 30 days, today included.
    pub revenue_last_30_days: i64,
    /// The 30 days' net sales, oldest first (the trend line).
    pub revenue_series: Vec<DayRevenueView>,
    /// Orders paid today and in the last 30 days.
    pub orders_today: i64,
    pub orders_last_30_days: i64,
    /// Students who registered in the last 30 days.
    pub new_students_last_30_days: i64,
    /// Bank transactions on the review list (`/api/admin/payments?review=open`).
    pub transfers_to_review: i64,
    /// Payout requests waiting for a decision (`counts.pending` of `/api/finance/payout-requests`).
    pub payout_requests_waiting: i64,
    pub unread_contact_messages: i64,
    pub unread_admission_messages: i64,
    /// The 5 latest orders, newest first.
    pub latest_orders: Vec<HomeOrderView>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeOrderView {
    pub id: String,
    pub code: String,
    pub student_name: String,
    pub total: i64,
    pub currency: String,
    /// `pending`, `paid`, `cancelled`, `expired` or `refunded`.
    pub status: String,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherHomeView {
    /// What can be asked for as a payout now (finance's `available`).
    pub available: i64,
    /// Earned within the holding period (finance's `maturing`).
    pub maturing: i64,
    /// Asked for and not paid yet.
    pub reserved: i64,
    /// Students enrolled in their courses or holding a booking of their plans.
    pub students: i64,
    /// The average of the visible reviews of their courses (one decimal); null without reviews.
    pub average_rating: Option<f64>,
    pub review_count: i64,
    /// Their net sales (courses and plans) this month so far and last month, in Vietnam.
    pub sales_this_month: i64,
    pub sales_last_month: i64,
    /// Their share of those sales.
    pub earnings_this_month: i64,
    pub earnings_last_month: i64,
    /// Sessions and classes starting in the next 7 days, soonest first.
    pub upcoming: Vec<UpcomingView>,
    /// The 5 latest reviews of their courses.
    pub latest_reviews: Vec<HomeReviewView>,
    /// What a new teacher still has to do.
    pub setup: SetupView,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpcomingView {
    /// `session` (mentorship) or `class`.
    pub kind: String,
    pub id: String,
    /// The plan's title (sessions) or the class's topic.
    pub title: String,
    pub starts_at: String,
    pub ends_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeReviewView {
    pub id: String,
    pub course_id: String,
    pub course_title: String,
    pub student_name: String,
    pub rating: i64,
    pub body: Option<String>,
    pub created_at: String,
}

/// The "finish setting up" list: each item done or not.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupView {
    pub profile_picture: bool,
    pub first_course: bool,
    pub payout_account: bool,
    pub available_hours: bool,
    /// All four done.
    pub complete: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffHomeView {
    pub unread_contact_messages: i64,
    pub unread_admission_messages: i64,
    /// The 5 syllabuses and 5 subjects changed last.
    pub recent_syllabuses: Vec<MaterialView>,
    pub recent_subjects: Vec<MaterialView>,
    /// Users who registered this week (from Monday, in Vietnam).
    pub users_this_week: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaterialView {
    pub id: String,
    pub code: String,
    pub name: String,
    pub updated_at: String,
}
