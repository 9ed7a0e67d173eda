//! The demo's learning: reading lessons among the videos, the demo students' completed lessons (matching the
//! progress their enrolments were given), where each resumes, and reviews with some of the teachers' replies.
//! Runs inside the demo catalogue's transaction, after the enrolments.

use academy_shared::learning::progress;
use sqlx::AnyConnection;

use super::{repo as learning, reviews::repo as reviews};

/// Loads the demo's learning data; `now` is the demo's clock.
pub async fn load(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    reading_lessons(conn, now).await?;
    completions(conn, now).await?;
    demo_reviews(conn, now).await?;
    Ok(())
}

/// The last lesson of every section with two or more becomes a reading lesson: a summary to read instead of a
/// video.
async fn reading_lessons(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    let last_lessons: Vec<(String, String, String)> = sqlx::query_as(
        "select l.id, s.title_vi, s.title_en from course_lessons l join course_sections s on s.id = l.section_id \
         where l.free_preview = 0 and l.position = (select max(m.position) from course_lessons m \
         where m.section_id = l.section_id) and (select count(*) from course_lessons m \
         where m.section_id = l.section_id) >= 2",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (lesson_id, section_vi, section_en) in last_lessons {
        let vi = format!(
            "Bài đọc này tóm tắt những ý chính của phần \u{201c}{section_vi}\u{201d}.\n\n\
             1. Xem lại các ví dụ trong những bài trước và tự làm lại từng bước, đừng sao chép.\n\
             2. Ghi lại những chỗ bạn còn chưa rõ để hỏi giảng viên.\n\
             3. Áp dụng vào một bài toán nhỏ của riêng bạn trước khi sang phần tiếp theo.\n\n\
             Khi đã nắm được các ý trên, hãy đánh dấu hoàn thành bài học để lưu tiến độ."
        );
        let en = format!(
            "This reading sums up the key points of \u{201c}{section_en}\u{201d}.\n\n\
             1. Go back over the examples of the previous lessons and redo each step yourself instead of copying.\n\
             2. Note whatever is still unclear so you can ask the teacher.\n\
             3. Apply it to a small problem of your own before moving on to the next part.\n\n\
             Once these points are clear, mark the lesson complete to save your progress."
        );
        sqlx::query(
            "update course_lessons set video_url = null, body_vi = $2, body_en = $3, updated_at = $4 where id = $1",
        )
        .bind(&lesson_id)
        .bind(vi)
        .bind(en)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Each demo enrolment's stored progress becomes real: its first lessons completed, spread over the time since
/// the learner enrolled, and the next lesson to resume at.
async fn completions(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    let enrolments: Vec<(String, String, i64, i64)> = sqlx::query_as(
        "select user_id, course_id, progress, created_at from course_enrollments order by user_id, course_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (user_id, course_id, percent, enrolled_at) in enrolments {
        let lessons: Vec<String> = sqlx::query_scalar(
            "select l.id from course_lessons l join course_sections s on s.id = l.section_id \
             where l.course_id = $1 order by s.position, l.position, l.id",
        )
        .bind(&course_id)
        .fetch_all(&mut *conn)
        .await?;
        let total = i64::try_from(lessons.len())?;
        let done = total * percent.clamp(0, 100) / 100;
        let step = (now - enrolled_at).max(0) / (done + 1);
        for (n, lesson_id) in (1_i64..).zip(lessons.iter().take(usize::try_from(done)?)) {
            learning::set_completion(conn, &user_id, &course_id, lesson_id, true, enrolled_at + n * step).await?;
        }
        let Some(resume) = lessons.get(usize::try_from(done)?).or(lessons.last()) else { continue };
        let figures = progress(u32::try_from(done)?, u32::try_from(total)?);
        let stored = (i64::from(figures.percent), figures.completed);
        learning::store_progress(conn, &user_id, &course_id, stored, resume, enrolled_at + done * step).await?;
    }
    Ok(())
}

/// (stars, text) of the demo's reviews.
const REVIEWS: [(i64, &str); 8] = [
    (5, "Khóa học rất dễ hiểu, giảng viên giải thích chậm rãi và có nhiều ví dụ thực tế. Mình áp dụng được ngay."),
    (4, "Nội dung tốt, bài tập sát thực tế. Mong có thêm phần nâng cao ở cuối khóa."),
    (5, "Great course: clear explanations, and the exercises really help. Highly recommended."),
    (4, "Phần đầu hơi chậm nhưng từ chương 2 trở đi rất cuốn. Đáng tiền!"),
    (5, "Bài giảng ngắn gọn, đi thẳng vào vấn đề. Tiến độ được lưu nên mình học trên điện thoại rất tiện."),
    (3, "Kiến thức ổn nhưng âm thanh của vài video hơi nhỏ."),
    (5, "Mình là người mới hoàn toàn mà vẫn theo kịp. Cảm ơn thầy cô!"),
    (4, "Solid content and well organised; a few more quizzes would make it perfect."),
];

const REPLY: &str = "Cảm ơn bạn đã dành thời gian đánh giá! Chúc bạn học tốt và hẹn gặp lại ở các khóa tiếp theo.";

/// The demo students review the courses they are well into; the teacher answers every other review. The
/// reviewed courses' ratings are then counted from their reviews.
async fn demo_reviews(conn: &mut AnyConnection, now: i64) -> anyhow::Result<()> {
    const HOUR: i64 = 60 * 60 * 1000;
    let reviewers: Vec<(String, String, String, i64)> = sqlx::query_as(
        "select e.user_id, e.course_id, c.instructor_id, e.updated_at from course_enrollments e \
         join courses c on c.id = e.course_id where e.progress >= 40 order by e.created_at, e.user_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut courses = Vec::new();
    for (n, (user_id, course_id, teacher_id, at)) in reviewers.into_iter().enumerate() {
        let (rating, text) = REVIEWS[n % REVIEWS.len()];
        let written = at.min(now - HOUR);
        let id = reviews::upsert(conn, &course_id, &user_id, rating, Some(text), written).await?;
        if n % 2 == 0 {
            reviews::set_reply(conn, &id, REPLY, &teacher_id, written + HOUR / 2).await?;
        }
        courses.push(course_id);
    }
    courses.sort();
    courses.dedup();
    for course_id in courses {
        reviews::refresh_rating(conn, &course_id).await?;
    }
    Ok(())
}
