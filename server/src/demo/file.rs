//! The shape of `server/demo/catalogue.json`, the demo's catalogue: people, categories, courses with their
//! curriculum, posts, the feed, banners, testimonials, subjects and syllabuses.

use serde::Deserialize;

use crate::platform::localized::Localized;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Catalogue {
    pub format: String,
    pub version: u32,
    pub demo_password: String,
    pub course_types: Vec<KeyedText>,
    pub categories: Vec<Category>,
    pub teachers: Vec<User>,
    pub students: Vec<User>,
    pub courses: Vec<Course>,
    pub posts: Vec<Post>,
    pub feed: Vec<FeedPost>,
    pub banners: Vec<Banner>,
    pub testimonials: Vec<Testimonial>,
    pub syllabuses: Vec<Syllabus>,
    pub subjects: Vec<Subject>,
}

#[derive(Debug, Deserialize)]
pub(super) struct KeyedText {
    pub key: String,
    pub name: Localized,
    #[serde(default)]
    pub description: Localized,
}

#[derive(Debug, Deserialize)]
pub(super) struct Category {
    pub key: String,
    pub name: Localized,
    pub description: Localized,
    pub image: String,
    pub order: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct User {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: String,
    pub address: String,
    pub dob: String,
    pub avatar: String,
    pub role_name: String,
    pub profession: Option<Localized>,
    #[serde(default)]
    pub expertise: Vec<Localized>,
    pub bio: Option<Localized>,
    #[serde(default)]
    pub mentorship_plans: Vec<Plan>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Plan {
    pub key: String,
    pub title: Localized,
    pub price: i64,
    pub currency: String,
    pub short_description: Localized,
    pub services: Vec<Localized>,
    pub duration_days: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Course {
    pub slug: String,
    pub title: Localized,
    pub description: Localized,
    pub what_you_will_learn: Vec<Localized>,
    pub requirements: Vec<Localized>,
    pub thumbnail: String,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: String,
    pub course_badge: Option<Localized>,
    pub level: String,
    pub total_seat: i64,
    pub instructor: String,
    pub category: String,
    #[serde(rename = "type")]
    pub course_type: String,
    pub status: String,
    pub language: String,
    pub rating_average: f64,
    pub rating_count: i64,
    pub enrollment_count: i64,
    pub created_at: String,
    pub updated_at: String,
    pub sections: Vec<Section>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Section {
    pub title: Localized,
    pub order: i64,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Lesson {
    pub title: Localized,
    pub order: i64,
    pub duration_seconds: i64,
    pub video_url: String,
    pub free_preview: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Post {
    pub slug: String,
    pub author: String,
    pub created_at: String,
    pub updated_at: String,
    pub status: String,
    pub title: Localized,
    pub excerpt: Localized,
    pub content: Localized,
    pub images: Vec<String>,
    pub tags: Vec<Localized>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FeedPost {
    pub author: String,
    pub created_at: String,
    pub text: Localized,
    pub likes: i64,
    pub image: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Banner {
    pub key: String,
    pub order: i64,
    pub active: bool,
    pub image: String,
    pub link: String,
    pub title: Localized,
    pub subtitle: Localized,
}

#[derive(Debug, Deserialize)]
pub(super) struct Testimonial {
    pub name: String,
    pub avatar: Option<String>,
    pub rating: i64,
    pub position: Localized,
    pub quote: Localized,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Syllabus {
    pub code: String,
    pub owner: String,
    pub duration_weeks: i64,
    pub name: Localized,
    pub description: Localized,
    pub subjects: Vec<String>,
    pub status: String,
    pub created_at: String,
}

#[derive(Debug, Deserialize)]
pub(super) struct Subject {
    pub code: String,
    pub owner: String,
    pub credits: i64,
    pub name: Localized,
    pub description: Localized,
}
