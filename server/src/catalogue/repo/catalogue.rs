//! The catalogue's content around courses: categories, course types, instructor profiles and mentorship plans,
//! blog posts, the community feed, banners, testimonials, subjects and syllabuses.
//!
//! Texts are kept in both languages ([`Localized`]); the HTTP layer picks the request's.

use sqlx::FromRow;

use super::{Localized, sanitize_html, to_json};
use crate::platform::db::{Pool, new_id, now_ms};

// ---------------------------------------------------------------------------------------------------------
// Categories

#[derive(Debug, Clone, FromRow)]
pub struct CategoryRow {
    pub id: String,
    pub slug: String,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub image: Option<String>,
    pub sort_order: i64,
    pub course_count: i64,
    pub free_course_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const CATEGORY_COLUMNS: &str = "id, slug, name_vi, name_en, description_vi, description_en, image, sort_order, \
    course_count, free_course_count, created_at, updated_at";

/// Every category in display order.
pub async fn list_categories(pool: &Pool) -> Result<Vec<CategoryRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {CATEGORY_COLUMNS} from categories order by sort_order, name_vi, id"))
        .fetch_all(pool)
        .await
}

/// One category by id or slug.
pub async fn find_category(pool: &Pool, id_or_slug: &str) -> Result<Option<CategoryRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {CATEGORY_COLUMNS} from categories where id = $1 or slug = $1"))
        .bind(id_or_slug)
        .fetch_optional(pool)
        .await
}

/// What a category is made of when created or edited.
#[derive(Debug, Clone)]
pub struct CategoryInput {
    pub slug: String,
    pub name: Localized,
    pub description: Localized,
    pub image: Option<String>,
    pub sort_order: i64,
}

pub async fn insert_category(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    input: &CategoryInput,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "insert into categories (id, slug, name_vi, name_en, description_vi, description_en, image, sort_order, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(&input.image)
    .bind(input.sort_order)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Updates a category; `false` when it does not exist. The search text of its courses follows the new name.
pub async fn update_category(pool: &Pool, id: &str, input: &CategoryInput) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query(
        "update categories set slug = $2, name_vi = $3, name_en = $4, description_vi = $5, description_en = $6, \
         image = $7, sort_order = $8, updated_at = $9 where id = $1",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(&input.image)
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if done {
        super::courses::refresh_search_text_where(&mut tx, "category_id = $1", id).await?;
    }
    tx.commit().await?;
    Ok(done)
}

/// Deletes a category; a category that still has courses is refused by the database (409).
pub async fn delete_category(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from categories where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

// ---------------------------------------------------------------------------------------------------------
// Course types

#[derive(Debug, Clone, FromRow)]
pub struct CourseTypeRow {
    pub id: String,
    pub slug: String,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone)]
pub struct CourseTypeInput {
    pub slug: String,
    pub name: Localized,
    pub description: Localized,
}

pub async fn list_course_types(pool: &Pool) -> Result<Vec<CourseTypeRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, slug, name_vi, name_en, description_vi, description_en, created_at, updated_at \
         from course_types order by created_at, id",
    )
    .fetch_all(pool)
    .await
}

pub async fn insert_course_type(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    input: &CourseTypeInput,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into course_types (id, slug, name_vi, name_en, description_vi, description_en, created_at, \
         updated_at) values ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

pub async fn update_course_type(pool: &Pool, id: &str, input: &CourseTypeInput) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update course_types set slug = $2, name_vi = $3, name_en = $4, description_vi = $5, \
         description_en = $6, updated_at = $7 where id = $1",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_course_type(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from course_types where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

/// How many courses are of the course type `id`.
pub async fn courses_of_type(conn: &mut sqlx::AnyConnection, id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from courses where type_id = $1").bind(id).fetch_one(conn).await
}

/// Course types with how many courses each has.
pub async fn course_type_counts(pool: &Pool) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("select type_id, count(*) from courses where type_id is not null group by type_id")
        .fetch_all(pool)
        .await
}

// ---------------------------------------------------------------------------------------------------------
// Instructors (teachers with a profile) and their mentorship plans

#[derive(Debug, Clone, FromRow)]
pub struct InstructorRow {
    pub user_id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<String>,
    pub email: String,
    pub profession_vi: String,
    pub profession_en: String,
    pub expertise: String,
    pub bio_vi: String,
    pub bio_en: String,
    pub course_count: i64,
    pub student_count: i64,
    pub rating_avg: f64,
}

const INSTRUCTOR_SELECT: &str = "select u.id as user_id, u.username, u.first_name, u.last_name, u.avatar, u.email, \
    p.profession_vi, p.profession_en, p.expertise, p.bio_vi, p.bio_en, \
    (select count(*) from courses c where c.instructor_id = u.id and c.status = 'published') as course_count, \
    (select cast(coalesce(sum(c.enrollment_count), 0) as bigint) from courses c \
        where c.instructor_id = u.id and c.status = 'published') as student_count, \
    (select cast(coalesce(avg(c.rating_avg), 0) as double precision) from courses c \
        where c.instructor_id = u.id and c.status = 'published' and c.rating_count > 0) as rating_avg \
    from instructor_profiles p join users u on u.id = p.user_id";

/// Teachers with a profile, in display order (at most `limit`).
pub async fn list_instructors(pool: &Pool, limit: i64) -> Result<Vec<InstructorRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{INSTRUCTOR_SELECT} where u.status = 'active' order by p.sort_order, p.created_at, u.id limit $1"
    ))
    .bind(limit)
    .fetch_all(pool)
    .await
}

pub async fn find_instructor(pool: &Pool, user_id: &str) -> Result<Option<InstructorRow>, sqlx::Error> {
    sqlx::query_as(&format!("{INSTRUCTOR_SELECT} where u.id = $1 or u.username = $1"))
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone)]
pub struct ProfileInput {
    pub profession: Localized,
    pub expertise: Vec<Localized>,
    pub bio: Localized,
    pub sort_order: i64,
}

/// Creates or replaces a teacher's instructor profile.
pub async fn upsert_profile(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    input: &ProfileInput,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into instructor_profiles (user_id, profession_vi, profession_en, expertise, bio_vi, bio_en, \
         sort_order, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8) \
         on conflict (user_id) do update set profession_vi = excluded.profession_vi, \
         profession_en = excluded.profession_en, expertise = excluded.expertise, bio_vi = excluded.bio_vi, \
         bio_en = excluded.bio_en, updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(&input.profession.vi)
    .bind(&input.profession.en)
    .bind(to_json(&input.expertise))
    .bind(&input.bio.vi)
    .bind(&input.bio.en)
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

#[derive(Debug, Clone, FromRow)]
pub struct PlanRow {
    pub id: String,
    pub owner_id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub price: i64,
    pub currency: String,
    pub short_description_vi: String,
    pub short_description_en: String,
    pub services: String,
    pub duration_days: i64,
    pub status: String,
    pub created_at: i64,
}

const PLAN_COLUMNS: &str = "id, owner_id, slug, title_vi, title_en, price, currency, short_description_vi, \
    short_description_en, services, duration_days, status, created_at";

/// A mentor's active plans, cheapest first.
pub async fn list_plans_of(pool: &Pool, owner_id: &str) -> Result<Vec<PlanRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {PLAN_COLUMNS} from mentorship_plans where owner_id = $1 and status = 'active' \
         order by price, created_at, id"
    ))
    .bind(owner_id)
    .fetch_all(pool)
    .await
}

#[derive(Debug, Clone)]
pub struct PlanInput {
    pub slug: String,
    pub title: Localized,
    pub price: i64,
    pub currency: String,
    pub short_description: Localized,
    pub services: Vec<Localized>,
    pub duration_days: i64,
}

pub async fn insert_plan(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    owner_id: &str,
    input: &PlanInput,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into mentorship_plans (id, owner_id, slug, title_vi, title_en, price, currency, \
         short_description_vi, short_description_en, services, duration_days, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'active', $12, $12)",
    )
    .bind(id)
    .bind(owner_id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(input.price)
    .bind(&input.currency)
    .bind(&input.short_description.vi)
    .bind(&input.short_description.en)
    .bind(to_json(&input.services))
    .bind(input.duration_days)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

/// A mentorship booked by a user, with its plan and mentor.
#[derive(Debug, Clone, FromRow)]
pub struct MentorshipEnrollmentRow {
    pub id: String,
    pub mentor_id: String,
    pub mentor_first_name: Option<String>,
    pub mentor_last_name: Option<String>,
    pub mentor_avatar: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub price: i64,
    pub currency: String,
    pub short_description_vi: String,
    pub short_description_en: String,
    pub services: String,
    pub start_at: i64,
    pub end_at: i64,
}

/// The mentorships `user_id` booked, latest first.
pub async fn mentorship_enrollments_of(
    pool: &Pool,
    user_id: &str,
) -> Result<Vec<MentorshipEnrollmentRow>, sqlx::Error> {
    sqlx::query_as(
        "select e.id, e.mentor_id, u.first_name as mentor_first_name, u.last_name as mentor_last_name, \
         u.avatar as mentor_avatar, p.title_vi, p.title_en, p.price, p.currency, p.short_description_vi, \
         p.short_description_en, p.services, e.start_at, e.end_at \
         from mentorship_enrollments e join mentorship_plans p on p.id = e.plan_id join users u on u.id = e.mentor_id \
         where e.user_id = $1 order by e.start_at desc, e.id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

pub async fn insert_mentorship_enrollment(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    plan_id: &str,
    mentor_id: &str,
    start_at: i64,
    end_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into mentorship_enrollments (id, user_id, plan_id, mentor_id, start_at, end_at, created_at) \
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(plan_id)
    .bind(mentor_id)
    .bind(start_at)
    .bind(end_at)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

// ---------------------------------------------------------------------------------------------------------
// Blog posts

#[derive(Debug, Clone, FromRow)]
pub struct PostRow {
    pub id: String,
    pub slug: String,
    pub author_id: Option<String>,
    pub author_first_name: Option<String>,
    pub author_last_name: Option<String>,
    pub author_avatar: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub excerpt_vi: String,
    pub excerpt_en: String,
    pub content_vi: String,
    pub content_en: String,
    pub images: String,
    pub tags: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const POST_SELECT: &str = "select p.id, p.slug, p.author_id, u.first_name as author_first_name, \
    u.last_name as author_last_name, u.avatar as author_avatar, p.title_vi, p.title_en, p.excerpt_vi, \
    p.excerpt_en, p.content_vi, p.content_en, p.images, p.tags, p.status, p.created_at, p.updated_at \
    from posts p left join users u on u.id = p.author_id";

/// Published posts, newest first, one page.
pub async fn list_posts(pool: &Pool, limit: i64, offset: i64) -> Result<(Vec<PostRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as(&format!(
        "{POST_SELECT} where p.status = 'published' order by p.created_at desc, p.id limit $1 offset $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar("select count(*) from posts where status = 'published'").fetch_one(pool).await?;
    Ok((rows, total))
}

/// One published post by id or slug.
pub async fn find_post(pool: &Pool, id_or_slug: &str) -> Result<Option<PostRow>, sqlx::Error> {
    sqlx::query_as(&format!("{POST_SELECT} where (p.id = $1 or p.slug = $1) and p.status = 'published'"))
        .bind(id_or_slug)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone)]
pub struct PostInput {
    pub slug: String,
    pub author_id: Option<String>,
    pub title: Localized,
    pub excerpt: Localized,
    /// HTML; sanitised before it is stored.
    pub content: Localized,
    pub images: Vec<String>,
    pub tags: Vec<Localized>,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

pub async fn insert_post(conn: &mut sqlx::AnyConnection, id: &str, input: &PostInput) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into posts (id, slug, author_id, title_vi, title_en, excerpt_vi, excerpt_en, content_vi, \
         content_en, images, tags, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.author_id)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.excerpt.vi)
    .bind(&input.excerpt.en)
    .bind(sanitize_html(&input.content.vi))
    .bind(sanitize_html(&input.content.en))
    .bind(to_json(&input.images))
    .bind(to_json(&input.tags))
    .bind(&input.status)
    .bind(input.created_at)
    .bind(input.updated_at)
    .execute(conn)
    .await
    .map(|_| ())
}

// ---------------------------------------------------------------------------------------------------------
// Community feed

#[derive(Debug, Clone, FromRow)]
pub struct FeedRow {
    pub id: String,
    pub author_id: String,
    pub author_first_name: Option<String>,
    pub author_last_name: Option<String>,
    pub author_avatar: Option<String>,
    pub author_role: String,
    pub text_vi: String,
    pub text_en: String,
    pub image: Option<String>,
    pub likes: i64,
    pub status: String,
    pub created_at: i64,
}

/// Feed posts, newest first; `all` includes hidden ones (moderation).
pub async fn list_feed(pool: &Pool, all: bool, limit: i64, offset: i64) -> Result<(Vec<FeedRow>, i64), sqlx::Error> {
    let filter = if all { "" } else { "where f.status = 'visible'" };
    let rows = sqlx::query_as(&format!(
        "select f.id, f.author_id, u.first_name as author_first_name, u.last_name as author_last_name, \
         u.avatar as author_avatar, u.role as author_role, f.text_vi, f.text_en, f.image, f.likes, f.status, \
         f.created_at from feed_posts f join users u on u.id = f.author_id {filter} \
         order by f.created_at desc, f.id limit $1 offset $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let filter = if all { "" } else { "where status = 'visible'" };
    let total = sqlx::query_scalar(&format!("select count(*) from feed_posts {filter}")).fetch_one(pool).await?;
    Ok((rows, total))
}

pub async fn insert_feed_post(
    conn: &mut sqlx::AnyConnection,
    author_id: &str,
    text: &Localized,
    image: Option<&str>,
    likes: i64,
    created_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into feed_posts (id, author_id, text_vi, text_en, image, likes, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, 'visible', $7, $7)",
    )
    .bind(new_id())
    .bind(author_id)
    .bind(&text.vi)
    .bind(&text.en)
    .bind(image)
    .bind(likes)
    .bind(created_at)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Shows or hides a feed post; `false` when it does not exist.
pub async fn set_feed_status(pool: &Pool, id: &str, status: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update feed_posts set status = $2, updated_at = $3 where id = $1")
        .bind(id)
        .bind(status)
        .bind(now_ms())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_feed_post(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from feed_posts where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

// ---------------------------------------------------------------------------------------------------------
// Banners and testimonials

#[derive(Debug, Clone, FromRow)]
pub struct BannerRow {
    pub id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub subtitle_vi: String,
    pub subtitle_en: String,
    pub image: String,
    pub link: String,
    pub active: i64,
    pub sort_order: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone)]
pub struct BannerInput {
    pub slug: String,
    pub title: Localized,
    pub subtitle: Localized,
    pub image: String,
    pub link: String,
    pub active: bool,
    pub sort_order: i64,
}

/// Banners in display order; `all` includes inactive ones (management).
pub async fn list_banners(pool: &Pool, all: bool) -> Result<Vec<BannerRow>, sqlx::Error> {
    let filter = if all { "" } else { "where active = 1" };
    sqlx::query_as(&format!(
        "select id, slug, title_vi, title_en, subtitle_vi, subtitle_en, image, link, active, sort_order, \
         created_at, updated_at from banners {filter} order by sort_order, created_at, id"
    ))
    .fetch_all(pool)
    .await
}

pub async fn insert_banner(conn: &mut sqlx::AnyConnection, id: &str, input: &BannerInput) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into banners (id, slug, title_vi, title_en, subtitle_vi, subtitle_en, image, link, active, \
         sort_order, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.subtitle.vi)
    .bind(&input.subtitle.en)
    .bind(&input.image)
    .bind(&input.link)
    .bind(i64::from(input.active))
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

pub async fn update_banner(pool: &Pool, id: &str, input: &BannerInput) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update banners set slug = $2, title_vi = $3, title_en = $4, subtitle_vi = $5, subtitle_en = $6, \
         image = $7, link = $8, active = $9, sort_order = $10, updated_at = $11 where id = $1",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.subtitle.vi)
    .bind(&input.subtitle.en)
    .bind(&input.image)
    .bind(&input.link)
    .bind(i64::from(input.active))
    .bind(input.sort_order)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_banner(pool: &Pool, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from banners where id = $1").bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

#[derive(Debug, Clone, FromRow)]
pub struct TestimonialRow {
    pub id: String,
    pub name: String,
    pub avatar: Option<String>,
    pub rating: i64,
    pub position_vi: String,
    pub position_en: String,
    pub quote_vi: String,
    pub quote_en: String,
}

pub async fn list_testimonials(pool: &Pool) -> Result<Vec<TestimonialRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, name, avatar, rating, position_vi, position_en, quote_vi, quote_en from testimonials \
         order by sort_order, created_at, id",
    )
    .fetch_all(pool)
    .await
}

#[allow(clippy::too_many_arguments, reason = "one column each")]
pub async fn insert_testimonial(
    conn: &mut sqlx::AnyConnection,
    name: &str,
    avatar: Option<&str>,
    rating: i64,
    position: &Localized,
    quote: &Localized,
    sort_order: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into testimonials (id, name, avatar, rating, position_vi, position_en, quote_vi, quote_en, \
         sort_order, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(new_id())
    .bind(name)
    .bind(avatar)
    .bind(rating)
    .bind(&position.vi)
    .bind(&position.en)
    .bind(&quote.vi)
    .bind(&quote.en)
    .bind(sort_order)
    .bind(now_ms())
    .execute(conn)
    .await
    .map(|_| ())
}

// ---------------------------------------------------------------------------------------------------------
// Subjects and syllabuses (teaching material)

#[derive(Debug, Clone, FromRow)]
pub struct SubjectRow {
    pub id: String,
    pub code: String,
    pub owner_id: Option<String>,
    pub credits: i64,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const SUBJECT_COLUMNS: &str =
    "id, code, owner_id, credits, name_vi, name_en, description_vi, description_en, created_at, updated_at";

#[derive(Debug, Clone)]
pub struct SubjectInput {
    pub code: String,
    pub credits: i64,
    pub name: Localized,
    pub description: Localized,
}

/// Subjects, by code; `owner` limits them to one teacher's.
pub async fn list_subjects(pool: &Pool, owner: Option<&str>) -> Result<Vec<SubjectRow>, sqlx::Error> {
    match owner {
        Some(owner) => {
            sqlx::query_as(&format!("select {SUBJECT_COLUMNS} from subjects where owner_id = $1 order by code"))
                .bind(owner)
                .fetch_all(pool)
                .await
        }
        None => sqlx::query_as(&format!("select {SUBJECT_COLUMNS} from subjects order by code")).fetch_all(pool).await,
    }
}

pub async fn find_subject(pool: &Pool, id: &str) -> Result<Option<SubjectRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {SUBJECT_COLUMNS} from subjects where id = $1 or code = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await
}

pub async fn insert_subject(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    owner_id: Option<&str>,
    input: &SubjectInput,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("insert into subjects ({SUBJECT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)"))
        .bind(id)
        .bind(&input.code)
        .bind(owner_id)
        .bind(input.credits)
        .bind(&input.name.vi)
        .bind(&input.name.en)
        .bind(&input.description.vi)
        .bind(&input.description.en)
        .bind(now_ms())
        .execute(conn)
        .await
        .map(|_| ())
}

pub async fn update_subject(pool: &Pool, id: &str, input: &SubjectInput) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update subjects set code = $2, credits = $3, name_vi = $4, name_en = $5, description_vi = $6, \
         description_en = $7, updated_at = $8 where id = $1",
    )
    .bind(id)
    .bind(&input.code)
    .bind(input.credits)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

#[derive(Debug, Clone, FromRow)]
pub struct SyllabusRow {
    pub id: String,
    pub code: String,
    pub owner_id: Option<String>,
    pub duration_weeks: i64,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const SYLLABUS_COLUMNS: &str = "id, code, owner_id, duration_weeks, name_vi, name_en, description_vi, \
    description_en, status, created_at, updated_at";

#[derive(Debug, Clone)]
pub struct SyllabusInput {
    pub code: String,
    pub owner_id: Option<String>,
    pub duration_weeks: i64,
    pub name: Localized,
    pub description: Localized,
    pub status: String,
    /// Subject ids in order.
    pub subject_ids: Vec<String>,
    pub created_at: i64,
}

pub async fn list_syllabuses(pool: &Pool) -> Result<Vec<SyllabusRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {SYLLABUS_COLUMNS} from syllabuses order by created_at desc, id"))
        .fetch_all(pool)
        .await
}

pub async fn find_syllabus(pool: &Pool, id: &str) -> Result<Option<(SyllabusRow, Vec<SubjectRow>)>, sqlx::Error> {
    let Some(row) = sqlx::query_as::<_, SyllabusRow>(&format!(
        "select {SYLLABUS_COLUMNS} from syllabuses where id = $1 or code = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let subjects = sqlx::query_as(
        "select s.id, s.code, s.owner_id, s.credits, s.name_vi, s.name_en, s.description_vi, s.description_en, \
         s.created_at, s.updated_at from syllabus_subjects l join subjects s on s.id = l.subject_id \
         where l.syllabus_id = $1 order by l.position",
    )
    .bind(&row.id)
    .fetch_all(pool)
    .await?;
    Ok(Some((row, subjects)))
}

/// Writes a syllabus and its ordered subjects (insert when `existing` is false).
pub async fn save_syllabus(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    input: &SyllabusInput,
    existing: bool,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let sql = if existing {
        "update syllabuses set code = $2, owner_id = coalesce($3, owner_id), duration_weeks = $4, name_vi = $5, \
         name_en = $6, description_vi = $7, description_en = $8, status = $9, updated_at = $11 where id = $1"
    } else {
        "insert into syllabuses (id, code, owner_id, duration_weeks, name_vi, name_en, description_vi, \
         description_en, status, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    };
    let done = sqlx::query(sql)
        .bind(id)
        .bind(&input.code)
        .bind(&input.owner_id)
        .bind(input.duration_weeks)
        .bind(&input.name.vi)
        .bind(&input.name.en)
        .bind(&input.description.vi)
        .bind(&input.description.en)
        .bind(&input.status)
        .bind(input.created_at)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("delete from syllabus_subjects where syllabus_id = $1").bind(id).execute(&mut *conn).await?;
    for (position, subject_id) in input.subject_ids.iter().enumerate() {
        sqlx::query("insert into syllabus_subjects (syllabus_id, subject_id, position) values ($1, $2, $3)")
            .bind(id)
            .bind(subject_id)
            .bind(i64::try_from(position).unwrap_or(i64::MAX) + 1)
            .execute(&mut *conn)
            .await?;
    }
    Ok(true)
}

// ---------------------------------------------------------------------------------------------------------
// Figures for the home page

#[derive(Debug, Clone, Copy, FromRow)]
pub struct Stats {
    pub course_count: i64,
    pub instructor_count: i64,
    pub student_count: i64,
    pub enrollment_count: i64,
    pub category_count: i64,
}

pub async fn stats(pool: &Pool) -> Result<Stats, sqlx::Error> {
    sqlx::query_as(
        "select (select cast(coalesce(sum(course_count), 0) as bigint) from categories) as course_count, \
         (select count(*) from instructor_profiles) as instructor_count, \
         (select count(*) from users where role = 'STUDENT') as student_count, \
         (select count(*) from course_enrollments) as enrollment_count, \
         (select count(*) from categories) as category_count",
    )
    .fetch_one(pool)
    .await
}
