//! Coupons: applying one to an order (the shared rules decide), counting a use when its order is paid, and the
//! administrator's list.
//!
//! A coupon's uses are its paid orders. An unpaid order holds none: otherwise anyone could check out with a
//! code and never pay, over and over from free accounts, and keep it from everyone else. So checkout prices an
//! order with the coupon as long as a use is left among the paid ones, and the use is counted when the order
//! is paid.
//!
//! That lets several unpaid orders carry the last use. Whoever pays first takes it; a later payer has paid the
//! price they were quoted and still gets the order at that price: the discount holds, the coupon's count goes
//! past its limit, and the order's history records it (`coupon_over_limit`) for the administrators. Refusing
//! the payment, or asking for more money, would punish a buyer who did everything right for a race they cannot
//! see; the cost is bounded by the open orders of the moment, each person having at most
//! [`crate::commerce::checkout::MAX_OPEN_ORDERS`] of them. A person's own unpaid orders do count against the
//! coupon's per-person limit at checkout, so nobody stacks one code on several open orders.

use academy_shared::{
    commerce::{
        Coupon, CouponDiscount, CouponKind, CouponRefusal, CouponUsage, Line,
        coupon::{self, CouponDefinitionError},
        evaluate,
    },
    money::Currency,
    validation::Message,
};
use sqlx::AnyConnection;

use super::{
    error::CommerceError,
    repo::{
        self,
        coupons::{CouponRow, DiscountKind, NewCoupon},
    },
};
use crate::{
    platform::{
        db::{new_id, now_ms},
        text::Text,
    },
    state::AppState,
};

/// The rules' view of a stored coupon.
pub fn rule_of(row: &CouponRow) -> Coupon {
    Coupon {
        kind: match row.kind {
            DiscountKind::Fixed => CouponKind::Fixed(row.value),
            DiscountKind::Percent => CouponKind::Percent(u8::try_from(row.value.clamp(0, 100)).unwrap_or(0)),
        },
        currency: row.currency.0,
        course_id: row.course_id.clone(),
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        min_order: row.min_order,
        max_uses: row.max_uses,
        max_uses_per_user: row.max_uses_per_user,
        active: row.active.get(),
    }
}

/// The coupon named `code` applied to an order of `user_id` in `currency` with `lines`, as things stand: the
/// coupon and its discount per line, or why it does not apply. Takes no use (see [`count_paid_use`]).
pub async fn apply(
    conn: &mut AnyConnection,
    user_id: &str,
    code: &str,
    currency: Currency,
    lines: &[Line],
    now_ms: i64,
) -> Result<(CouponRow, CouponDiscount), CommerceError> {
    let code = coupon::normalize_code(code).map_err(|_| CommerceError::UnknownCoupon)?;
    let row = repo::coupons::find_by_code(conn, &code).await?.ok_or(CommerceError::UnknownCoupon)?;
    let usage = CouponUsage { total: row.used_count, by_user: repo::coupons::uses_by(conn, &row.id, user_id).await? };
    let discount = evaluate(&rule_of(&row), currency, lines, usage, now_ms)?;
    Ok((row, discount))
}

/// Refuses a checkout with the coupon when `user_id` has used it as often as allowed, counting their paid uses
/// and their own unpaid orders still open at `now_ms` (an order the checkout answers again is not counted: it
/// is found before this is asked).
pub async fn check_open_uses(
    conn: &mut AnyConnection,
    coupon: &CouponRow,
    user_id: &str,
    now_ms: i64,
) -> Result<(), CommerceError> {
    let Some(max) = coupon.max_uses_per_user else { return Ok(()) };
    let paid = repo::coupons::uses_by(conn, &coupon.id, user_id).await?;
    let open = repo::coupons::open_orders_by(conn, &coupon.id, user_id, now_ms).await?;
    if paid + open >= max {
        return Err(CouponRefusal::UserLimitReached.into());
    }
    Ok(())
}

/// Counts the use of its coupon by a paid order, in the payment's transaction. Whether it was within the coupon's
/// limits: when not, the discount holds all the same (see the module's documentation).
pub async fn count_paid_use(conn: &mut AnyConnection, coupon_id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    repo::coupons::count_paid_use(conn, coupon_id, user_id).await
}

/// A coupon an administrator creates.
#[derive(Debug, Clone)]
pub struct CouponInput {
    pub code: String,
    pub coupon: Coupon,
    pub description_vi: String,
    pub description_en: String,
}

fn refused(field: &'static str, error: CouponDefinitionError) -> CommerceError {
    CommerceError::Invalid { field, message: Text::localized(|lang| error.message(lang)) }
}

/// Creates a coupon after the shared definition checks; a code in use is refused.
pub async fn create(state: &AppState, actor_id: &str, input: CouponInput) -> Result<CouponRow, CommerceError> {
    let code = coupon::normalize_code(&input.code).map_err(|e| refused("code", e))?;
    coupon::validate(&input.coupon).map_err(|e| {
        let field = match e {
            CouponDefinitionError::Code => "code",
            CouponDefinitionError::Percent | CouponDefinitionError::Amount => "value",
            CouponDefinitionError::Period => "endsAt",
            CouponDefinitionError::Limit => "maxUses",
        };
        refused(field, e)
    })?;
    let rule = &input.coupon;
    let mut tx = repo::begin_write(state).await?;
    if let Some(course_id) = &rule.course_id
        && repo::offers::find(&mut tx, course_id).await?.is_none()
    {
        return Err(CommerceError::CourseNotFound);
    }
    if repo::coupons::find_by_code(&mut tx, &code).await?.is_some() {
        return Err(CommerceError::Invalid {
            field: "code",
            message: Text::new("Mã giảm giá này đã tồn tại.", "This coupon code already exists."),
        });
    }
    let (kind, value) = match rule.kind {
        CouponKind::Percent(p) => (DiscountKind::Percent.as_str(), i64::from(p)),
        CouponKind::Fixed(amount) => (DiscountKind::Fixed.as_str(), amount),
    };
    let id = new_id();
    let new = NewCoupon {
        id: &id,
        code: &code,
        kind,
        value,
        currency: rule.currency.map(Currency::code),
        course_id: rule.course_id.as_deref(),
        starts_at: rule.starts_at,
        ends_at: rule.ends_at,
        min_order: rule.min_order,
        max_uses: rule.max_uses,
        max_uses_per_user: rule.max_uses_per_user,
        description_vi: &input.description_vi,
        description_en: &input.description_en,
        created_by: Some(actor_id),
    };
    repo::coupons::insert(&mut tx, &new, now_ms()).await?;
    let row = repo::coupons::find_by_code(&mut tx, &code).await?.ok_or(CommerceError::UnknownCoupon)?;
    tx.commit().await?;
    Ok(row)
}

/// Every coupon, newest first.
pub async fn list(state: &AppState) -> Result<Vec<CouponRow>, CommerceError> {
    Ok(repo::coupons::list(&state.pool).await?)
}

/// Switches a coupon on or off.
pub async fn set_active(state: &AppState, id: &str, active: bool) -> Result<CouponRow, CommerceError> {
    if !repo::coupons::set_active(&state.pool, id, active, now_ms()).await? {
        return Err(CommerceError::CouponNotFound);
    }
    repo::coupons::find(&state.pool, id).await?.ok_or(CommerceError::CouponNotFound)
}

/// The titles (Vietnamese, English) of the courses coupons apply to, by course id.
pub async fn course_titles(
    state: &AppState,
) -> Result<std::collections::HashMap<String, (String, String)>, CommerceError> {
    let rows = repo::coupons::course_titles(&state.pool).await?;
    Ok(rows.into_iter().map(|(id, vi, en)| (id, (vi, en))).collect())
}
