//! Reviews of courses: a learner enrolled in a course rates it from 1 to 5 stars with an optional text, once
//! (editing it later); its teacher may reply; an administrator may hide a review. The course's average and
//! number of ratings count the visible reviews and are recomputed in the transaction of every change.

use academy_shared::learning::{CourseRole, ReviewError, ReviewField, ReviewForm, validate_reply, validate_review};
use academy_shared::validation::FieldErrors;

use super::repo::{self, ReviewRow};
use crate::learning::service::{LearningError, Person, course_access};
use crate::platform::db::Pool;

/// Why a review request is refused.
#[derive(Debug, thiserror::Error)]
pub enum ReviewsError {
    /// No such course, or one this person may not see.
    #[error("no such course")]
    CourseNotFound,
    #[error("no such review")]
    ReviewNotFound,
    /// Only learners enrolled in the course review it.
    #[error("not enrolled in this course")]
    NotEnrolled,
    /// Only the course's teacher replies to its reviews.
    #[error("not the course's teacher")]
    NotTheTeacher,
    #[error("the review breaks its rules")]
    Refused(FieldErrors<ReviewField, ReviewError>),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<LearningError> for ReviewsError {
    fn from(error: LearningError) -> Self {
        match error {
            LearningError::Database(e) => ReviewsError::Database(e),
            _ => ReviewsError::CourseNotFound,
        }
    }
}

/// A page of a course's reviews as `person` sees it.
#[derive(Debug, Clone)]
pub struct ReviewPage {
    pub items: Vec<ReviewRow>,
    pub total: i64,
    /// The course's average rating and number of ratings (visible reviews).
    pub rating: (f64, i64),
    /// The person's own review, hidden or not.
    pub mine: Option<ReviewRow>,
    pub role: CourseRole,
    /// An administrator: hidden reviews are listed, marked, and can be shown again.
    pub moderator: bool,
}

/// A page of the reviews of the course `id_or_slug`, newest first: the visible ones, and for an administrator
/// the hidden ones too.
pub async fn list(
    pool: &Pool,
    person: Option<Person<'_>>,
    id_or_slug: &str,
    (limit, offset): (i64, i64),
) -> Result<ReviewPage, ReviewsError> {
    let access = course_access(pool, person, id_or_slug).await?;
    let moderator = person.is_some_and(|p| p.is_admin);
    let (items, total) = repo::page(pool, &access.course.id, moderator, limit, offset).await?;
    let mine = match person {
        Some(p) => repo::of_user(pool, &access.course.id, p.id).await?,
        None => None,
    };
    let rating = repo::rating(pool, &access.course.id).await?;
    Ok(ReviewPage { items, total, rating, mine, role: access.role, moderator })
}

/// Writes `person`'s review of the course (their first, or a change of it) and recomputes the course's rating in
/// the same transaction. Only learners enrolled in the course.
pub async fn save_mine(
    pool: &Pool,
    person: Person<'_>,
    id_or_slug: &str,
    form: &ReviewForm,
    now_ms: i64,
) -> Result<ReviewRow, ReviewsError> {
    let access = course_access(pool, Some(person), id_or_slug).await?;
    if access.role != CourseRole::Student {
        return Err(ReviewsError::NotEnrolled);
    }
    let review = validate_review(form).map_err(ReviewsError::Refused)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::upsert(&mut tx, &access.course.id, person.id, review.rating, review.text.as_deref(), now_ms).await?;
    repo::refresh_rating(&mut tx, &access.course.id).await?;
    tx.commit().await?;
    repo::of_user(pool, &access.course.id, person.id).await?.ok_or(ReviewsError::ReviewNotFound)
}

/// The teacher's reply to a review of their course (replacing an earlier one).
pub async fn reply(
    pool: &Pool,
    person: Person<'_>,
    review_id: &str,
    text: &str,
    now_ms: i64,
) -> Result<ReviewRow, ReviewsError> {
    let review = repo::find(pool, review_id).await?.ok_or(ReviewsError::ReviewNotFound)?;
    let access = course_access(pool, Some(person), &review.course_id).await.map_err(|e| match e {
        LearningError::CourseNotFound => ReviewsError::ReviewNotFound,
        other => other.into(),
    })?;
    if access.role != CourseRole::Teacher {
        return Err(ReviewsError::NotTheTeacher);
    }
    let text = validate_reply(text).map_err(ReviewsError::Refused)?;
    repo::set_reply(&mut *pool.acquire().await?, &review.id, &text, person.id, now_ms).await?;
    repo::find(pool, &review.id).await?.ok_or(ReviewsError::ReviewNotFound)
}

/// Hides a review (or shows it again) and recomputes the course's rating in the same transaction. For
/// administrators: the caller checks the role.
pub async fn set_hidden(
    pool: &Pool,
    admin: Person<'_>,
    review_id: &str,
    hidden: bool,
    now_ms: i64,
) -> Result<ReviewRow, ReviewsError> {
    let review = repo::find(pool, review_id).await?.ok_or(ReviewsError::ReviewNotFound)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::set_hidden(&mut tx, &review.id, hidden, admin.id, now_ms).await?;
    repo::refresh_rating(&mut tx, &review.course_id).await?;
    tx.commit().await?;
    repo::find(pool, &review.id).await?.ok_or(ReviewsError::ReviewNotFound)
}
