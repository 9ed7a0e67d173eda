//! The cart: one per signed-in user, holding courses. Reading it re-reads every course from the catalogue (only
//! published courses show); the total is what the courses cost now. Free courses never enter it: they are
//! enrolled in directly ([`enrol_free`]).

use academy_shared::{catalogue::CourseStatus, money::Currency};

use super::{
    error::CommerceError,
    repo::{self, carts::CartItemRow, offers::OfferRow},
};
use crate::{
    platform::{db::now_ms, text::Text},
    state::AppState,
};

/// The most courses one cart holds.
pub const MAX_ITEMS: usize = 50;

/// A user's cart as it is now.
#[derive(Debug, Clone)]
pub struct Cart {
    pub id: String,
    /// The items whose course is on sale, oldest first.
    pub items: Vec<CartItemRow>,
}

impl Cart {
    /// The currency of the cart's courses (one cart, one currency); `None` when empty.
    pub fn currency(&self) -> Option<Currency> {
        self.items.first().map(|item| item.currency)
    }

    /// What the courses cost now, together.
    pub fn total(&self) -> i64 {
        self.items.iter().map(CartItemRow::current_price).sum()
    }
}

impl CartItemRow {
    /// What the course costs now ([`academy_shared::catalogue::current_price`]).
    pub fn current_price(&self) -> i64 {
        academy_shared::catalogue::current_price(self.price, self.discount)
    }
}

/// The caller's cart (created empty the first time).
pub async fn read(state: &AppState, user_id: &str) -> Result<Cart, CommerceError> {
    let mut conn = state.pool.acquire().await?;
    let id = match repo::carts::id_of(&mut conn, user_id).await? {
        Some(id) => id,
        None => repo::carts::ensure(&mut conn, user_id, now_ms()).await?,
    };
    load(&mut conn, id).await
}

async fn load(conn: &mut sqlx::AnyConnection, id: String) -> Result<Cart, CommerceError> {
    let mut items = repo::carts::items(conn, &id).await?;
    items.retain(|item| item.status == CourseStatus::Published);
    Ok(Cart { id, items })
}

/// Adds a course to the caller's cart. Refused: a course not on sale, a free one, one the caller teaches or
/// owns, one in the cart already, one priced in another currency than the cart's courses, a full cart.
pub async fn add(state: &AppState, user_id: &str, course_id: &str) -> Result<Cart, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    let now = now_ms();
    let cart_id = repo::carts::ensure(&mut tx, user_id, now).await?;
    let cart = load(&mut tx, cart_id).await?;
    add_to(&mut tx, &cart, user_id, course_id, now).await?;
    let cart = load(&mut tx, cart.id).await?;
    tx.commit().await?;
    Ok(cart)
}

async fn add_to(
    conn: &mut sqlx::AnyConnection,
    cart: &Cart,
    user_id: &str,
    course_id: &str,
    now: i64,
) -> Result<(), CommerceError> {
    let offer = purchasable(conn, user_id, course_id).await?;
    if cart.items.iter().any(|item| item.id == offer.id) {
        return Err(CommerceError::AlreadyInCart);
    }
    if let Some(cart_currency) = cart.currency().filter(|c| *c != offer.currency) {
        return Err(CommerceError::CurrencyMismatch { cart: cart_currency });
    }
    if cart.items.len() >= MAX_ITEMS {
        return Err(CommerceError::Invalid { field: "courseId", message: full_cart() });
    }
    if !repo::carts::add(conn, &cart.id, &offer.id, now).await? {
        return Err(CommerceError::AlreadyInCart);
    }
    Ok(())
}

/// The course if the user may buy it: on sale, not free, not taught nor owned by them, priced in VND (the only
/// currency bank transfers and VNPay take).
pub(crate) async fn purchasable(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    course_id: &str,
) -> Result<OfferRow, CommerceError> {
    let offer = repo::offers::find(conn, course_id).await?.filter(OfferRow::is_published);
    let offer = offer.ok_or(CommerceError::CourseNotFound)?;
    if offer.current_price() <= 0 {
        return Err(CommerceError::FreeCourse);
    }
    if offer.instructor_id == user_id {
        return Err(CommerceError::OwnCourse);
    }
    if repo::offers::owns(conn, user_id, &offer.id).await? {
        return Err(CommerceError::AlreadyOwned);
    }
    if offer.currency != Currency::Vnd {
        return Err(CommerceError::NotSoldHere { currency: offer.currency });
    }
    Ok(offer)
}

fn full_cart() -> Text {
    Text::new(
        format!("Giỏ hàng chứa tối đa {MAX_ITEMS} khóa học."),
        format!("A cart holds at most {MAX_ITEMS} courses."),
    )
}

/// Removes an item from a cart of the caller's. Someone else's cart, or an item not in it, is
/// [`CommerceError::CartItemNotFound`] (the same answer, so nobody learns which carts exist).
pub async fn remove(state: &AppState, user_id: &str, cart_id: &str, item_id: &str) -> Result<Cart, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    if repo::carts::owner(&mut tx, cart_id).await?.as_deref() != Some(user_id) {
        return Err(CommerceError::CartItemNotFound);
    }
    if !repo::carts::remove(&mut tx, cart_id, item_id, now_ms()).await? {
        return Err(CommerceError::CartItemNotFound);
    }
    let cart = load(&mut tx, cart_id.to_owned()).await?;
    tx.commit().await?;
    Ok(cart)
}

/// Adds the courses of a visitor's browser cart to the caller's cart at login. Courses that cannot be added
/// (already there, owned, free, gone...) are skipped, each with its refusal; the others are added in order.
pub async fn merge(
    state: &AppState,
    user_id: &str,
    course_ids: &[String],
) -> Result<(Cart, Vec<(String, CommerceError)>), CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    let now = now_ms();
    let cart_id = repo::carts::ensure(&mut tx, user_id, now).await?;
    let mut cart = load(&mut tx, cart_id).await?;
    let mut skipped = Vec::new();
    for course_id in course_ids.iter().take(MAX_ITEMS) {
        match add_to(&mut tx, &cart, user_id, course_id, now).await {
            Ok(()) => cart = load(&mut tx, cart.id).await?,
            Err(error @ (CommerceError::Database(_) | CommerceError::Ledger(_))) => return Err(error),
            Err(refusal) => skipped.push((course_id.clone(), refusal)),
        }
    }
    tx.commit().await?;
    Ok((cart, skipped))
}

/// A new enrolment in a free course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeEnrolment {
    pub course_id: String,
    pub enrolled_at: i64,
}

/// Enrols the caller in a free course (price 0 now) and takes it out of their cart. Refused: a course not on
/// sale, one that costs money, one the caller teaches or owns already.
pub async fn enrol_free(state: &AppState, user_id: &str, course_id: &str) -> Result<FreeEnrolment, CommerceError> {
    let mut tx = repo::begin_write(state).await?;
    let offer = repo::offers::find(&mut tx, course_id).await?.filter(OfferRow::is_published);
    let offer = offer.ok_or(CommerceError::CourseNotFound)?;
    if offer.current_price() > 0 {
        return Err(CommerceError::NotFree);
    }
    if offer.instructor_id == user_id {
        return Err(CommerceError::OwnCourse);
    }
    let now = now_ms();
    if !repo::enrolments::enrol(&mut tx, user_id, &offer.id, now).await? {
        return Err(CommerceError::AlreadyOwned);
    }
    repo::carts::remove_courses(&mut tx, user_id, std::slice::from_ref(&offer.id)).await?;
    tx.commit().await?;
    Ok(FreeEnrolment { course_id: offer.id, enrolled_at: now })
}
