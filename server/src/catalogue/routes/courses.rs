//! Public course endpoints: `GET /api/courses` (browse and search), plus the course shapes the other catalogue
//! endpoints reuse (a course page and its curriculum are served by [`super::curriculum`]).

use academy_shared::{
    i18n::Lang,
    limits::{SEARCH_MAX_CHARS, SLUG_MAX_CHARS},
    names::full_name,
};
use axum::{extract::State, http::HeaderMap, response::Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiError, Language, Pagination, Query};
use crate::{
    catalogue::repo::{
        self, Localized,
        courses::{CourseCardRow, CourseDetailRow, ListQuery, Price, Sort},
        localized_list, localized_list_in,
    },
    catalogue::service::access,
    platform::cache::Accepted,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_courses))
}

pub use crate::platform::time::iso;

/// The name of a course level in `lang`.
pub fn level_name(level: &str, lang: Lang) -> String {
    let (vi, en) = match level {
        "beginner" => ("Cơ bản", "Beginner"),
        "intermediate" => ("Trung cấp", "Intermediate"),
        "advanced" => ("Nâng cao", "Advanced"),
        other => (other, other),
    };
    lang.pick(vi, en).to_owned()
}

/// The instructor shown on a course card. `name` and `image` repeat the name and avatar for the carousel that
/// reads those.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardInstructor {
    pub user_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<String>,
    /// `lastName firstName`.
    pub name: String,
    pub image: Option<String>,
}

/// The category shown on a course card.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardCategory {
    pub id: String,
    pub slug: String,
    pub category_name: String,
}

/// A course as cards and lists show it, texts in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Course {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub title: String,
    pub thumbnail: Option<String>,
    /// Minor units of `currency` (VND: đồng; USD: cents).
    pub price: i64,
    /// The sale price, below `price`; null when not on sale.
    pub discount: Option<i64>,
    /// What the learner pays now: `discount` when on sale, else `price`.
    pub current_price: i64,
    #[schema(example = "VND")]
    pub currency: String,
    pub course_badge: Option<String>,
    /// The level's name in the request's language.
    pub level: String,
    /// `beginner`, `intermediate` or `advanced`.
    pub level_key: String,
    pub total_seat: i64,
    pub instructor: CardInstructor,
    pub category: CardCategory,
    pub rating_average: f64,
    pub rating_count: i64,
    pub enrollment_count: i64,
    pub sales_count: i64,
    pub lesson_count: i64,
    pub duration_seconds: i64,
    /// `draft`, `published` or `archived`.
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}

pub fn course_card(row: &CourseCardRow, lang: Lang) -> Course {
    course_card_from(row.clone(), lang)
}

/// [`course_card`], taking the row's texts instead of copying them (lists of many cards).
pub fn course_card_from(row: CourseCardRow, lang: Lang) -> Course {
    let badge = Localized::new(row.badge_vi.unwrap_or_default(), row.badge_en.unwrap_or_default()).into_lang(lang);
    Course {
        id: row.id,
        slug: row.slug,
        title: Localized::new(row.title_vi, row.title_en).into_lang(lang),
        thumbnail: row.thumbnail,
        price: row.price,
        discount: row.discount,
        current_price: academy_shared::catalogue::current_price(row.price, row.discount),
        currency: row.currency,
        course_badge: (!badge.is_empty()).then_some(badge),
        level: level_name(&row.level, lang),
        level_key: row.level,
        total_seat: row.total_seat,
        instructor: CardInstructor {
            name: full_name(row.instructor_first_name.as_deref(), row.instructor_last_name.as_deref(), ""),
            user_id: row.instructor_id,
            first_name: row.instructor_first_name,
            last_name: row.instructor_last_name,
            image: row.instructor_avatar.clone(),
            avatar: row.instructor_avatar,
        },
        category: CardCategory {
            id: row.category_id,
            slug: row.category_slug,
            category_name: Localized::new(row.category_vi, row.category_en).into_lang(lang),
        },
        rating_average: (row.rating_avg * 10.0).round() / 10.0,
        rating_count: row.rating_count,
        enrollment_count: row.enrollment_count,
        sales_count: row.sales_count,
        lesson_count: row.lesson_count,
        duration_seconds: row.duration_seconds,
        status: row.status.as_str().to_owned(),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
    }
}

/// Query of the course list.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CourseListParams {
    /// Words to find in titles, instructor and category names; Vietnamese marks and case are ignored.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// A category id (or slug).
    #[param(max_length = 120)]
    pub category: Option<String>,
    /// `popular` (default), `best-selling`, `best-rated`, `newest` or `free`.
    #[param(inline)]
    pub sort: Option<Sort>,
    /// `free` or `paid` courses only.
    #[param(inline)]
    pub price: Option<Price>,
}

/// A page of a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub total_pages: i64,
    /// False when `total` is an estimate: a text search for common words says "about N" instead of counting
    /// every match.
    pub total_exact: bool,
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, page: i64, page_size: i64, total: i64) -> Page<T> {
        let total_pages = if page_size > 0 { (total + page_size - 1) / page_size } else { 0 };
        Page { items, page, page_size, total, total_pages, total_exact: true }
    }
}

/// Lists published courses: text search, category filter, sort and pagination.
#[utoipa::path(
    get,
    path = "/api/courses",
    tag = "catalogue",
    params(CourseListParams, Pagination<12>),
    responses((status = 200, description = "One page of courses", body = super::Envelope<Page<Course>>))
)]
pub async fn list_courses(
    State(state): State<AppState>,
    Language(lang): Language,
    headers: HeaderMap,
    Query(params): Query<CourseListParams>,
    Pagination { page, page_size }: Pagination<12>,
) -> Result<Response, ApiError> {
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    ApiError::check_length("category", params.category.as_deref(), SLUG_MAX_CHARS)?;
    let query = ListQuery {
        search: params.search.filter(|s| !s.trim().is_empty()),
        category: params.category.filter(|c| !c.trim().is_empty()),
        sort: params.sort.unwrap_or_default(),
        price: params.price,
        page,
        page_size,
    };
    // Searches differing only in marks, case or spacing share an entry.
    let words = query.search.as_deref().map(repo::courses::search_words).unwrap_or_default().join(" ");
    let key = format!(
        "courses|{}|{words}|{}|{:?}|{:?}|{page}|{page_size}",
        lang.code(),
        query.category.as_deref().unwrap_or_default(),
        query.sort,
        query.price,
    );
    state
        .cache
        .json_as_of(&state.pool, key, Accepted::from_headers(&headers), async {
            let known = state.cache.known_version();
            let (found, as_of) = state.courses_index.list(&state.pool, state.backend, &query, known).await?;
            let items = found.items.into_iter().map(|row| course_card_from(row, lang)).collect::<Vec<_>>();
            Ok((Page { total_exact: found.total_exact, ..Page::new(items, page, page_size, found.total) }, as_of))
        })
        .await
}

/// A lesson of the curriculum. `videoUrl` is given for free previews, and for everything to enrolled
/// learners, the course's instructor and admins.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lesson {
    pub id: String,
    pub title: String,
    pub order: i64,
    pub duration_seconds: i64,
    pub free_preview: bool,
    pub video_url: Option<String>,
    /// True when the lesson (its video or its text) is withheld from this viewer.
    pub locked: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Section {
    pub id: String,
    pub title: String,
    pub order: i64,
    pub lesson_count: i64,
    pub duration_seconds: i64,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseTypeRef {
    pub id: String,
    pub name: String,
}

/// The instructor block of a course page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstructorSummary {
    pub profession: Option<String>,
    pub expertise: Vec<String>,
    pub bio: Option<String>,
    pub course_count: i64,
    pub student_count: i64,
}

/// A course page: the card's fields plus description, outcomes, requirements and curriculum.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseDetail {
    #[serde(flatten)]
    pub course: Course,
    pub description: String,
    pub what_you_will_learn: Vec<String>,
    pub requirements: Vec<String>,
    /// The teaching language (`vi`).
    pub language: String,
    pub course_type: Option<CourseTypeRef>,
    pub sections: Vec<Section>,
    pub instructor_profile: Option<InstructorSummary>,
    /// Whether the viewer may watch every lesson (enrolled, the instructor, or an admin).
    pub full_access: bool,
    /// The index of the first section whose `lessons` this answer leaves empty (its `lessonCount` says how many
    /// it has): those of it and the following sections come from `GET /api/courses/{id}/sections?from=<this>`.
    /// Null when every lesson is here.
    pub more_lessons_from: Option<i64>,
}

pub use crate::catalogue::service::access::Viewer;

/// Every text of a course its editor changes, in both languages, so the editor fills its form from one answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseTexts {
    pub title: Localized,
    pub description: Localized,
    pub what_you_will_learn: Vec<Localized>,
    pub requirements: Vec<Localized>,
    /// Null when the course has no badge.
    pub course_badge: Option<Localized>,
    /// The curriculum's titles, in the order of `sections`.
    pub sections: Vec<SectionTexts>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SectionTexts {
    pub id: String,
    pub title: Localized,
    pub lessons: Vec<LessonTexts>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LessonTexts {
    pub id: String,
    pub title: Localized,
}

/// Builds a course page for `viewer`; drafts and archived courses only for their instructor and admins.
pub async fn course_detail(state: &AppState, id: &str, viewer: &Viewer, lang: Lang) -> Result<CourseDetail, ApiError> {
    Ok(course_page(state, id, viewer, lang).await?.0)
}

/// [`course_detail`] with the texts of both languages beside it (for the course editor).
pub async fn course_page(
    state: &AppState,
    id: &str,
    viewer: &Viewer,
    lang: Lang,
) -> Result<(CourseDetail, CourseTexts), ApiError> {
    let row: CourseDetailRow = repo::courses::find(&state.pool, id).await?.ok_or_else(ApiError::not_found)?;
    let edits = viewer.edits(&row.card.instructor_id);
    if !access::may_see(row.card.status, edits) {
        return Err(ApiError::not_found());
    }
    let enrolled = match viewer.student(&row.card.instructor_id) {
        Some(user) => repo::courses::is_enrolled(&state.pool, user, &row.card.id).await?,
        None => false,
    };
    let full_access = access::full_access(edits, enrolled);
    let now = crate::platform::db::now_ms();
    let curriculum = repo::courses::curriculum(&state.pool, &row.card.id).await?;
    let section_texts = curriculum
        .iter()
        .map(|(section, lessons)| SectionTexts {
            id: section.id.clone(),
            title: Localized::new(&section.title_vi, &section.title_en),
            lessons: lessons
                .iter()
                .map(|l| LessonTexts { id: l.id.clone(), title: Localized::new(&l.title_vi, &l.title_en) })
                .collect(),
        })
        .collect();
    let sections = curriculum
        .into_iter()
        .map(|(section, lessons)| Section {
            id: section.id,
            title: Localized::new(section.title_vi, section.title_en).get(lang).to_owned(),
            order: section.position,
            lesson_count: i64::try_from(lessons.len()).unwrap_or_default(),
            duration_seconds: lessons.iter().map(|l| l.duration_seconds).sum(),
            lessons: lessons
                .into_iter()
                .map(|lesson| {
                    let free_preview = lesson.free_preview.get();
                    let locked = access::lesson_locked(free_preview, full_access);
                    Lesson {
                        id: lesson.id,
                        title: Localized::new(lesson.title_vi, lesson.title_en).get(lang).to_owned(),
                        order: lesson.position,
                        duration_seconds: lesson.duration_seconds,
                        free_preview,
                        locked,
                        video_url: if !locked {
                            lesson.video_url.map(|url| state.storage.video_view_url(&url, now))
                        } else {
                            None
                        },
                    }
                })
                .collect(),
        })
        .collect();
    let instructor_profile =
        repo::mentors::find_instructor(&state.pool, &row.card.instructor_id).await?.map(|p| InstructorSummary {
            profession: Some(Localized::new(p.profession_vi, p.profession_en).get(lang).to_owned())
                .filter(|s| !s.is_empty()),
            expertise: localized_list_in(&p.expertise, lang),
            bio: Some(Localized::new(p.bio_vi, p.bio_en).get(lang).to_owned()).filter(|s| !s.is_empty()),
            course_count: p.course_count,
            student_count: p.student_count,
        });
    let badge =
        Localized::new(row.card.badge_vi.clone().unwrap_or_default(), row.card.badge_en.clone().unwrap_or_default());
    let texts = CourseTexts {
        title: Localized::new(&row.card.title_vi, &row.card.title_en),
        description: Localized::new(&row.description_vi, &row.description_en),
        what_you_will_learn: localized_list(&row.outcomes),
        requirements: localized_list(&row.requirements),
        course_badge: (!badge.vi.is_empty() || !badge.en.is_empty()).then_some(badge),
        sections: section_texts,
    };
    let detail = CourseDetail {
        course: course_card(&row.card, lang),
        description: Localized::new(&row.description_vi, &row.description_en).get(lang).to_owned(),
        what_you_will_learn: localized_list_in(&row.outcomes, lang),
        requirements: localized_list_in(&row.requirements, lang),
        language: row.language.clone(),
        course_type: row.type_id.clone().map(|id| CourseTypeRef {
            id,
            name: Localized::new(row.type_vi.clone().unwrap_or_default(), row.type_en.clone().unwrap_or_default())
                .get(lang)
                .to_owned(),
        }),
        sections,
        instructor_profile,
        full_access,
        more_lessons_from: None,
    };
    Ok((detail, texts))
}
