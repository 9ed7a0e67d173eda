//! The SQL of live classes: the classes, their seats and their registrations.

use sqlx::{AnyConnection, FromRow};

use crate::platform::db::{Flag, Pool, new_id};

academy_shared::stored_names! {
    /// Where a class stands.
    pub enum ClassStatus("class status") {
        Scheduled = "scheduled",
        Cancelled = "cancelled",
    }
}

/// A class as stored, with its audience's titles and its teacher's name.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ClassRow {
    pub id: String,
    pub teacher_id: String,
    pub topic: String,
    pub description: String,
    pub course_id: Option<String>,
    pub plan_id: Option<String>,
    pub starts_at: i64,
    pub ends_at: i64,
    pub seats: i64,
    pub taken: i64,
    #[sqlx(try_from = "String")]
    pub status: ClassStatus,
    pub created_at: i64,
    pub updated_at: i64,
    pub audience_title_vi: Option<String>,
    pub audience_title_en: Option<String>,
    pub teacher_first_name: Option<String>,
    pub teacher_last_name: Option<String>,
    pub teacher_avatar: Option<String>,
}

impl ClassRow {
    pub fn cancelled(&self) -> bool {
        self.status == ClassStatus::Cancelled
    }
}

const COLUMNS: &str = "c.id, c.teacher_id, c.topic, c.description, c.course_id, c.plan_id, c.starts_at, c.ends_at, \
    c.seats, c.taken, c.status, c.created_at, c.updated_at, \
    coalesce(co.title_vi, p.title_vi) as audience_title_vi, coalesce(co.title_en, p.title_en) as audience_title_en, \
    u.first_name as teacher_first_name, u.last_name as teacher_last_name, u.avatar as teacher_avatar";

const FROM: &str = "from classes c join users u on u.id = c.teacher_id left join courses co on co.id = c.course_id \
    left join mentorship_plans p on p.id = c.plan_id";

/// A class's fields as written.
#[derive(Debug, Clone)]
pub struct ClassInput {
    pub topic: String,
    pub description: String,
    pub course_id: Option<String>,
    pub plan_id: Option<String>,
    pub starts_at: i64,
    pub ends_at: i64,
    pub seats: i64,
}

pub async fn insert(
    conn: &mut AnyConnection,
    teacher_id: &str,
    input: &ClassInput,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    sqlx::query(
        "insert into classes (id, teacher_id, topic, description, course_id, plan_id, starts_at, ends_at, seats, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(teacher_id)
    .bind(&input.topic)
    .bind(&input.description)
    .bind(&input.course_id)
    .bind(&input.plan_id)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(input.seats)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(id)
}

pub async fn update(conn: &mut AnyConnection, id: &str, input: &ClassInput, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update classes set topic = $2, description = $3, course_id = $4, plan_id = $5, starts_at = $6, ends_at = $7, \
         seats = $8, updated_at = $9 where id = $1",
    )
    .bind(id)
    .bind(&input.topic)
    .bind(&input.description)
    .bind(&input.course_id)
    .bind(&input.plan_id)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(input.seats)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn cancel(conn: &mut AnyConnection, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update classes set status = $3, updated_at = $2 where id = $1")
        .bind(id)
        .bind(now)
        .bind(ClassStatus::Cancelled.as_str())
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> Result<Option<ClassRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where c.id = $1")).bind(id).fetch_optional(conn).await
}

/// The classes `teacher_id` holds (every teacher's when `None`): upcoming ones soonest first, or past ones
/// latest first.
pub async fn teaching(
    pool: &Pool,
    teacher_id: Option<&str>,
    upcoming: bool,
    now: i64,
) -> Result<Vec<ClassRow>, sqlx::Error> {
    let (when, order) =
        if upcoming { ("c.ends_at > $1", "c.starts_at asc") } else { ("c.ends_at <= $1", "c.starts_at desc") };
    let teacher = if teacher_id.is_some() { "and c.teacher_id = $2" } else { "" };
    let sql = format!("select {COLUMNS} {FROM} where {when} {teacher} order by {order}, c.id limit 200");
    let mut query = sqlx::query_as(&sql).bind(now);
    if let Some(teacher_id) = teacher_id {
        query = query.bind(teacher_id);
    }
    query.fetch_all(pool).await
}

/// A class as a student sees it: the class and whether they hold a seat.
#[derive(Debug, Clone, FromRow)]
pub struct StudentClassRow {
    #[sqlx(flatten)]
    pub class: ClassRow,
    #[sqlx(try_from = "i64")]
    pub registered: Flag,
}

/// The classes not yet over that `student_id` may join: those of the courses they are enrolled in and of the
/// plans they hold an active booking of, and any they registered for; soonest first.
pub async fn open_for(pool: &Pool, student_id: &str, now: i64) -> Result<Vec<StudentClassRow>, sqlx::Error> {
    let sql = format!(
        "select {COLUMNS}, case when r.id is null then 0 else 1 end as registered {FROM} \
         left join class_registrations r on r.class_id = c.id and r.student_id = $1 \
         where c.ends_at > $2 and (r.id is not null or (c.status = 'scheduled' and c.teacher_id <> $1 and ( \
           c.course_id in (select e.course_id from course_enrollments e where e.user_id = $1) \
           or c.plan_id in (select m.plan_id from mentorship_enrollments m where m.user_id = $1 and m.start_at <= $2 \
             and m.end_at > $2)))) \
         order by c.starts_at asc, c.id limit 200"
    );
    sqlx::query_as(&sql).bind(student_id).bind(now).fetch_all(pool).await
}

/// Whether `student_id` belongs to the class's audience at `now`: enrolled in its course, or holding an active
/// booking of its plan.
pub async fn in_audience(
    conn: &mut AnyConnection,
    class: &ClassRow,
    student_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = match (&class.course_id, &class.plan_id) {
        (Some(course_id), _) => {
            sqlx::query_scalar("select 1 from course_enrollments where user_id = $1 and course_id = $2")
                .bind(student_id)
                .bind(course_id)
                .fetch_optional(conn)
                .await?
        }
        (None, Some(plan_id)) => {
            sqlx::query_scalar(
                "select 1 from mentorship_enrollments where user_id = $1 and plan_id = $2 and start_at <= $3 \
                 and end_at > $3 limit 1",
            )
            .bind(student_id)
            .bind(plan_id)
            .bind(now)
            .fetch_optional(conn)
            .await?
        }
        (None, None) => None,
    };
    Ok(found.is_some())
}

/// Whether `user_id` teaches the course (`kind` course) or owns the plan.
pub async fn owns_audience(
    conn: &mut AnyConnection,
    user_id: &str,
    course_id: Option<&str>,
    plan_id: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = match (course_id, plan_id) {
        (Some(course_id), _) => {
            sqlx::query_scalar("select 1 from courses where id = $1 and instructor_id = $2")
                .bind(course_id)
                .bind(user_id)
                .fetch_optional(conn)
                .await?
        }
        (None, Some(plan_id)) => {
            sqlx::query_scalar("select 1 from mentorship_plans where id = $1 and owner_id = $2")
                .bind(plan_id)
                .bind(user_id)
                .fetch_optional(conn)
                .await?
        }
        (None, None) => None,
    };
    Ok(found.is_some())
}

/// Whether the course or plan exists at all.
pub async fn audience_exists(
    conn: &mut AnyConnection,
    course_id: Option<&str>,
    plan_id: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = match (course_id, plan_id) {
        (Some(course_id), _) => {
            sqlx::query_scalar("select 1 from courses where id = $1").bind(course_id).fetch_optional(conn).await?
        }
        (None, Some(plan_id)) => {
            sqlx::query_scalar("select 1 from mentorship_plans where id = $1")
                .bind(plan_id)
                .fetch_optional(conn)
                .await?
        }
        (None, None) => None,
    };
    Ok(found.is_some())
}

pub async fn is_registered(conn: &mut AnyConnection, class_id: &str, student_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("select 1 from class_registrations where class_id = $1 and student_id = $2")
            .bind(class_id)
            .bind(student_id)
            .fetch_optional(conn)
            .await?;
    Ok(found.is_some())
}

/// Takes one seat if the class is scheduled, not started at `now` and not full; whether it did. One statement,
/// so concurrent registrations never pass the seat count.
pub async fn take_seat(conn: &mut AnyConnection, class_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update classes set taken = taken + 1 where id = $1 and status = 'scheduled' and starts_at > $2 \
         and taken < seats",
    )
    .bind(class_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn insert_registration(
    conn: &mut AnyConnection,
    class_id: &str,
    student_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("insert into class_registrations (id, class_id, student_id, created_at) values ($1, $2, $3, $4)")
        .bind(new_id())
        .bind(class_id)
        .bind(student_id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Removes the registration and gives its seat back; whether there was one.
pub async fn withdraw(conn: &mut AnyConnection, class_id: &str, student_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from class_registrations where class_id = $1 and student_id = $2")
        .bind(class_id)
        .bind(student_id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("update classes set taken = taken - 1 where id = $1 and taken > 0")
        .bind(class_id)
        .execute(conn)
        .await?;
    Ok(true)
}

/// A registered student, as the class's teacher sees them.
#[derive(Debug, Clone, FromRow)]
pub struct RegistrantRow {
    pub user_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
    pub avatar: Option<String>,
    pub registered_at: i64,
}

pub async fn registrants(pool: &Pool, class_id: &str) -> Result<Vec<RegistrantRow>, sqlx::Error> {
    sqlx::query_as(
        "select u.id as user_id, u.first_name, u.last_name, u.email, u.avatar, r.created_at as registered_at \
         from class_registrations r join users u on u.id = r.student_id where r.class_id = $1 \
         order by r.created_at, u.id",
    )
    .bind(class_id)
    .fetch_all(pool)
    .await
}

/// A course or plan a class can be for: (kind, id, Vietnamese title, English title).
pub type AudienceRow = (String, String, String, String);

/// The courses and plans `teacher_id` may schedule classes for (every teacher's when `None`), newest first.
pub async fn audiences(pool: &Pool, teacher_id: Option<&str>) -> Result<Vec<AudienceRow>, sqlx::Error> {
    let (courses, plans) = match teacher_id {
        Some(_) => ("where instructor_id = $1 and status <> 'archived'", "where owner_id = $1"),
        None => ("where status <> 'archived'", ""),
    };
    let sql = format!(
        "select kind, id, title_vi, title_en from ( \
           select 'course' as kind, id, title_vi, title_en, created_at from courses {courses} \
           union all select 'plan' as kind, id, title_vi, title_en, created_at from mentorship_plans {plans}) a \
         order by created_at desc, id limit 500"
    );
    let mut query = sqlx::query_as(&sql);
    if let Some(teacher_id) = teacher_id {
        query = query.bind(teacher_id);
    }
    query.fetch_all(pool).await
}

/// The classes of `teacher_id` overlapping [from_ms, to_ms), cancelled ones too, in time order (at most 1000).
pub async fn between(pool: &Pool, teacher_id: &str, from_ms: i64, to_ms: i64) -> Result<Vec<ClassRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} {FROM} where c.teacher_id = $1 and c.starts_at < $3 and c.ends_at > $2 \
         order by c.starts_at, c.id limit 1000"
    ))
    .bind(teacher_id)
    .bind(from_ms)
    .bind(to_ms)
    .fetch_all(pool)
    .await
}

/// Who owns the class's audience: the course's instructor or the plan's owner (`None`: no course or plan given,
/// or none such).
pub async fn audience_owner(
    conn: &mut AnyConnection,
    course_id: Option<&str>,
    plan_id: Option<&str>,
) -> Result<Option<String>, sqlx::Error> {
    match (course_id, plan_id) {
        (Some(course), _) => {
            sqlx::query_scalar("select instructor_id from courses where id = $1")
                .bind(course)
                .fetch_optional(conn)
                .await
        }
        (None, Some(plan)) => {
            sqlx::query_scalar("select owner_id from mentorship_plans where id = $1")
                .bind(plan)
                .fetch_optional(conn)
                .await
        }
        (None, None) => Ok(None),
    }
}
