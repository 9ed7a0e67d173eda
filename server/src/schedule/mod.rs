//! A teacher's week: the availability they edit ([`service`]), the open session times of a mentor a student
//! books against a mentorship booking, and the booked sessions (cancelled or moved up to the teacher's notice).
//!
//! The session times come from the shared rule (`academy_shared::schedule`), the same one the booking page runs
//! in the browser; the server recomputes them on every booking. Use cases return a [`ScheduleError`];
//! [`routes`] turns it into the API's answer. A teacher's calendar of sessions and classes, and its iCalendar
//! subscription, are in [`calendar`] (over HTTP in [`routes::calendar`]).

pub mod calendar;
pub mod notify;
pub mod repo;
pub mod routes;
pub mod service;
pub mod views;

use academy_shared::{
    schedule::{AvailabilityError, AvailabilityField, SlotRefusal},
    validation::FieldErrors,
};

use academy_shared::validation::Message as _;

use crate::platform::text::Text;

/// Why a schedule use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error("invalid availability")]
    Invalid(FieldErrors<AvailabilityField, AvailabilityError>),
    /// The range of open slots asked for is empty, unreadable or longer than 62 days.
    #[error("invalid range")]
    Range,
    /// Only a mentor and the students holding an active booking of their plans see their open slots.
    #[error("no active booking of the mentor")]
    NoBooking,
    #[error("no such booking")]
    BookingNotFound,
    /// The booking's period is over (or has not begun).
    #[error("the booking is not active")]
    BookingInactive,
    #[error("no such session")]
    SessionNotFound,
    /// Only the session's student and teacher change it.
    #[error("not the session's student or teacher")]
    NotYours,
    /// The shared rule refuses the wanted time.
    #[error("slot refused: {0}")]
    Refused(SlotRefusal),
    /// The wanted time starts after the booking ends.
    #[error("after the booking ends")]
    AfterBooking,
    /// Every session of the booking's period is booked.
    #[error("the period's sessions are booked")]
    LimitReached { max: i64 },
    /// Less than the teacher's notice is left before the session.
    #[error("too late to change the session")]
    TooLate { notice_minutes: u32 },
    /// The session was cancelled.
    #[error("the session was cancelled")]
    Cancelled,
    /// A teacher sees only their own calendar (an administrator anyone's).
    #[error("another teacher's calendar")]
    NotYourCalendar,
    /// The calendar asked for is of no one.
    #[error("no such teacher")]
    TeacherNotFound,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl ScheduleError {
    /// The text shown for a refusal (`None` for the database's failures, the field errors and an unknown teacher,
    /// which is the API's plain "not found").
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::Range => Text::new(
                "Khoảng thời gian không hợp lệ (tối đa 62 ngày).",
                "The time range is invalid (at most 62 days).",
            ),
            Self::NoBooking => Text::new(
                "Chỉ học viên đang có gói cố vấn của giáo viên này mới xem và đặt được lịch.",
                "Only students with an active mentorship booking of this mentor can see and book their times.",
            ),
            Self::BookingNotFound => {
                Text::new("Không tìm thấy gói cố vấn đã đăng ký.", "Mentorship booking not found.")
            }
            Self::BookingInactive => Text::new(
                "Gói cố vấn của bạn không còn hiệu lực. Hãy gia hạn để đặt lịch.",
                "Your mentorship booking is not active. Renew it to book sessions.",
            ),
            Self::SessionNotFound => Text::new("Không tìm thấy buổi học.", "Session not found."),
            Self::NotYours => {
                Text::new("Bạn chỉ có thể thay đổi buổi học của chính mình.", "You can only change your own sessions.")
            }
            Self::Refused(refusal) => {
                let refusal = *refusal;
                Text::localized(move |lang| refusal.message(lang))
            }
            Self::AfterBooking => Text::new(
                "Thời gian này sau khi gói cố vấn của bạn kết thúc.",
                "This time is after your mentorship booking ends.",
            ),
            Self::LimitReached { max } => Text::new(
                format!("Bạn đã đặt đủ {max} buổi trong kỳ này của gói cố vấn."),
                format!("You have booked all {max} sessions of this period of your mentorship."),
            ),
            Self::TooLate { notice_minutes } => Text::new(
                format!("Chỉ có thể hủy hoặc đổi lịch trước giờ học ít nhất {notice_minutes} phút."),
                format!("Sessions can be cancelled or moved up to {notice_minutes} minutes before they start."),
            ),
            Self::Cancelled => Text::new("Buổi học này đã bị hủy.", "This session was cancelled."),
            Self::NotYourCalendar => {
                Text::new("Bạn chỉ xem được lịch của chính mình.", "You can only see your own calendar.")
            }
            Self::TeacherNotFound | Self::Invalid(_) | Self::Database(_) => return None,
        })
    }
}

/// Every route of this domain (weekly hours, bookable sessions, the calendar and its subscription); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router()).merge(routes::calendar::router())
}
