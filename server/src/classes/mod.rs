//! Live classes: a teacher schedules a session for the students of one of their courses or the mentees of one of
//! their plans, with a number of seats; those students register until it starts while seats last (a full class
//! refuses, also when many register at once), and may withdraw before it starts. The shared rules
//! (`academy_shared::classes`) check a class and say why a registration is refused.
//!
//! The use cases ([`service`]) return a [`ClassesError`]; [`routes`] turns it into the API's answer; [`repo`]
//! holds the SQL; [`notify`] tells the students when a class moves or is cancelled.

pub mod demo;
pub mod notify;
pub mod repo;
pub mod routes;
pub mod service;

use academy_shared::{
    Lang,
    classes::{ClassError, ClassField, RegistrationRefusal},
    validation::FieldErrors,
};

use crate::platform::text::Text;

/// Why a class use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ClassesError {
    #[error("no such class")]
    NotFound,
    /// Only the class's teacher (or an administrator) manages it; a teacher schedules classes for their own
    /// courses and plans.
    #[error("not the class's teacher")]
    Forbidden,
    /// The student is neither enrolled in the class's course nor holds an active booking of its plan.
    #[error("not in the class's audience")]
    NotInAudience,
    #[error("registration refused: {0:?}")]
    Refused(RegistrationRefusal),
    #[error("invalid class")]
    Invalid(FieldErrors<ClassField, ClassError>),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl ClassesError {
    /// The text shown for a refusal (`None` for the database's failures and the field errors).
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::NotFound => Text::new("Không tìm thấy lớp học.", "Class not found."),
            Self::Forbidden => Text::new(
                "Bạn chỉ có thể quản lý lớp học của mình, cho khóa học và gói cố vấn của mình.",
                "You can only manage your own classes, for your own courses and mentorship plans.",
            ),
            Self::NotInAudience => Text::new(
                "Chỉ học viên của khóa học hoặc gói cố vấn đang hoạt động của lớp này mới đăng ký được.",
                "Only students of this class's course or mentees with an active booking of its plan can register.",
            ),
            Self::Refused(refusal) => Text::new(refusal.message(Lang::Vi), refusal.message(Lang::En)),
            Self::Invalid(_) | Self::Database(_) => return None,
        })
    }
}

/// Every route of this domain (live classes and their registrations); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
