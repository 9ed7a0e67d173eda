//! The catalogue's use cases: who sees what of a course ([`access`]); for the people who edit it: courses with their curriculum and publication
//! ([`courses`]: teachers their own, administrators every course), categories and course types ([`taxonomy`]),
//! home page banners ([`banners`]) and feed moderation ([`moderation`]).
//!
//! Every write is checked by the shared rules first and runs in one transaction. The use cases answer
//! [`ManageError`]; the dashboard's routes say it in HTTP.

pub mod access;
pub mod banners;
pub mod courses;
pub mod moderation;
pub mod taxonomy;

use academy_shared::{
    catalogue::{CatalogueError, CatalogueField},
    roles::Role,
    validation::FieldErrors,
};

/// Why an edit of the catalogue is refused.
#[derive(Debug, thiserror::Error)]
pub enum ManageError {
    /// No such course, category, course type, banner or post.
    #[error("not found")]
    NotFound,
    /// A teacher asked for another teacher's course.
    #[error("another teacher's course")]
    NotYours,
    /// The form breaks the shared rules, field by field.
    #[error("invalid form")]
    Invalid(FieldErrors<CatalogueField, CatalogueError>),
    /// One value is refused (`field` as the API names it).
    #[error("{field} refused")]
    Refused { field: &'static str, error: CatalogueError },
    /// A status the item cannot have (`field` as the API names it).
    #[error("unknown status")]
    UnknownStatus,
    /// A course type still used by this many courses cannot be deleted.
    #[error("course type used by {0} courses")]
    TypeInUse(i64),
    /// A course with students, sales or unpaid orders is archived, never deleted.
    #[error("the course has buyers")]
    HasBuyers,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Who edits: the signed-in person's id and role.
#[derive(Debug, Clone, Copy)]
pub struct Editor<'a> {
    pub id: &'a str,
    pub role: Role,
}

impl Editor<'_> {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}
