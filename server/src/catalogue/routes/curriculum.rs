//! A course page's curriculum a part at a time. `GET /api/courses/{id}` carries every section (title, lesson
//! count, duration) but the lessons of its first sections only, up to [`FIRST_LESSONS`]: a course of hundreds
//! of lessons would otherwise make every visitor's page heavy. The rest come from
//! `GET /api/courses/{id}/sections?from=&limit=`, from the section `moreLessonsFrom` names. Both answers are kept
//! in memory for visitors who are not signed in, like the course lists (see [`crate::platform::cache`]).

use axum::{
    extract::State,
    http::HeaderMap,
    response::{IntoResponse as _, Response},
};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, Language, Path, Query,
    courses::{CourseDetail, Section, Viewer, course_detail},
    ok,
};
use crate::{
    http::{CurrentUser, MaybeUser},
    platform::cache::Accepted,
    state::AppState,
};

/// The most lessons a course page carries: those of its first sections, whole sections (the first one always).
pub const FIRST_LESSONS: usize = 100;
/// The most sections one request for further sections answers.
pub const SECTIONS_PAGE_MAX: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_course)).routes(routes!(list_course_sections))
}

fn viewer_of(user: Option<CurrentUser>) -> Viewer {
    match user {
        Some(user) => Viewer { is_admin: user.role == academy_shared::roles::Role::Admin, user_id: Some(user.id) },
        None => Viewer::default(),
    }
}

/// Keeps the lessons of the first `sections` (up to [`FIRST_LESSONS`], whole sections, the first always) and
/// empties the others' lists; answers the index of the first section emptied, if any.
pub fn keep_first_lessons(sections: &mut [Section]) -> Option<i64> {
    let mut carried = 0;
    let mut cut_from = None;
    for (index, section) in sections.iter_mut().enumerate() {
        if cut_from.is_none() && (index == 0 || carried + section.lessons.len() <= FIRST_LESSONS) {
            carried += section.lessons.len();
            continue;
        }
        cut_from.get_or_insert(i64::try_from(index).unwrap_or(i64::MAX));
        section.lessons.clear();
    }
    cut_from
}

/// The answer: from memory for a visitor who is not signed in, otherwise read now (it depends on who asks:
/// their enrolment opens every lesson).
async fn answer<T, F>(
    state: &AppState,
    key: String,
    headers: &HeaderMap,
    signed_in: bool,
    compute: F,
) -> Result<Response, ApiError>
where
    T: serde::Serialize,
    F: Future<Output = Result<T, ApiError>>,
{
    if signed_in {
        return Ok(ok(compute.await?).into_response());
    }
    state.cache.json(&state.pool, key, Accepted::from_headers(headers), compute).await
}

/// One course with its curriculum (by id or slug): every section, with the lessons of the first sections (at most
/// 100 lessons, whole sections); the lessons of the others from `GET /api/courses/{id}/sections`, starting at the
/// section `moreLessonsFrom` names. Video links of lessons that are not free previews are only sent to enrolled
/// learners, the instructor and admins, signed for a while when the video is stored here.
#[utoipa::path(
    get,
    path = "/api/courses/{id}",
    tag = "catalogue",
    params(("id" = String, Path, description = "Course id or slug")),
    responses(
        (status = 200, description = "The course", body = super::Envelope<CourseDetail>),
        (status = 404, description = "No such published course", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_course(
    State(state): State<AppState>,
    Language(lang): Language,
    headers: HeaderMap,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let signed_in = user.is_some();
    let viewer = viewer_of(user);
    let key = format!("course|{}|{id}", lang.code());
    answer(&state, key, &headers, signed_in, async {
        let mut detail = course_detail(&state, &id, &viewer, lang).await?;
        detail.more_lessons_from = keep_first_lessons(&mut detail.sections);
        Ok(detail)
    })
    .await
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SectionsParams {
    /// The index of the first section to answer (0 is the first; `moreLessonsFrom` of the course page).
    pub from: Option<u32>,
    /// How many sections, 1 to 100 (default 100).
    pub limit: Option<u32>,
}

/// Sections of a course's curriculum with all their lessons, from section `from` on (at most `limit`), as the
/// course page shows them to the caller: the lessons the course page leaves out.
#[utoipa::path(
    get,
    path = "/api/courses/{id}/sections",
    tag = "catalogue",
    params(("id" = String, Path, description = "Course id or slug"), SectionsParams),
    responses(
        (status = 200, description = "The sections, in order", body = super::Envelope<Vec<Section>>),
        (status = 404, description = "No such published course", body = super::error::ErrorEnvelope),
    )
)]
pub async fn list_course_sections(
    State(state): State<AppState>,
    Language(lang): Language,
    headers: HeaderMap,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
    Query(params): Query<SectionsParams>,
) -> Result<Response, ApiError> {
    let from = usize::try_from(params.from.unwrap_or(0)).unwrap_or(usize::MAX);
    let limit = usize::try_from(params.limit.unwrap_or(100)).unwrap_or(SECTIONS_PAGE_MAX).clamp(1, SECTIONS_PAGE_MAX);
    let signed_in = user.is_some();
    let viewer = viewer_of(user);
    let key = format!("course-sections|{}|{id}|{from}|{limit}", lang.code());
    answer(&state, key, &headers, signed_in, async {
        let detail = course_detail(&state, &id, &viewer, lang).await?;
        Ok(detail.sections.into_iter().skip(from).take(limit).collect::<Vec<Section>>())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::routes::courses::Lesson;

    fn section(index: usize, lessons: usize) -> Section {
        Section {
            id: format!("s{index}"),
            title: String::new(),
            order: i64::try_from(index).unwrap_or_default(),
            lesson_count: i64::try_from(lessons).unwrap_or_default(),
            duration_seconds: 0,
            lessons: (0..lessons)
                .map(|l| Lesson {
                    id: format!("l{index}-{l}"),
                    title: String::new(),
                    order: i64::try_from(l).unwrap_or_default(),
                    duration_seconds: 0,
                    free_preview: false,
                    video_url: None,
                    locked: true,
                })
                .collect(),
        }
    }

    #[test]
    fn the_page_carries_whole_first_sections_up_to_a_hundred_lessons() {
        let carried = |sizes: &[usize]| {
            let mut sections: Vec<Section> = sizes.iter().enumerate().map(|(i, n)| section(i, *n)).collect();
            let cut_from = keep_first_lessons(&mut sections);
            (sections.iter().map(|s| s.lessons.len()).collect::<Vec<_>>(), cut_from)
        };
        assert_eq!(carried(&[10, 20]), (vec![10, 20], None));
        assert_eq!(carried(&[60, 40, 1]), (vec![60, 40, 0], Some(2)));
        assert_eq!(carried(&[60, 41, 1]), (vec![60, 0, 0], Some(1)));
        assert_eq!(carried(&[150, 1]), (vec![150, 0], Some(1)), "the first section always");
        assert_eq!(carried(&[]), (vec![], None));
    }
}
