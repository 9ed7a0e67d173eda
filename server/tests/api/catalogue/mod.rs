//! The public catalogue: browsing, course pages, search and the in-memory index.

mod browse;
mod course_pages;
mod index;
mod index_refresh;
mod search_refresh;
mod search_scale;

pub(crate) use browse::spawn_demo_app;
