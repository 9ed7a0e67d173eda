//! `GET /api/home`: every list of the home page in one request.

use std::time::Instant;

use academy_shared::i18n::Lang;
use axum::{extract::State, http::HeaderMap, response::Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, Language,
    banners::{Banner, banner},
    categories::{Category, category},
    courses::{Course, course_card_from},
    mentors::{Instructor, instructor},
    posts::{Post, post},
};
use crate::{
    catalogue::repo::{
        self, Localized,
        courses::{ListQuery, Sort},
    },
    platform::cache::Accepted,
    state::AppState,
};

/// Courses per home list.
pub const HOME_COURSES: i64 = 8;
/// Instructors in the showcase (3 cards in two rows, scrolled).
pub const HOME_INSTRUCTORS: i64 = 12;
/// Posts in "most popular blog posts".
pub const HOME_POSTS: i64 = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_home))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Testimonial {
    pub id: String,
    pub name: String,
    pub avatar: Option<String>,
    pub rating: i64,
    pub position: String,
    pub quote: String,
}

/// Real figures of the catalogue (the statistics band itself shows the spec's fixed texts).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeStats {
    pub course_count: i64,
    pub instructor_count: i64,
    pub student_count: i64,
    pub enrollment_count: i64,
    pub category_count: i64,
}

/// The home page's data, section by section.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Home {
    /// The popular grid: the most enrolled courses.
    pub popular_courses: Vec<Course>,
    pub best_selling_courses: Vec<Course>,
    pub best_rated_courses: Vec<Course>,
    /// The "top popular" carousel: the next most enrolled courses after `popularCourses`.
    pub top_popular_courses: Vec<Course>,
    pub free_courses: Vec<Course>,
    pub categories: Vec<Category>,
    pub instructors: Vec<Instructor>,
    pub posts: Vec<Post>,
    pub testimonials: Vec<Testimonial>,
    pub banners: Vec<Banner>,
    pub stats: HomeStats,
}

/// Every list of the home page: the four course carousels and the popular grid, categories, instructors,
/// posts, testimonials, banners and figures.
#[utoipa::path(
    get,
    path = "/api/home",
    tag = "catalogue",
    responses((status = 200, description = "The home page's data", body = super::Envelope<Home>))
)]
pub async fn get_home(
    State(state): State<AppState>,
    Language(lang): Language,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = format!("home|{}", lang.code());
    state.cache.json_as_of(&state.pool, key, Accepted::from_headers(&headers), home(&state, lang)).await
}

/// The home page, and when its course lists were read when that was earlier than now (the catalogue index).
async fn home(state: &AppState, lang: Lang) -> Result<(Home, Option<Instant>), ApiError> {
    let pool = &state.pool;
    let courses = |sort: Sort, page: i64| {
        let query = ListQuery { sort, page, page_size: HOME_COURSES, ..ListQuery::default() };
        let state = state.clone();
        async move {
            let known = state.cache.known_version();
            state.courses_index.list(&state.pool, state.backend, &query, known).await
        }
    };
    let (popular, selling, rated, top, free) = tokio::try_join!(
        courses(Sort::Popular, 1),
        courses(Sort::BestSelling, 1),
        courses(Sort::BestRated, 1),
        courses(Sort::Popular, 2),
        courses(Sort::Free, 1),
    )?;
    let (categories, instructors, posts, testimonials, banners, stats) = tokio::try_join!(
        repo::categories::list_categories(pool),
        repo::mentors::list_instructors(pool, HOME_INSTRUCTORS),
        repo::posts::list_posts(pool, HOME_POSTS, 0),
        repo::banners::list_testimonials(pool),
        repo::banners::list_banners(pool, false),
        repo::stats::stats(pool),
    )?;
    let as_of = [&popular, &selling, &rated, &top, &free].iter().filter_map(|(_, read_at)| *read_at).min();
    let cards =
        |(page, _): (repo::courses::CoursePage, _)| page.items.into_iter().map(|c| course_card_from(c, lang)).collect();
    let home = Home {
        popular_courses: cards(popular),
        best_selling_courses: cards(selling),
        best_rated_courses: cards(rated),
        top_popular_courses: cards(top),
        free_courses: cards(free),
        categories: categories.iter().map(|c| category(c, lang)).collect(),
        instructors: instructors.iter().map(|i| instructor(i, lang)).collect(),
        posts: posts.0.iter().map(|p| post(p, lang)).collect(),
        testimonials: testimonials
            .into_iter()
            .map(|t| Testimonial {
                id: t.id,
                name: t.name,
                avatar: t.avatar,
                rating: t.rating,
                position: Localized::new(t.position_vi, t.position_en).get(lang).to_owned(),
                quote: Localized::new(t.quote_vi, t.quote_en).get(lang).to_owned(),
            })
            .collect(),
        banners: banners.iter().map(|b| banner(b, lang)).collect(),
        stats: HomeStats {
            course_count: stats.course_count,
            instructor_count: stats.instructor_count,
            student_count: stats.student_count,
            enrollment_count: stats.enrollment_count,
            category_count: stats.category_count,
        },
    };
    Ok((home, as_of))
}
