//! The demo students' own purchases, made through checkout and paid like real ones: each student bought three
//! courses over the past weeks (one finished, one well into, one just begun) and two mentorships (one active,
//! one that ran out months ago). Every enrolment and booking of the demo therefore has its paid order, its
//! receipt, its ledger entries and its teacher's earnings.

use academy_shared::commerce::OrderStatus;
use anyhow::Context as _;

use crate::{
    commerce::{
        admin,
        checkout::{self, Checkout, CheckoutRequest},
    },
    platform::db::now_ms,
    state::AppState,
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long after a demo checkout its transfer is confirmed.
const TRANSFER_AFTER_MS: i64 = 7 * 60 * 1000;

/// The note on a demo transfer confirmed by hand.
const CONFIRMED_NOTE: &str = "Đã đối chiếu sao kê ngân hàng (dữ liệu mẫu)";

/// What a demo student buys.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    Course(&'a str),
    Plan(&'a str),
}

async fn user_id(state: &AppState, username: &str) -> anyhow::Result<String> {
    sqlx::query_scalar("select id from users where username = $1")
        .bind(username)
        .fetch_optional(&state.pool)
        .await?
        .with_context(|| format!("demo user {username}"))
}

/// `student_id` checks `item` out at the instant `at` and an administrator confirms its transfer a few minutes
/// later: the order is paid then, the course enrolled or the plan booked from then on. The order's id.
pub async fn purchase(
    state: &AppState,
    admin_id: &str,
    student_id: &str,
    item: Item<'_>,
    key: &str,
    at: i64,
) -> anyhow::Result<String> {
    let request = CheckoutRequest {
        course_ids: match item {
            Item::Course(id) => Some(vec![id.to_owned()]),
            Item::Plan(_) => None,
        },
        plan_id: match item {
            Item::Course(_) => None,
            Item::Plan(id) => Some(id.to_owned()),
        },
        coupon_code: None,
        idempotency_key: Some(key.to_owned()),
    };
    let answer = checkout::checkout_at(state, student_id, request, at)
        .await
        .map_err(|e| anyhow::anyhow!("demo purchase {key}: {e}"))?;
    let order = match answer.checkout {
        Checkout::Created(order) | Checkout::Existing(order) => order,
    };
    if order.status() == OrderStatus::Pending {
        admin::confirm_by_hand_at(state, admin_id, &order.row.id, CONFIRMED_NOTE, at + TRANSFER_AFTER_MS)
            .await
            .map_err(|e| anyhow::anyhow!("demo payment {key}: {e}"))?;
    }
    Ok(order.row.id)
}

/// Loads the students' purchases into a database whose demo catalogue and payment settings were just loaded:
/// `students` and `courses` (slugs) in the catalogue's order, of which the published courses with a price are
/// bought. The courses' progress is set for the demo's learning to fill in.
pub async fn load(state: &AppState, students: &[&str], courses: &[&str]) -> anyhow::Result<()> {
    let now = now_ms();
    let admin_id = user_id(state, "admin01").await?;
    let priced: Vec<(String, String)> =
        sqlx::query_as("select slug, id from courses where status = 'published' and coalesce(discount, price) > 0")
            .fetch_all(&state.pool)
            .await?;
    let courses: Vec<String> =
        courses.iter().filter_map(|slug| priced.iter().find(|(s, _)| s == slug).map(|(_, id)| id.clone())).collect();
    let plans: Vec<String> = sqlx::query_scalar(
        "select p.id from mentorship_plans p join users u on u.id = p.owner_id where p.status = 'active' \
         order by u.username, p.price, p.slug",
    )
    .fetch_all(&state.pool)
    .await?;
    for (n, username) in students.iter().enumerate() {
        let student = user_id(state, username).await?;
        let mut bought = Vec::new();
        for k in 0..3_usize {
            let Some(course) = courses.get((n * 5 + k * 7) % courses.len().max(1)) else { continue };
            if bought.contains(&course) {
                continue;
            }
            bought.push(course);
            let days_ago = i64::try_from(n * 3 + k * 11 + 2)?;
            let key = format!("demo-learning-{username}-{k}");
            purchase(state, &admin_id, &student, Item::Course(course), &key, now - days_ago * DAY_MS).await?;
            let progress = [100_i64, 45, 10][k];
            sqlx::query(
                "update course_enrollments set progress = $3, completed = $4 where user_id = $1 and course_id = $2",
            )
            .bind(&student)
            .bind(course)
            .bind(progress)
            .bind(i64::from(progress >= 100))
            .execute(&state.pool)
            .await?;
        }
        // The one that ran out first, then the one still running.
        for (k, days_ago) in [(1_usize, 120_i64), (0, 5)] {
            let Some(plan) = plans.get((n * 3 + k * 5) % plans.len().max(1)) else { continue };
            let key = format!("demo-mentorship-{username}-{k}");
            purchase(state, &admin_id, &student, Item::Plan(plan), &key, now - days_ago * DAY_MS).await?;
        }
    }
    tracing::info!(students = students.len(), "demo: the students' purchases paid");
    Ok(())
}
