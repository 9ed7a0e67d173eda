//! The reviews' SQL, and the course's rating figures recomputed from them.

use sqlx::{AnyConnection, FromRow};

use crate::platform::db::{Flag, Pool, new_id};

/// A review with its author's name and picture, and its replier's.
#[derive(Debug, Clone, FromRow)]
pub struct ReviewRow {
    pub id: String,
    pub course_id: String,
    pub user_id: String,
    pub rating: i64,
    pub body: Option<String>,
    pub reply: Option<String>,
    pub replied_at: Option<i64>,
    #[sqlx(try_from = "i64")]
    pub hidden: Flag,
    pub created_at: i64,
    pub updated_at: i64,
    pub author_first_name: Option<String>,
    pub author_last_name: Option<String>,
    pub author_avatar: Option<String>,
    pub replier_first_name: Option<String>,
    pub replier_last_name: Option<String>,
    pub replier_avatar: Option<String>,
}

const SELECT: &str = "select r.id, r.course_id, r.user_id, r.rating, r.body, r.reply, r.replied_at, r.hidden, \
     r.created_at, r.updated_at, a.first_name as author_first_name, a.last_name as author_last_name, \
     a.avatar as author_avatar, p.first_name as replier_first_name, p.last_name as replier_last_name, \
     p.avatar as replier_avatar \
     from course_reviews r join users a on a.id = r.user_id left join users p on p.id = r.replied_by";

/// A page of a course's reviews, newest first; hidden ones only when `with_hidden`. With the number of reviews
/// on every page.
pub async fn page(
    pool: &Pool,
    course_id: &str,
    with_hidden: bool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ReviewRow>, i64), sqlx::Error> {
    let hidden = if with_hidden { 1 } else { 0 };
    let rows = sqlx::query_as(&format!(
        "{SELECT} where r.course_id = $1 and r.hidden <= $2 order by r.created_at desc, r.id desc limit $3 offset $4"
    ))
    .bind(course_id)
    .bind(hidden)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let total: i64 = sqlx::query_scalar("select count(*) from course_reviews where course_id = $1 and hidden <= $2")
        .bind(course_id)
        .bind(hidden)
        .fetch_one(pool)
        .await?;
    Ok((rows, total))
}

/// The user's review of the course.
pub async fn of_user(pool: &Pool, course_id: &str, user_id: &str) -> Result<Option<ReviewRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where r.course_id = $1 and r.user_id = $2"))
        .bind(course_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// A review by id.
pub async fn find(pool: &Pool, id: &str) -> Result<Option<ReviewRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where r.id = $1")).bind(id).fetch_optional(pool).await
}

/// Writes the user's review of the course: the first one, or a new rating and text over theirs (a hidden review
/// stays hidden, a reply stays). Returns the review's id.
pub async fn upsert(
    conn: &mut AnyConnection,
    course_id: &str,
    user_id: &str,
    rating: i64,
    body: Option<&str>,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    sqlx::query_scalar(
        "insert into course_reviews (id, course_id, user_id, rating, body, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $6) on conflict (course_id, user_id) \
         do update set rating = excluded.rating, body = excluded.body, updated_at = excluded.updated_at \
         returning id",
    )
    .bind(new_id())
    .bind(course_id)
    .bind(user_id)
    .bind(rating)
    .bind(body)
    .bind(now_ms)
    .fetch_one(conn)
    .await
}

/// Sets the teacher's reply to a review.
pub async fn set_reply(
    conn: &mut AnyConnection,
    id: &str,
    reply: &str,
    by: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update course_reviews set reply = $2, replied_by = $3, replied_at = $4 where id = $1")
        .bind(id)
        .bind(reply)
        .bind(by)
        .bind(now_ms)
        .execute(conn)
        .await?;
    Ok(())
}

/// Hides a review (or shows it again), noting who did it and when.
pub async fn set_hidden(
    conn: &mut AnyConnection,
    id: &str,
    hidden: bool,
    by: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update course_reviews set hidden = $2, hidden_by = $3, hidden_at = $4 where id = $1")
        .bind(id)
        .bind(i64::from(hidden))
        .bind(by)
        .bind(now_ms)
        .execute(conn)
        .await?;
    Ok(())
}

/// Recomputes the course's average rating and number of ratings from its visible reviews.
pub async fn refresh_rating(conn: &mut AnyConnection, course_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update courses set \
         rating_count = (select count(*) from course_reviews r where r.course_id = $1 and r.hidden = 0), \
         rating_avg = coalesce((select avg(r.rating) from course_reviews r where r.course_id = $1 and r.hidden = 0), 0) \
         where id = $1",
    )
    .bind(course_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The course's rating figures as stored.
pub async fn rating(pool: &Pool, course_id: &str) -> Result<(f64, i64), sqlx::Error> {
    sqlx::query_as("select rating_avg, rating_count from courses where id = $1").bind(course_id).fetch_one(pool).await
}
