//! The public catalogue and its dashboard: courses, categories, mentors, posts, the feed, banners, the home page
//! ([`routes`]), the use cases of the people who edit it ([`service`]), their SQL ([`repo`]), and the in-memory
//! index that answers course lists without reading a table ([`index`]).

pub mod index;
pub mod repo;
pub mod routes;
pub mod service;
