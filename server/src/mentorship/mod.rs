//! Mentorship: the plans teachers sell ([`plans`]), bookings bought through commerce's checkout ([`bookings`]:
//! seats, periods, renewals), what the booking tells people ([`notify`]), and the lists the profile and the
//! dashboard show.
//!
//! Use cases return a [`MentorshipError`]; [`routes`] turns it into the API's answer. Commerce calls
//! [`bookings`] inside its checkout and payment transactions; mentorship never calls commerce.

pub mod bookings;
pub mod notify;
pub mod plans;
pub mod repo;
pub mod routes;
pub mod views;

use academy_shared::mentorship::plan::{PlanError, PlanField};
use academy_shared::validation::FieldErrors;

use crate::platform::text::Text;

/// Why a mentorship use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum MentorshipError {
    #[error("no such plan")]
    PlanNotFound,
    /// The plan is paused: it takes no bookings.
    #[error("the plan is paused")]
    PlanPaused,
    /// Teachers do not book their own plans.
    #[error("the plan is the buyer's own")]
    OwnPlan,
    /// Every seat of the plan is taken by an active booking or briefly held by an unpaid order.
    #[error("the plan is full")]
    PlanFull,
    /// A plan that was booked is paused, never deleted.
    #[error("the plan was booked")]
    PlanInUse,
    /// Only the plan's owner (or an administrator) manages it.
    #[error("not the plan's owner")]
    Forbidden,
    #[error("invalid plan")]
    Invalid(FieldErrors<PlanField, PlanError>),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl MentorshipError {
    /// The text shown for a refusal (`None` for the database's failures and the field errors, which speak for
    /// themselves).
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::PlanNotFound => Text::new("Không tìm thấy gói cố vấn.", "Mentorship plan not found."),
            Self::PlanPaused => Text::new(
                "Gói cố vấn này đang tạm dừng nhận đăng ký.",
                "This mentorship plan is paused and takes no bookings.",
            ),
            Self::OwnPlan => Text::new(
                "Bạn không thể đăng ký gói cố vấn của chính mình.",
                "You cannot book your own mentorship plan.",
            ),
            Self::PlanFull => Text::new(
                "Gói cố vấn này đã đủ học viên. Vui lòng chọn gói khác hoặc quay lại sau.",
                "This mentorship plan is full. Choose another plan or come back later.",
            ),
            Self::PlanInUse => Text::new(
                "Gói này đã có người đăng ký nên không thể xóa. Hãy tạm dừng gói thay vì xóa.",
                "This plan has been booked, so it cannot be deleted. Pause it instead.",
            ),
            Self::Forbidden => Text::new(
                "Bạn chỉ có thể quản lý gói cố vấn của mình.",
                "You can only manage your own mentorship plans.",
            ),
            Self::Invalid(_) | Self::Database(_) => return None,
        })
    }
}

/// Every route of this domain (plans, bookings, mentees); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
