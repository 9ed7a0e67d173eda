//! Everything the academy holds about one person, as one JSON document: their account, learning, purchases and
//! payments, bookings, reviews, posts, notifications, sessions, uploaded files (as links) and, for a teacher,
//! what they teach and sell, their payouts (bank account numbers masked to the last four digits), tax
//! commitments and ledger entries. Nothing of another person is in it: a teacher's sales carry no buyer.
//!
//! A person's data is small (their own rows, each list bounded by what one person does), so it is read in one go
//! and answered as one document; the download is limited per account
//! ([`Limit::DataExport`](crate::identity::rate_limit::Limit::DataExport)).

use serde_json::{Map, Value, json};

use super::repo::{mask_account_number, rows};
use crate::{
    platform::{
        db,
        storage::{is_video_key, public_path},
        time::iso,
    },
    state::AppState,
};

/// The document's format name and version, for whoever reads it later.
pub const FORMAT: &str = "academy-personal-data/1";

/// One section: its name in the document and the query of its rows (`$1` is the person's id).
const SECTIONS: &[(&str, &str)] = &[
    (
        "teacherProfile",
        "select profession_vi, profession_en, expertise, bio_vi, bio_en, created_at, updated_at \
         from instructor_profiles where user_id = $1",
    ),
    (
        "courseEnrolments",
        "select e.course_id, c.title_vi, c.title_en, e.progress, e.completed, e.created_at, e.updated_at \
         from course_enrollments e join courses c on c.id = e.course_id where e.user_id = $1 order by e.created_at, e.id",
    ),
    (
        "completedLessons",
        "select course_id, lesson_id, completed_at from lesson_completions where user_id = $1 \
         order by completed_at, lesson_id",
    ),
    (
        "mentorshipBookings",
        "select e.id, e.plan_id, p.title_vi, p.title_en, e.mentor_id, e.start_at, e.end_at, e.created_at \
         from mentorship_enrollments e join mentorship_plans p on p.id = e.plan_id where e.user_id = $1 \
         order by e.created_at, e.id",
    ),
    (
        "mentorshipSessions",
        "select id, enrollment_id, teacher_id, student_id, start_at, end_at, status, created_at \
         from mentorship_sessions where student_id = $1 or teacher_id = $1 order by start_at, id",
    ),
    (
        "classRegistrations",
        "select r.class_id, c.topic, c.starts_at, c.ends_at, r.created_at from class_registrations r \
         join classes c on c.id = r.class_id where r.student_id = $1 order by c.starts_at, r.id",
    ),
    (
        "orders",
        "select id, code, status, currency, subtotal, discount_total, total, amount_received, amount_refunded, \
         coupon_code, payment_method, created_at, paid_at, closed_at, refunded_at from orders where user_id = $1 \
         order by created_at, id",
    ),
    (
        "orderItems",
        "select i.order_id, i.course_id, i.title_vi, i.title_en, i.list_price, i.price, i.discount, i.paid, \
         i.currency, i.status, i.refunded_at from order_items i join orders o on o.id = i.order_id \
         where o.user_id = $1 order by o.created_at, i.position",
    ),
    (
        "payments",
        "select p.order_id, p.provider, p.transfer_type, p.amount, p.currency, p.content, p.outcome, p.received_at \
         from payment_transactions p join orders o on o.id = p.order_id where o.user_id = $1 \
         order by p.received_at, p.id",
    ),
    (
        "cart",
        "select i.course_id, c.title_vi, c.title_en, i.created_at from cart_items i join carts k on k.id = i.cart_id \
         join courses c on c.id = i.course_id where k.user_id = $1 order by i.created_at, i.id",
    ),
    (
        "reviews",
        "select course_id, rating, body, reply, hidden, created_at, updated_at from course_reviews \
         where user_id = $1 order by created_at, id",
    ),
    (
        "posts",
        "select id, slug, title_vi, title_en, created_at from posts where author_id = $1 order by created_at, id",
    ),
    (
        "notifications",
        "select n.kind, coalesce(n.title_vi, b.title_vi) as title_vi, coalesce(n.title_en, b.title_en) as title_en, \
         coalesce(n.message_vi, b.message_vi) as message_vi, coalesce(n.message_en, b.message_en) as message_en, \
         n.action_link, n.is_read, n.read_at, n.created_at from notifications n \
         left join notification_broadcasts b on b.id = n.broadcast_id where n.user_id = $1 order by n.created_at, n.id",
    ),
    (
        "sessions",
        "select id, user_agent, client_ip, created_at, last_used_at, expires_at, revoked_at, revoked_reason \
         from sessions where user_id = $1 order by created_at, id",
    ),
    (
        "coursesTaught",
        "select id, slug, title_vi, title_en, status, price, discount, currency, enrollment_count, created_at, \
         updated_at from courses where instructor_id = $1 order by created_at, id",
    ),
    (
        "mentorshipPlans",
        "select id, slug, title_vi, title_en, price, currency, status, created_at, updated_at from mentorship_plans \
         where owner_id = $1 order by created_at, id",
    ),
    (
        "classesTaught",
        "select id, topic, description, course_id, plan_id, starts_at, ends_at, seats, taken, status, created_at \
         from classes where teacher_id = $1 order by starts_at, id",
    ),
    (
        "sales",
        "select o.code as order_code, i.course_id, i.title_vi, i.title_en, i.paid, i.teacher_share, i.currency, \
         i.status, o.paid_at, i.refunded_at from order_items i join orders o on o.id = i.order_id \
         where i.teacher_id = $1 and o.paid_at is not null order by o.paid_at, i.id",
    ),
    (
        "availability",
        "select zone, weekly, overrides, buffer_minutes, notice_minutes, updated_at from teacher_availability \
         where teacher_id = $1",
    ),
    ("taxCommitments", "select year, declared_on, created_at from tax_commitments where teacher_id = $1 order by year"),
];

/// The person's document, read now. `None` when there is no such account.
pub async fn export(state: &AppState, user_id: &str) -> Result<Option<Value>, sqlx::Error> {
    let pool = &state.pool;
    let profile = rows(
        pool,
        "select id, username, email, first_name, last_name, phone_number, address, dob, avatar, role, status, \
         created_at, updated_at from users where id = $1 and deleted_at is null",
        &[user_id],
    )
    .await?;
    let Some(profile) = profile.into_iter().next() else { return Ok(None) };
    let now = db::now_ms();
    let mut document = Map::new();
    document.insert("format".into(), json!(FORMAT));
    document.insert("exportedAt".into(), json!(iso(now)));
    document.insert("profile".into(), profile);
    for (name, sql) in SECTIONS {
        document.insert((*name).into(), Value::Array(rows(pool, sql, &[user_id]).await?));
    }
    document.insert("newsletter".into(), Value::Array(newsletter(state, user_id).await?));
    document.insert("payoutAccounts".into(), Value::Array(masked(pool, PAYOUT_ACCOUNTS, user_id).await?));
    document.insert("payoutRequests".into(), Value::Array(masked(pool, PAYOUT_REQUESTS, user_id).await?));
    document.insert("ledgerEntries".into(), Value::Array(ledger(pool, user_id).await?));
    document.insert("files".into(), Value::Array(files(state, user_id, now).await?));
    Ok(Some(Value::Object(document)))
}

const PAYOUT_ACCOUNTS: &str = "select id, bank_bin, account_number, holder_name, is_default, created_at, removed_at \
     from payout_accounts where user_id = $1 order by created_at, id";
const PAYOUT_REQUESTS: &str = "select id, bank_bin, account_number, holder_name, method, amount, fee, tax, net, \
     currency, status, reason, paid_on, created_at, decided_at from payout_requests where teacher_id = $1 \
     order by created_at, id";

/// Rows whose `accountNumber` is shown by its last four digits only.
async fn masked(pool: &db::Pool, sql: &str, user_id: &str) -> Result<Vec<Value>, sqlx::Error> {
    let mut list = rows(pool, sql, &[user_id]).await?;
    for row in &mut list {
        if let Some(Value::String(number)) = row.get_mut("accountNumber") {
            *number = mask_account_number(number);
        }
    }
    Ok(list)
}

async fn newsletter(state: &AppState, user_id: &str) -> Result<Vec<Value>, sqlx::Error> {
    rows(
        &state.pool,
        "select s.email, s.created_at from newsletter_subscriptions s join users u on s.email = u.email_lower \
         where u.id = $1",
        &[user_id],
    )
    .await
}

/// The entries of the person's own ledger accounts: earnings, payouts reserved, tax withheld.
async fn ledger(pool: &db::Pool, user_id: &str) -> Result<Vec<Value>, sqlx::Error> {
    let accounts =
        [format!("teacher:{user_id}"), format!("payout:reserved:{user_id}"), format!("tax:withheld:{user_id}")];
    rows(
        pool,
        "select e.account_code, t.kind, t.order_id, e.amount, e.currency, e.created_at from ledger_entries e \
         join ledger_transactions t on t.id = e.transaction_id where e.account_code in ($1, $2, $3) \
         order by e.created_at, e.id",
        &[&accounts[0], &accounts[1], &accounts[2]],
    )
    .await
}

/// The person's uploads with the address each is read at (a video's is signed, like the lesson player's).
async fn files(state: &AppState, user_id: &str, now: i64) -> Result<Vec<Value>, sqlx::Error> {
    let mut list = rows(
        &state.pool,
        "select purpose, storage_key, content_type, size_bytes, created_at, uploaded_at from files \
         where owner_id = $1 and uploaded_at is not null order by created_at, id",
        &[user_id],
    )
    .await?;
    let origin = state.config.public_origin();
    for file in &mut list {
        let Some(object) = file.as_object_mut() else { continue };
        let key = object.remove("storageKey").and_then(|k| k.as_str().map(str::to_owned)).unwrap_or_default();
        let path = public_path(&key);
        let url = if is_video_key(&key) { state.storage.video_view_url(&path, now) } else { path };
        object.insert("url".into(), json!(format!("{origin}{url}")));
    }
    Ok(list)
}
