//! What the catalogue sells, as commerce reads it: a course's current prices, currency, status and teacher.
//! Prices are read here at every cart read and checkout; nothing in commerce keeps a price of its own before an
//! order snapshots it.

use academy_shared::{catalogue::CourseStatus, mentorship::plan::Duration, money::Currency};
use sqlx::{AnyConnection, FromRow};

/// A course as something to buy.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OfferRow {
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    /// The list price (minor units).
    pub price: i64,
    /// The sale price below it, when the course is on sale.
    pub discount: Option<i64>,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    #[sqlx(try_from = "String")]
    pub status: CourseStatus,
    pub instructor_id: String,
    /// A mentorship plan's duration when the offer is a plan (its id is the plan's), `None` for a course.
    #[sqlx(skip)]
    pub plan: Option<Duration>,
}

impl OfferRow {
    /// What the course costs now ([`academy_shared::catalogue::current_price`]).
    pub fn current_price(&self) -> i64 {
        academy_shared::catalogue::current_price(self.price, self.discount)
    }

    pub fn is_published(&self) -> bool {
        self.status == CourseStatus::Published
    }
}

pub(crate) const OFFER_COLUMNS: &str =
    "c.id, c.title_vi, c.title_en, c.thumbnail, c.price, c.discount, c.currency, c.status, c.instructor_id";

/// The course with this id (or slug).
pub async fn find(conn: &mut AnyConnection, id_or_slug: &str) -> Result<Option<OfferRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {OFFER_COLUMNS} from courses c where c.id = $1 or c.slug = $1"))
        .bind(id_or_slug)
        .fetch_optional(conn)
        .await
}

/// Whether the user is enrolled in the course (owns it).
pub async fn owns(conn: &mut AnyConnection, user_id: &str, course_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("select 1 from course_enrollments where user_id = $1 and course_id = $2")
            .bind(user_id)
            .bind(course_id)
            .fetch_optional(conn)
            .await?;
    Ok(found.is_some())
}
