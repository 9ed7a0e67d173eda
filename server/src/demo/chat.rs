//! The demo's conversations: the student `phanthiyen` and her mentor `nguyenminhkhoa` talk about her booking (his
//! last message still unread by her, so her header shows it), and another active booking's mentee reported a
//! mentor who asked to be paid outside the academy, so administrators find a reported conversation to read on the
//! booked-mentorship page. Messages are written as stored (read marks included); no mail is queued for them.

use anyhow::Context as _;

use super::schedule::{MENTOR, STUDENT};
use crate::{
    chat::{
        repo::{self, MessageRow},
        reports,
    },
    mentorship::bookings,
    platform::db::{begin_write, new_id, now_ms},
    state::AppState,
};

const MINUTE_MS: i64 = 60 * 1000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

async fn user_id(state: &AppState, username: &str) -> anyhow::Result<String> {
    sqlx::query_scalar("select id from users where username = $1")
        .bind(username)
        .fetch_optional(&state.pool)
        .await?
        .with_context(|| format!("demo user {username}"))
}

/// Writes `lines` (true: the mentee speaks) into the conversation of `booking`, the first `ago_ms` before now,
/// a few minutes apart; every message read except the last.
async fn converse(
    state: &AppState,
    booking: &bookings::SessionBooking,
    lines: &[(bool, &str)],
    ago_ms: i64,
    now: i64,
) -> anyhow::Result<()> {
    let mut tx = begin_write(&state.pool).await?;
    let mut at = now - ago_ms;
    for (index, (mentee_speaks, body)) in lines.iter().enumerate() {
        let (sender, recipient) = if *mentee_speaks {
            (&booking.user_id, &booking.mentor_id)
        } else {
            (&booking.mentor_id, &booking.user_id)
        };
        let row = MessageRow {
            id: new_id(),
            booking_id: booking.id.clone(),
            sender_id: sender.clone(),
            recipient_id: recipient.clone(),
            body: (*body).to_owned(),
            created_at: at,
            read_at: None,
        };
        repo::insert_message(&mut tx, &row).await?;
        if index + 1 < lines.len() {
            sqlx::query("update chat_messages set read_at = $1 where id = $2")
                .bind(at + 2 * MINUTE_MS)
                .bind(&row.id)
                .execute(&mut *tx)
                .await?;
        }
        at += 7 * MINUTE_MS;
    }
    tx.commit().await?;
    Ok(())
}

pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let now = now_ms();
    let student = user_id(state, STUDENT).await?;
    let mentor = user_id(state, MENTOR).await?;
    let mut conn = state.pool.acquire().await?;
    let booking = bookings::active_bookings_with(&mut conn, &student, &mentor, now)
        .await?
        .into_iter()
        .next()
        .context("the demo student's booking with the demo mentor")?;
    converse(
        state,
        &booking,
        &[
            (true, "Chào anh Khoa, em vừa đăng ký gói cố vấn. Em muốn tập trung vào React và TypeScript ạ."),
            (false, "Chào Yến! Em gửi anh đường dẫn kho mã hiện tại nhé, mình xem trước buổi đầu."),
            (true, "Dạ đây ạ: https://github.com/phanthiyen/portfolio"),
            (false, "Anh xem rồi. Buổi tới mình bàn về cách chia thư mục và viết kiểm thử nhé."),
        ],
        26 * HOUR_MS,
        now,
    )
    .await?;

    // Another active booking, of another mentee and mentor, whose mentee reported it.
    let other: Option<(String, String)> = sqlx::query_as(
        "select e.id, e.user_id from mentorship_enrollments e \
         where e.user_id <> $1 and e.mentor_id <> $2 and e.start_at <= $3 and e.end_at > $3 \
         order by e.start_at, e.id limit 1",
    )
    .bind(&student)
    .bind(&mentor)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((booking_id, mentee)) = other else { return Ok(()) };
    let booking = bookings::session_booking(&mut conn, &booking_id).await?.context("the reported booking")?;
    drop(conn);
    converse(
        state,
        &booking,
        &[
            (true, "Dạ em chào, tuần này mình có thể dời buổi sang tối thứ Năm được không ạ?"),
            (false, "Được em. À, gói sau em chuyển khoản thẳng cho mình qua Zalo nhé, rẻ hơn trên Academy."),
            (true, "Dạ em nghĩ mình nên thanh toán trên Academy thôi ạ."),
        ],
        50 * HOUR_MS,
        now,
    )
    .await?;
    let reason = "Người cố vấn đề nghị thanh toán riêng ngoài Academy.";
    reports::report(state, &mentee, &booking.id, reason, now - 47 * HOUR_MS).await?;
    Ok(())
}
