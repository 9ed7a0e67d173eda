//! The home's SQL: counts and short lists, each on an indexed column or a small table.

use academy_shared::{commerce::OrderStatus, money::Currency};
use sqlx::{AnyConnection, Row as _};

/// How many rows `sql` (a `select count(*)` with `$1` bound to `value`, if any) counts.
async fn count(conn: &mut AnyConnection, sql: &str, value: Option<&str>) -> Result<i64, sqlx::Error> {
    let mut query = sqlx::query_scalar(sql);
    if let Some(value) = value {
        query = query.bind(value);
    }
    query.fetch_one(conn).await
}

/// Bank transactions on the review list (what `/api/admin/payments?review=open` lists).
pub async fn transfers_to_review(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    count(conn, "select count(*) from payment_transactions where review_status = 'open'", None).await
}

/// Payout requests not decided yet.
pub async fn payout_requests_waiting(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    count(conn, "select count(*) from payout_requests where status = 'pending'", None).await
}

/// Unread messages of the contact and the admission inboxes.
pub async fn unread_messages(conn: &mut AnyConnection) -> Result<(i64, i64), sqlx::Error> {
    let contact = count(conn, "select count(*) from contact_messages where is_read = 0", None).await?;
    let admission = count(conn, "select count(*) from admission_messages where is_read = 0", None).await?;
    Ok((contact, admission))
}

/// Users of `role` (all roles: `None`) who registered at or after `since_ms`.
pub async fn registered_since(conn: &mut AnyConnection, role: Option<&str>, since_ms: i64) -> Result<i64, sqlx::Error> {
    let sql = match role {
        Some(_) => "select count(*) from users where role = $2 and created_at >= $1",
        None => "select count(*) from users where created_at >= $1",
    };
    let mut query = sqlx::query_scalar(sql).bind(since_ms);
    if let Some(role) = role {
        query = query.bind(role);
    }
    query.fetch_one(conn).await
}

/// An order of the latest list.
#[derive(Debug, Clone)]
pub struct OrderRow {
    pub id: String,
    pub code: String,
    pub student_name: String,
    pub total: i64,
    pub currency: Currency,
    pub status: OrderStatus,
    pub created_at: i64,
}

/// The `limit` latest orders, newest first.
pub async fn latest_orders(conn: &mut AnyConnection, limit: i64) -> Result<Vec<OrderRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select o.id, o.code, u.first_name, u.last_name, u.username, o.total, o.currency, o.status, o.created_at \
         from orders o join users u on u.id = o.user_id order by o.created_at desc, o.id desc limit $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(OrderRow {
                id: row.try_get(0)?,
                code: row.try_get(1)?,
                student_name: person(row.try_get(2)?, row.try_get(3)?, row.try_get(4)?),
                total: row.try_get(5)?,
                currency: decoded(row.try_get::<String, _>(6)?, "currency")?,
                status: decoded(row.try_get::<String, _>(7)?, "status")?,
                created_at: row.try_get(8)?,
            })
        })
        .collect()
}

/// A stored name read into its type; an unknown one is an error, never a guess.
fn decoded<T>(stored: String, column: &str) -> Result<T, sqlx::Error>
where
    T: TryFrom<String>,
    T::Error: std::error::Error + Send + Sync + 'static,
{
    T::try_from(stored).map_err(|e| sqlx::Error::ColumnDecode { index: column.to_owned(), source: Box::new(e) })
}

/// A student's name as the academy writes it: family name first.
fn person(first: Option<String>, last: Option<String>, username: String) -> String {
    academy_shared::names::full_name(first.as_deref(), last.as_deref(), &username)
}

/// Distinct students of a teacher: enrolled in their courses or holding a booking of their plans.
pub async fn students_of(conn: &mut AnyConnection, teacher_id: &str) -> Result<i64, sqlx::Error> {
    count(
        conn,
        "select count(*) from (select e.user_id from course_enrollments e join courses c on c.id = e.course_id \
         where c.instructor_id = $1 union select m.user_id from mentorship_enrollments m where m.mentor_id = $1) s",
        Some(teacher_id),
    )
    .await
}

/// The average of the visible reviews of a teacher's courses, and how many there are.
pub async fn rating_of(conn: &mut AnyConnection, teacher_id: &str) -> Result<(Option<f64>, i64), sqlx::Error> {
    let row = sqlx::query(
        "select cast(avg(r.rating) as double precision), count(*) from course_reviews r \
         join courses c on c.id = r.course_id where c.instructor_id = $1 and r.hidden = 0",
    )
    .bind(teacher_id)
    .fetch_one(conn)
    .await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// A review of the latest list.
#[derive(Debug, Clone)]
pub struct ReviewRow {
    pub id: String,
    pub course_id: String,
    pub course_title_vi: String,
    pub course_title_en: String,
    pub student_name: String,
    pub rating: i64,
    pub body: Option<String>,
    pub created_at: i64,
}

/// The `limit` latest visible reviews of a teacher's courses.
pub async fn latest_reviews(
    conn: &mut AnyConnection,
    teacher_id: &str,
    limit: i64,
) -> Result<Vec<ReviewRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select r.id, c.id, c.title_vi, c.title_en, u.first_name, u.last_name, u.username, r.rating, r.body, \
         r.created_at from course_reviews r join courses c on c.id = r.course_id join users u on u.id = r.user_id \
         where c.instructor_id = $1 and r.hidden = 0 order by r.created_at desc, r.id desc limit $2",
    )
    .bind(teacher_id)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ReviewRow {
                id: row.try_get(0)?,
                course_id: row.try_get(1)?,
                course_title_vi: row.try_get(2)?,
                course_title_en: row.try_get(3)?,
                student_name: person(row.try_get(4)?, row.try_get(5)?, row.try_get(6)?),
                rating: row.try_get(7)?,
                body: row.try_get(8)?,
                created_at: row.try_get(9)?,
            })
        })
        .collect()
}

/// A mentorship session or a class on a teacher's calendar.
#[derive(Debug, Clone)]
pub struct Upcoming {
    /// `session` or `class`.
    pub kind: &'static str,
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub starts_at: i64,
    pub ends_at: i64,
}

/// A teacher's booked sessions and scheduled classes that start in `[from_ms, to_ms)`, soonest first.
pub async fn upcoming(
    conn: &mut AnyConnection,
    teacher_id: &str,
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<Upcoming>, sqlx::Error> {
    let sessions = sqlx::query(
        "select s.id, p.title_vi, p.title_en, s.start_at, s.end_at from mentorship_sessions s \
         join mentorship_enrollments m on m.id = s.enrollment_id join mentorship_plans p on p.id = m.plan_id \
         where s.teacher_id = $1 and s.status = 'booked' and s.start_at >= $2 and s.start_at < $3",
    )
    .bind(teacher_id)
    .bind(from_ms)
    .bind(to_ms)
    .fetch_all(&mut *conn)
    .await?;
    let classes = sqlx::query(
        "select id, topic, topic, starts_at, ends_at from classes \
         where teacher_id = $1 and status = 'scheduled' and starts_at >= $2 and starts_at < $3",
    )
    .bind(teacher_id)
    .bind(from_ms)
    .bind(to_ms)
    .fetch_all(&mut *conn)
    .await?;
    let mut all = Vec::with_capacity(sessions.len() + classes.len());
    for (kind, rows) in [("session", sessions), ("class", classes)] {
        for row in rows {
            all.push(Upcoming {
                kind,
                id: row.try_get(0)?,
                title_vi: row.try_get(1)?,
                title_en: row.try_get(2)?,
                starts_at: row.try_get(3)?,
                ends_at: row.try_get(4)?,
            });
        }
    }
    all.sort_by(|a, b| a.starts_at.cmp(&b.starts_at).then(a.id.cmp(&b.id)));
    Ok(all)
}

/// What a new teacher has set up: a profile picture, a course, a payout account, available hours.
pub async fn setup_of(conn: &mut AnyConnection, teacher_id: &str) -> Result<[bool; 4], sqlx::Error> {
    let picture = count(
        conn,
        "select count(*) from users where id = $1 and avatar is not null and avatar <> ''",
        Some(teacher_id),
    )
    .await?;
    let course = count(conn, "select count(*) from courses where instructor_id = $1", Some(teacher_id)).await?;
    let account =
        count(conn, "select count(*) from payout_accounts where user_id = $1 and removed_at is null", Some(teacher_id))
            .await?;
    let hours = count(
        conn,
        "select count(*) from teacher_availability where teacher_id = $1 and weekly not in ('', '[]', '{}')",
        Some(teacher_id),
    )
    .await?;
    Ok([picture > 0, course > 0, account > 0, hours > 0])
}

/// Material of the latest list: a syllabus or a subject.
#[derive(Debug, Clone)]
pub struct MaterialRow {
    pub id: String,
    pub code: String,
    pub name_vi: String,
    pub name_en: String,
    pub updated_at: i64,
}

/// The `limit` syllabuses (`syllabuses`) or subjects (`subjects`) changed last.
pub async fn recently_changed(
    conn: &mut AnyConnection,
    table: Material,
    limit: i64,
) -> Result<Vec<MaterialRow>, sqlx::Error> {
    let sql = match table {
        Material::Syllabuses => {
            "select id, code, name_vi, name_en, updated_at from syllabuses order by updated_at desc, id desc limit $1"
        }
        Material::Subjects => {
            "select id, code, name_vi, name_en, updated_at from subjects order by updated_at desc, id desc limit $1"
        }
    };
    let rows = sqlx::query(sql).bind(limit).fetch_all(conn).await?;
    rows.iter()
        .map(|row| {
            Ok(MaterialRow {
                id: row.try_get(0)?,
                code: row.try_get(1)?,
                name_vi: row.try_get(2)?,
                name_en: row.try_get(3)?,
                updated_at: row.try_get(4)?,
            })
        })
        .collect()
}

#[derive(Debug, Clone, Copy)]
pub enum Material {
    Syllabuses,
    Subjects,
}
