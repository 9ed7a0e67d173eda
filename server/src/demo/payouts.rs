//! The demo's payouts, made through the same use cases as real ones so the ledger stays balanced: sales of past
//! weeks (available) and of two days ago (maturing), a payout account for each teacher who sold, a pending
//! request, one paid with its bank reference, one rejected with its reason, one with personal income tax
//! withheld, and a refund after a payout that leaves a teacher owing.

use academy_shared::payouts::PayoutRules;
use anyhow::Context as _;

use crate::{
    commerce::{
        admin,
        checkout::{self, CheckoutRequest},
    },
    finance::{
        repo::{self as finance_repo, AccountRow},
        requests::{self, Ask, Asked, Verdict},
        settings::{self, BANK_MANUAL, Payer, PayoutSettings},
    },
    platform::db::{new_id, now_ms},
    state::AppState,
};

const DAY_MS: i64 = 86_400_000;

async fn user_id(state: &AppState, username: &str) -> anyhow::Result<String> {
    sqlx::query_scalar("select id from users where username = $1")
        .bind(username)
        .fetch_optional(&state.pool)
        .await?
        .with_context(|| format!("demo user {username}"))
}

/// Sells the teacher's `nth` cheapest priced course to a demo student who does not have it yet, paid `days_ago`;
/// the order's id.
async fn sell(state: &AppState, admin_id: &str, teacher: &str, nth: usize, days_ago: i64) -> anyhow::Result<String> {
    let teacher_id = user_id(state, teacher).await?;
    let courses: Vec<String> = sqlx::query_scalar(
        "select id from courses where instructor_id = $1 and status = 'published' and currency = 'VND' \
         and coalesce(discount, price) > 0 order by coalesce(discount, price), slug",
    )
    .bind(&teacher_id)
    .fetch_all(&state.pool)
    .await?;
    let course = courses.get(nth).with_context(|| format!("course {nth} of {teacher}"))?;
    let student: String = sqlx::query_scalar(
        "select u.id from users u where u.role = 'STUDENT' and not exists (select 1 from course_enrollments e \
         where e.course_id = $1 and e.user_id = u.id) and not exists (select 1 from orders o join order_items i \
         on i.order_id = o.id where o.user_id = u.id and i.course_id = $1) order by u.username limit 1",
    )
    .bind(course)
    .fetch_optional(&state.pool)
    .await?
    .with_context(|| format!("a student without course {nth} of {teacher}"))?;
    let request = CheckoutRequest {
        course_ids: Some(vec![course.clone()]),
        plan_id: None,
        coupon_code: None,
        idempotency_key: Some(format!("demo-payouts-{teacher}-{nth}")),
    };
    let answer = checkout::checkout(state, &student, request).await.map_err(|e| anyhow::anyhow!("demo sale: {e}"))?;
    let order = match &answer.checkout {
        checkout::Checkout::Created(order) | checkout::Checkout::Existing(order) => order.row.id.clone(),
    };
    let note = "Đã đối chiếu sao kê ngân hàng (dữ liệu mẫu)";
    admin::confirm_by_hand_at(state, admin_id, &order, note, now_ms() - days_ago * DAY_MS)
        .await
        .map_err(|e| anyhow::anyhow!("demo sale: {e}"))?;
    Ok(order)
}

/// A payout account of the teacher's, ready (its wait passed long ago).
async fn account(state: &AppState, teacher_id: &str, bin: &str, number: &str, holder: &str) -> anyhow::Result<String> {
    let now = now_ms();
    let row = AccountRow {
        id: new_id(),
        user_id: teacher_id.to_owned(),
        bank_bin: bin.to_owned(),
        account_number: number.to_owned(),
        holder_name: holder.to_owned(),
        is_default: true.into(),
        ready_at: now - 60 * DAY_MS,
        created_at: now - 60 * DAY_MS,
        updated_at: now - 60 * DAY_MS,
    };
    let mut conn = state.pool.acquire().await?;
    finance_repo::insert_account(&mut conn, &row).await?;
    Ok(row.id)
}

async fn ask(state: &AppState, teacher_id: &str, account_id: &str, amount: i64, key: &str) -> anyhow::Result<String> {
    let ask = Ask { amount, account_id, method: BANK_MANUAL, key };
    match requests::ask(state, teacher_id, &ask).await.map_err(|e| anyhow::anyhow!("demo payout request: {e}"))? {
        Asked::Created(row) | Asked::Existing(row) => Ok(row.id),
    }
}

async fn decide(state: &AppState, admin_id: &str, id: &str, verdict: Verdict) -> anyhow::Result<()> {
    requests::decide(state, admin_id, id, &verdict).await.map_err(|e| anyhow::anyhow!("demo payout decision: {e}"))?;
    Ok(())
}

fn paid(reference: &str, days_ago: i64) -> Verdict {
    let day = chrono::DateTime::from_timestamp_millis(now_ms() - days_ago * DAY_MS).unwrap_or_default();
    Verdict::Paid { bank_reference: reference.to_owned(), paid_on: day.format("%Y-%m-%d").to_string() }
}

/// Loads the demo's payouts into a database whose demo catalogue and commerce were just loaded.
pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let payout_settings = PayoutSettings {
        rules: PayoutRules { withhold_tax: true, ..PayoutRules::default() },
        payer: Payer {
            name: "Công ty TNHH Học viện Academy (dữ liệu mẫu)".to_owned(),
            tax_code: "0319999999".to_owned(),
            address: "12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh".to_owned(),
        },
        ..PayoutSettings::default()
    };
    settings::save(&state.pool, &payout_settings).await.map_err(|e| anyhow::anyhow!("demo payout settings: {e}"))?;
    let admin_id = user_id(state, "admin01").await?;

    // Available and maturing money, a request of each status.
    for nth in 0..3 {
        sell(state, &admin_id, "lequanghuy", nth, 20).await?;
    }
    sell(state, &admin_id, "lequanghuy", 3, 2).await?;
    let huy = user_id(state, "lequanghuy").await?;
    let huy_account = account(state, &huy, "970436", "1023456789", "LE QUANG HUY").await?;
    let sent = ask(state, &huy, &huy_account, 600_000, "demo-payout-huy-1").await?;
    decide(state, &admin_id, &sent, paid("FT26310DEMO0001", 10)).await?;
    let refused = ask(state, &huy, &huy_account, 200_000, "demo-payout-huy-2").await?;
    let note = "Tên chủ tài khoản không khớp với hồ sơ (dữ liệu mẫu).".to_owned();
    decide(state, &admin_id, &refused, Verdict::Rejected { reason: "invalid_account".to_owned(), note }).await?;
    ask(state, &huy, &huy_account, 500_000, "demo-payout-huy-3").await?;

    // Two million đồng or more: 10% personal income tax withheld.
    for nth in 0..3 {
        sell(state, &admin_id, "phamthanhtung", nth, 30).await?;
    }
    let tung = user_id(state, "phamthanhtung").await?;
    let tung_account = account(state, &tung, "970415", "108001234567", "PHAM THANH TUNG").await?;
    let taxed = ask(state, &tung, &tung_account, 2_500_000, "demo-payout-tung-1").await?;
    decide(state, &admin_id, &taxed, paid("FT26315DEMO0002", 8)).await?;

    // Paid out, then the sale was refunded: the teacher owes it, netted from their next earnings.
    let order = sell(state, &admin_id, "tranthuha", 0, 25).await?;
    let ha = user_id(state, "tranthuha").await?;
    let ha_account = account(state, &ha, "970422", "0801234567", "TRAN THU HA").await?;
    let mut conn = state.pool.acquire().await?;
    let everything = crate::finance::balance::figures(&mut conn, &ha, &payout_settings.rules, now_ms()).await?;
    drop(conn);
    let available = crate::finance::balance::vnd(&everything).available;
    let all = ask(state, &ha, &ha_account, available, "demo-payout-ha-1").await?;
    decide(state, &admin_id, &all, paid("FT26318DEMO0003", 12)).await?;
    admin::refund(state, &admin_id, &order, None, "Học viên yêu cầu hoàn tiền (dữ liệu mẫu)")
        .await
        .map_err(|e| anyhow::anyhow!("demo refund: {e}"))?;
    tracing::info!("demo: payout settings, accounts and payout requests loaded");
    Ok(())
}
