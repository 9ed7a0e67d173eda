//! The public catalogue and its dashboard: courses, categories, mentors, posts, the feed, banners, the home page
//! ([`routes`]), the use cases of the people who edit it ([`service`]), their SQL ([`repo`]), and the in-memory
//! index that answers course lists without reading a table ([`index`]).

pub mod index;
pub mod repo;
pub mod routes;
pub mod service;

/// Every route of this domain (courses, their curricula, categories, mentors, posts, the feed, banners, the home page and the dashboard that edits them); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new()
        .merge(routes::courses::router())
        .merge(routes::curriculum::router())
        .merge(routes::categories::router())
        .merge(routes::mentors::router())
        .merge(routes::posts::router())
        .merge(routes::feed::router())
        .merge(routes::banners::router())
        .merge(routes::home::router())
        .merge(routes::dashboard::router())
}
