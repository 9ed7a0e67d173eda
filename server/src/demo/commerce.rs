//! The demo's commerce, made through the same use cases as real purchases so every figure agrees: the VietQR
//! bank account and sale terms, the home page's "40% off for the first 100 customers" as the coupon `FIRST100`,
//! an order paid through the bank feed with that coupon, one confirmed by an administrator, one short of its
//! total, and one waiting for its transfer; the ledger holds their entries.

use academy_shared::{
    commerce::{Coupon, CouponKind, settings::BankAccount},
    promotions::PromotionForm,
};
use anyhow::Context as _;

use crate::{
    commerce::{
        admin,
        bank_feed::{self, BankTransaction},
        checkout::{self, CheckoutAnswer, CheckoutRequest},
        coupons::{self, CouponInput},
        promotions,
        settings::{self, SettingsInput},
    },
    state::AppState,
};

/// The demo's receiving account (a made-up Vietcombank account).
pub fn bank_account() -> BankAccount {
    BankAccount {
        bank_bin: "970436".to_owned(),
        bank_name: "Vietcombank".to_owned(),
        account_number: "1027493651".to_owned(),
        account_name: "CONG TY HOC VIEN ACADEMY".to_owned(),
    }
}

/// The home page's promotion.
pub const PROMO_COUPON: &str = "FIRST100";

async fn user_id(state: &AppState, username: &str) -> anyhow::Result<String> {
    sqlx::query_scalar("select id from users where username = $1")
        .bind(username)
        .fetch_optional(&state.pool)
        .await?
        .with_context(|| format!("demo user {username}"))
}

/// Published VND courses with a price that the student neither owns nor teaches, cheapest first.
async fn buyable(state: &AppState, student_id: &str, count: usize, skip: usize) -> anyhow::Result<Vec<String>> {
    let ids: Vec<String> = sqlx::query_scalar(
        "select c.id from courses c where c.status = 'published' and c.currency = 'VND' \
         and coalesce(c.discount, c.price) > 0 and c.instructor_id <> $1 \
         and not exists (select 1 from course_enrollments e where e.course_id = c.id and e.user_id = $1) \
         order by coalesce(c.discount, c.price), c.slug",
    )
    .bind(student_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(ids.into_iter().skip(skip).take(count).collect())
}

async fn buy(
    state: &AppState,
    username: &str,
    count: usize,
    skip: usize,
    coupon: Option<&str>,
) -> anyhow::Result<CheckoutAnswer> {
    let student = user_id(state, username).await?;
    let request = CheckoutRequest {
        course_ids: Some(buyable(state, &student, count, skip).await?),
        plan_id: None,
        coupon_code: coupon.map(str::to_owned),
        idempotency_key: Some(format!("demo-{username}-{skip}")),
    };
    checkout::checkout(state, &student, request).await.map_err(|e| anyhow::anyhow!("demo checkout of {username}: {e}"))
}

fn order_of(answer: &CheckoutAnswer) -> &crate::commerce::orders::Order {
    match &answer.checkout {
        checkout::Checkout::Created(order) | checkout::Checkout::Existing(order) => order,
    }
}

fn failed(e: crate::commerce::error::CommerceError) -> anyhow::Error {
    anyhow::anyhow!("demo commerce: {e}")
}

/// Loads the demo's payment settings and promotion coupon into a database whose demo catalogue was just loaded.
pub async fn settings(state: &AppState) -> anyhow::Result<()> {
    let input = SettingsInput { bank: bank_account(), commission_percent: Some(20), order_expiry_minutes: Some(30) };
    settings::save(state, input).await.map_err(failed)?;
    let admin_id = user_id(state, "admin01").await?;
    let promo = CouponInput {
        code: PROMO_COUPON.to_owned(),
        coupon: Coupon {
            kind: CouponKind::Percent(40),
            currency: None,
            course_id: None,
            starts_at: None,
            ends_at: None,
            min_order: 0,
            max_uses: Some(100),
            max_uses_per_user: Some(1),
            active: true,
        },
        description_vi: "Giảm 40% cho 100 khách hàng đầu tiên".to_owned(),
        description_en: "40% off for the first 100 customers".to_owned(),
    };
    let coupon = coupons::create(state, &admin_id, promo).await.map_err(failed)?;
    let band = PromotionForm {
        coupon_id: coupon.id,
        placements: vec!["home".to_owned(), "courses".to_owned(), "cart".to_owned()],
        title_vi: "Giảm 40% cho 100 khách hàng đầu tiên".to_owned(),
        title_en: "40% off for the first 100 customers".to_owned(),
        text_vi: "Đăng ký khóa học đầu tiên của bạn hôm nay với mã FIRST100 và nhận ưu đãi dành riêng cho 100 học \
                  viên sớm nhất."
            .to_owned(),
        text_en: "Enroll in your first course today with the code FIRST100 and get an offer reserved for the first \
                  100 students."
            .to_owned(),
        priority: 100,
        ..PromotionForm::default()
    };
    promotions::save(state, &admin_id, None, &band, true).await.map_err(|e| anyhow::anyhow!("demo promotion: {e}"))?;
    Ok(())
}

/// Loads the demo's shop orders into a database whose payment settings were just loaded.
pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let admin_id = user_id(state, "admin01").await?;
    // Paid through the bank feed, with the promotion.
    let answer = buy(state, "trinhvanduc", 2, 0, Some(PROMO_COUPON)).await?;
    let order = order_of(&answer);
    let transfer = BankTransaction {
        provider: "sepay",
        provider_id: "demo-100001".to_owned(),
        incoming: true,
        amount: order.row.total,
        code: None,
        content: format!("{} chuyen tien hoc phi", order.row.code),
        raw: "{\"demo\": true}".to_owned(),
    };
    bank_feed::receive(state, &transfer).await.map_err(failed)?;

    // Confirmed by an administrator.
    let answer = buy(state, "ngothaovy", 1, 1, None).await?;
    admin::confirm_by_hand(state, &admin_id, &order_of(&answer).row.id, "Đã đối chiếu sao kê ngân hàng (dữ liệu mẫu)")
        .await
        .map_err(failed)?;

    // Short of its total: waits for the rest.
    let answer = buy(state, "lyminhquan", 1, 2, None).await?;
    let order = order_of(&answer);
    let short = BankTransaction {
        provider: "sepay",
        provider_id: "demo-100002".to_owned(),
        incoming: true,
        amount: order.row.total / 2,
        code: None,
        content: format!("CK {} dot 1", order.row.code),
        raw: "{\"demo\": true}".to_owned(),
    };
    bank_feed::receive(state, &short).await.map_err(failed)?;

    // Waiting for its transfer.
    buy(state, "ngothaovy", 1, 3, None).await?;
    tracing::info!("demo: the shop's four orders loaded");
    Ok(())
}
