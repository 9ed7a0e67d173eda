//! Coupons: applying one to an order (the shared rules decide, the database counts the uses exactly), giving a
//! use back when its order is cancelled or expires, and the administrator's list.

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
        coupons::{CouponRow, NewCoupon},
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
        kind: if row.kind == "fixed" {
            CouponKind::Fixed(row.value)
        } else {
            CouponKind::Percent(u8::try_from(row.value.clamp(0, 100)).unwrap_or(0))
        },
        currency: row.currency.as_deref().and_then(|c| c.parse().ok()),
        course_id: row.course_id.clone(),
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        min_order: row.min_order,
        max_uses: row.max_uses,
        max_uses_per_user: row.max_uses_per_user,
        active: row.active != 0,
    }
}

/// The coupon named `code` applied to an order of `user_id` in `currency` with `lines`, as things stand: the
/// coupon and its discount per line, or why it does not apply. Takes no use (see [`take`]).
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

/// Takes one use of the coupon for `user_id`, refused when none is left in total or for them. Counted by
/// conditional updates in the caller's transaction: however many checkouts run at once, no more uses are taken
/// than the coupon has.
pub async fn take(conn: &mut AnyConnection, coupon: &CouponRow, user_id: &str) -> Result<(), CommerceError> {
    if !repo::coupons::take_use(conn, &coupon.id).await? {
        return Err(CouponRefusal::Exhausted.into());
    }
    if !repo::coupons::take_user_use(conn, &coupon.id, user_id, coupon.max_uses_per_user).await? {
        return Err(CouponRefusal::UserLimitReached.into());
    }
    Ok(())
}

/// Gives back the use an order of `user_id` held.
pub async fn release(conn: &mut AnyConnection, coupon_id: &str, user_id: &str) -> Result<(), sqlx::Error> {
    repo::coupons::release_use(conn, coupon_id, user_id).await
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
        CouponKind::Percent(p) => ("percent", i64::from(p)),
        CouponKind::Fixed(amount) => ("fixed", amount),
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
