//! Instructor profiles, their mentorship plans, and the mentorships people booked.

use academy_shared::{mentorship::plan::DurationUnit, money::Currency};
use sqlx::FromRow;

use super::{Localized, to_json};
use crate::platform::db::{Pool, now_ms};

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
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    pub short_description_vi: String,
    pub short_description_en: String,
    pub services: String,
    pub duration_days: i64,
    pub duration_value: i64,
    #[sqlx(try_from = "String")]
    pub duration_unit: DurationUnit,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub created_at: i64,
}

const PLAN_COLUMNS: &str = "id, owner_id, slug, title_vi, title_en, price, currency, short_description_vi, \
    short_description_en, services, duration_days, duration_value, duration_unit, sessions_per_period, \
    session_minutes, created_at";

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
         short_description_vi, short_description_en, services, duration_days, duration_value, status, created_at, \
         updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, 'active', $12, $12)",
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
