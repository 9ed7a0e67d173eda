//! The demo's live classes: the demo teacher's upcoming classes for their most followed course (a few of its
//! students registered, one class nearly full) and for a mentorship plan, and a past one with its list. Runs
//! inside the demo catalogue's transaction, after the enrolments.

use academy_shared::reports::LocalDate;
use sqlx::AnyConnection;

use super::repo::{self, ClassInput};

const MINUTE_MS: i64 = 60 * 1000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;
/// The teacher whose dashboard shows the classes (a demo account of the README).
const TEACHER: &str = "nguyenminhkhoa";

/// Loads the demo's classes; `now` is the demo's clock.
pub async fn load(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    let Some(teacher) = sqlx::query_scalar::<_, String>("select id from users where username = $1")
        .bind(TEACHER)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(());
    };
    let course: Option<String> = sqlx::query_scalar(
        "select c.id from courses c where c.instructor_id = $1 and c.status = 'published' \
         order by (select count(*) from course_enrollments e where e.course_id = c.id) desc, c.id limit 1",
    )
    .bind(&teacher)
    .fetch_optional(&mut *conn)
    .await?;
    let plan: Option<String> =
        sqlx::query_scalar("select id from mentorship_plans where owner_id = $1 order by price, id limit 1")
            .bind(&teacher)
            .fetch_optional(&mut *conn)
            .await?;
    // Evenings in Vietnam, when people who work or study by day take classes, whatever time the demo loads.
    let today = LocalDate::of_instant(now);
    let at = |days: i64, hour: i64, minute: i64| today.add_days(days).start_ms() + hour * HOUR_MS + minute * MINUTE_MS;
    if let Some(course) = course {
        let students: Vec<String> =
            sqlx::query_scalar("select user_id from course_enrollments where course_id = $1 order by created_at, id")
                .bind(&course)
                .fetch_all(&mut *conn)
                .await?;
        let classes = [
            ("Chữa bài tập và hỏi đáp cuối tuần", at(2, 19, 30), 90, 30, students.len().min(3)),
            ("Ôn tập trước bài kiểm tra", at(6, 20, 0), 60, students.len().clamp(1, 2), 1),
            ("Buổi mở đầu khóa học", at(-3, 19, 30), 60, 40, students.len().min(4)),
        ];
        for (topic, starts_at, minutes, seats, registered) in classes {
            let input = class(topic, Some(&course), None, starts_at, minutes, i64::try_from(seats)?);
            let id = repo::insert(conn, &teacher, &input, now).await?;
            for student in students.iter().take(registered) {
                seat(conn, &id, student, starts_at.min(now) - DAY_MS).await?;
            }
        }
    }
    if let Some(plan) = plan {
        let mentees: Vec<String> = sqlx::query_scalar(
            "select user_id from mentorship_enrollments where plan_id = $1 and start_at <= $2 and end_at > $2 \
             order by user_id",
        )
        .bind(&plan)
        .bind(now)
        .fetch_all(&mut *conn)
        .await?;
        let starts_at = at(4, 20, 0);
        let input = class("Xem lại hồ sơ xin việc theo nhóm nhỏ", None, Some(&plan), starts_at, 60, 4);
        let id = repo::insert(conn, &teacher, &input, now).await?;
        for mentee in mentees.iter().take(1) {
            seat(conn, &id, mentee, now - HOUR_MS).await?;
        }
    }
    Ok(())
}

fn class(
    topic: &str,
    course: Option<&str>,
    plan: Option<&str>,
    starts_at: i64,
    minutes: i64,
    seats: i64,
) -> ClassInput {
    ClassInput {
        topic: topic.to_owned(),
        description: String::new(),
        course_id: course.map(str::to_owned),
        plan_id: plan.map(str::to_owned),
        starts_at,
        ends_at: starts_at + minutes * 60 * 1000,
        seats,
    }
}

/// A registration made at `at`, with its seat taken.
async fn seat(conn: &mut AnyConnection, class_id: &str, student_id: &str, at: i64) -> anyhow::Result<()> {
    repo::insert_registration(conn, class_id, student_id, at).await?;
    sqlx::query("update classes set taken = taken + 1 where id = $1").bind(class_id).execute(&mut *conn).await?;
    Ok(())
}
