//! What the reports refuse, with the texts the person sees.

use academy_shared::{Message as _, reports::RangeError};

use crate::platform::text::Text;

#[derive(Debug, thiserror::Error)]
pub enum ReportsError {
    /// The range or grouping asked for breaks its rule.
    #[error("invalid range: {0}")]
    Range(RangeError),
    /// A report kind other than `course` or `mentorship`.
    #[error("no such report kind")]
    BadKind,
    /// No such teacher, or a teacher naming another.
    #[error("no such teacher")]
    TeacherNotFound,
    /// No such course or plan, or one of another teacher's.
    #[error("no such course or plan")]
    ProductNotFound,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl ReportsError {
    /// The field at fault and its text, for refusals of the request's values.
    pub fn invalid(&self) -> Option<(&'static str, Text)> {
        match self {
            Self::Range(e) => {
                let e = e.clone();
                Some((e.field(), Text::localized(move |lang| e.message(lang))))
            }
            Self::BadKind => Some((
                "kind",
                Text::new("Loại báo cáo là course hoặc mentorship.", "The report kind is course or mentorship."),
            )),
            _ => None,
        }
    }

    pub fn not_found(&self) -> Option<Text> {
        match self {
            Self::TeacherNotFound => Some(Text::new("Không tìm thấy giảng viên.", "No such teacher.")),
            Self::ProductNotFound => {
                Some(Text::new("Không tìm thấy khóa học hoặc gói cố vấn.", "No such course or mentorship plan."))
            }
            _ => None,
        }
    }
}
