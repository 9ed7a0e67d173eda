//! Reviews' endpoints: `GET /api/courses/{id}/reviews` (a page of them, with the caller's own and what the caller
//! may do), `PUT /api/courses/{id}/reviews/mine` (write or change one's review), `PUT /api/reviews/{id}/reply`
//! (the course's teacher) and `PUT /api/reviews/{id}/visibility` (administrators).

use academy_shared::{
    learning::{CourseRole, ReviewForm},
    names::full_name,
    roles::Role,
};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Pagination, Path, Text,
    repo::ReviewRow,
    service::{self, ReviewsError},
};
use crate::{
    catalogue::routes::courses::iso,
    http::{Admins, Allowed, CurrentUser, MaybeUser, ok},
    learning::{service::Person, views::PersonRef},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_reviews))
        .routes(routes!(save_my_review))
        .routes(routes!(reply_to_review))
        .routes(routes!(set_review_visibility))
}

pub mod texts {
    use super::Text;

    pub fn review_not_found() -> Text {
        Text::new("Không tìm thấy đánh giá.", "The review was not found.")
    }
    pub fn not_enrolled() -> Text {
        Text::new(
            "Chỉ học viên đã ghi danh khóa học mới có thể đánh giá.",
            "Only learners enrolled in the course can review it.",
        )
    }
    pub fn not_the_teacher() -> Text {
        Text::new(
            "Chỉ giảng viên của khóa học mới có thể phản hồi đánh giá.",
            "Only the course's teacher can reply to its reviews.",
        )
    }
}

impl From<ReviewsError> for ApiError {
    fn from(error: ReviewsError) -> ApiError {
        match error {
            ReviewsError::CourseNotFound => ApiError::NotFound(crate::learning::routes::texts::course_not_found()),
            ReviewsError::ReviewNotFound => ApiError::NotFound(texts::review_not_found()),
            ReviewsError::NotEnrolled => ApiError::Forbidden(texts::not_enrolled()),
            ReviewsError::NotTheTeacher => ApiError::Forbidden(texts::not_the_teacher()),
            ReviewsError::Refused(errors) => ApiError::from(&errors),
            ReviewsError::Database(e) => e.into(),
        }
    }
}

fn person(user: &CurrentUser) -> Person<'_> {
    Person { id: &user.id, is_admin: user.role == Role::Admin }
}

/// The teacher's reply under a review.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewReply {
    pub text: String,
    pub replied_at: String,
    pub author: PersonRef,
}

/// A learner's review of a course.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: String,
    /// 1–5 stars.
    pub rating: i64,
    /// Plain text; null when the learner only gave stars.
    pub text: Option<String>,
    pub author: PersonRef,
    pub created_at: String,
    pub updated_at: String,
    /// Changed after it was first written.
    pub edited: bool,
    /// Hidden by an administrator: listed only to administrators and its author.
    pub hidden: bool,
    pub reply: Option<ReviewReply>,
}

impl From<ReviewRow> for Review {
    fn from(row: ReviewRow) -> Review {
        let reply = match (row.reply, row.replied_at) {
            (Some(text), Some(at)) => Some(ReviewReply {
                text,
                replied_at: iso(at),
                author: PersonRef {
                    name: full_name(row.replier_first_name.as_deref(), row.replier_last_name.as_deref(), ""),
                    image: row.replier_avatar,
                },
            }),
            _ => None,
        };
        Review {
            id: row.id,
            rating: row.rating,
            text: row.body,
            author: PersonRef {
                name: full_name(row.author_first_name.as_deref(), row.author_last_name.as_deref(), ""),
                image: row.author_avatar,
            },
            created_at: iso(row.created_at),
            updated_at: iso(row.updated_at),
            edited: row.updated_at > row.created_at,
            hidden: row.hidden.get(),
            reply,
        }
    }
}

/// A page of a course's reviews, with the course's rating, the caller's own review and what the caller may do.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewList {
    pub items: Vec<Review>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
    /// The average of the visible reviews, one decimal.
    pub rating_average: f64,
    pub rating_count: i64,
    /// The caller's review, hidden or not.
    pub mine: Option<Review>,
    /// The caller is enrolled: they may write (or change) their review.
    pub can_review: bool,
    /// The caller teaches the course: they may reply.
    pub can_reply: bool,
    /// The caller is an administrator: hidden reviews are listed, and any can be hidden or shown.
    pub can_moderate: bool,
}

/// The reviews of a course, newest first (5 a page unless asked): the visible ones, and for administrators the
/// hidden ones too.
#[utoipa::path(
    get,
    path = "/api/courses/{id}/reviews",
    tag = "reviews",
    params(("id" = String, Path, description = "Course id or slug"), Pagination<5>),
    responses(
        (status = 200, description = "A page of reviews", body = super::Envelope<ReviewList>),
        (status = 404, description = "No such course", body = super::error::ErrorEnvelope),
    )
)]
pub async fn list_reviews(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
    paging: Pagination<5>,
) -> ApiResult<ReviewList> {
    let found = service::list(&state.pool, user.as_ref().map(person), &id, (paging.page_size, paging.offset())).await?;
    let (average, count) = found.rating;
    Ok(ok(ReviewList {
        items: found.items.into_iter().map(Review::from).collect(),
        page: paging.page,
        page_size: paging.page_size,
        total: found.total,
        total_pages: (found.total + paging.page_size - 1) / paging.page_size,
        rating_average: (average * 10.0).round() / 10.0,
        rating_count: count,
        mine: found.mine.map(Review::from),
        can_review: found.role == CourseRole::Student,
        can_reply: found.role == CourseRole::Teacher,
        can_moderate: found.moderator,
    }))
}

/// Writes the caller's review of a course, or changes it: learners enrolled in the course, one review each. The
/// course's rating is recomputed at once.
#[utoipa::path(
    put,
    path = "/api/courses/{id}/reviews/mine",
    tag = "reviews",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = ReviewFormBody,
    responses(
        (status = 200, description = "The review as saved", body = super::Envelope<Review>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not enrolled in the course", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course", body = super::error::ErrorEnvelope),
        (status = 422, description = "Stars outside 1–5, or a text too long", body = super::error::ErrorEnvelope),
    )
)]
pub async fn save_my_review(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ReviewFormBody>,
) -> ApiResult<Review> {
    let form = ReviewForm { rating: body.rating, text: body.text.unwrap_or_default() };
    let review = service::save_mine(&state.pool, person(&user), &id, &form, now_ms()).await?;
    Ok(ok(review.into()))
}

/// A review as the form sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ReviewFormBody {
    /// 1–5.
    pub rating: i64,
    /// Optional, at most 5,000 characters.
    #[serde(default)]
    pub text: Option<String>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ReplyBody {
    /// At most 5,000 characters.
    pub text: String,
}

/// The course's teacher replies to a review (a new reply replaces the earlier one).
#[utoipa::path(
    put,
    path = "/api/reviews/{id}/reply",
    tag = "reviews",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Review id")),
    request_body = ReplyBody,
    responses(
        (status = 200, description = "The review with its reply", body = super::Envelope<Review>),
        (status = 403, description = "Not the course's teacher", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such review", body = super::error::ErrorEnvelope),
        (status = 422, description = "An empty or too long reply", body = super::error::ErrorEnvelope),
    )
)]
pub async fn reply_to_review(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ReplyBody>,
) -> ApiResult<Review> {
    Ok(ok(service::reply(&state.pool, person(&user), &id, &body.text, now_ms()).await?.into()))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct VisibilityBody {
    pub hidden: bool,
}

/// Hides a review (it leaves the list and the course's rating) or shows it again. Administrators.
#[utoipa::path(
    put,
    path = "/api/reviews/{id}/visibility",
    tag = "reviews",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Review id")),
    request_body = VisibilityBody,
    responses(
        (status = 200, description = "The review", body = super::Envelope<Review>),
        (status = 404, description = "No such review", body = super::error::ErrorEnvelope),
    )
)]
pub async fn set_review_visibility(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<VisibilityBody>,
) -> ApiResult<Review> {
    Ok(ok(service::set_hidden(&state.pool, person(&user), &id, body.hidden, now_ms()).await?.into()))
}
