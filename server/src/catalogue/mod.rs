//! The public catalogue and its dashboard: courses, categories, mentors, posts, the feed, banners, the home page
//! ([`routes`]), the use cases of the people who edit it ([`service`]), and their SQL ([`repo`]).

pub mod repo;
pub mod routes;
pub mod service;
