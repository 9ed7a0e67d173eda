//! The catalogue's SQL, one file per aggregate: courses and their search ([`courses`]), categories, course types,
//! mentors and their plans, posts, the feed, banners and testimonials, the home page's figures. The stored forms
//! they share (texts in both languages, JSON lists in TEXT columns) are [`crate::platform::localized`]'s.

pub mod banners;
pub mod categories;
pub mod course_types;
pub mod courses;
pub mod feed;
pub mod mentors;
pub mod posts;
pub mod stats;

pub use crate::platform::localized::{Localized, localized_list, localized_list_in, string_list, to_json};

/// Sanitises user-written HTML for storage: formatting tags only, no scripts, styles or event handlers; links
/// get `rel="noopener noreferrer"`.
pub fn sanitize_html(html: &str) -> String {
    ammonia::clean(html)
}
