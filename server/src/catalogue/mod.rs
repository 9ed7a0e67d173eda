//! The public catalogue and its dashboard: courses, categories, mentors, posts, the feed, banners, the home page
//! ([`routes`]), and their SQL ([`repo`]).

pub mod repo;
pub mod routes;
