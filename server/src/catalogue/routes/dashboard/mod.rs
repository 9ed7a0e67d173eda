//! Catalogue management for the dashboard, under `/api/dashboard/…`, guarded on the server by role and
//! ownership: courses with their curriculum and publication (teachers their own, admins all), categories
//! and course types (ADMIN; every dashboard role reads them, for the course editor), banners and feed
//! moderation (ADMIN). The use cases are in [`crate::catalogue::service`]; these routes read the request, call
//! them and present the answer. Subjects and syllabuses are in [`crate::material::routes`], the inboxes in
//! [`crate::contact::inbox`].

pub mod banners;
pub mod courses;
pub mod moderation;
pub mod taxonomy;

use utoipa_axum::{router::OpenApiRouter, routes};

// The names the routes below use as `super::…` (their OpenAPI attributes too).
use super::{ApiError, ApiResult, Envelope, Json, Language, Pagination, Path, Query, Text, error, ok};
use crate::{catalogue::service::ManageError, state::AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(courses::list_managed_courses, courses::create_course))
        .routes(routes!(courses::get_managed_course, courses::update_course, courses::delete_course))
        .routes(routes!(courses::replace_curriculum))
        .routes(routes!(courses::set_course_status))
        .routes(routes!(taxonomy::list_managed_categories, taxonomy::create_category))
        .routes(routes!(taxonomy::update_category, taxonomy::delete_category))
        .routes(routes!(taxonomy::list_course_types, taxonomy::create_course_type))
        .routes(routes!(taxonomy::update_course_type, taxonomy::delete_course_type))
        .routes(routes!(banners::list_all_banners, banners::create_banner))
        .routes(routes!(banners::update_banner, banners::delete_banner))
        .routes(routes!(moderation::list_feed_for_moderation))
        .routes(routes!(moderation::moderate_feed_post))
}

impl From<ManageError> for ApiError {
    fn from(error: ManageError) -> Self {
        match error {
            ManageError::NotFound => ApiError::not_found(),
            ManageError::NotYours => ApiError::forbidden(),
            ManageError::Invalid(errors) => ApiError::from(&errors),
            ManageError::Refused { field, error } => ApiError::refused(field, error),
            ManageError::UnknownStatus => {
                ApiError::invalid_field("status", Text::new("Trạng thái không hợp lệ", "Unknown status"))
            }
            ManageError::TypeInUse(used) => ApiError::Conflict(Text::localized(move |lang| {
                lang.pick(
                    &format!("Không thể xóa: {used} khóa học đang dùng loại này"),
                    &format!("Cannot delete: {used} courses use this type"),
                )
                .to_owned()
            })),
            ManageError::HasBuyers => ApiError::Conflict(Text::new(
                "Không thể xóa khóa học đã có học viên, đã bán hoặc đang có đơn hàng chờ thanh toán. Hãy lưu trữ \
                 khóa học: khóa học sẽ không còn hiển thị trong danh mục và học viên vẫn tiếp tục học được.",
                "A course with students, sales or unpaid orders cannot be deleted. Archive it instead: it leaves the \
                 catalogue and its students keep learning it.",
            )),
            ManageError::Database(e) => e.into(),
        }
    }
}
