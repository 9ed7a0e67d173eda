//! The cart: `GET /api/cart`, `POST /api/cart/items`, `DELETE /api/cart/delete` (form fields `cartId`, `itemId`),
//! `POST /api/cart/merge` (the browser's cart at login), and `POST /api/courses/{id}/enroll-free` for free
//! courses, which never enter a cart.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::{
        cart::{self, MAX_ITEMS},
        error::CommerceError,
        views::{CartView, EnrolmentView, MergedCart, SkippedCourse, iso},
    },
    http::{ApiResult, CurrentUser, FormFields, Json, Language, Path, error::ErrorEnvelope, ok},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_cart))
        .routes(routes!(add_cart_item))
        .routes(routes!(delete_cart_item))
        .routes(routes!(merge_cart))
        .routes(routes!(enroll_free_course))
}

/// The signed-in caller's cart: each item's course as the catalogue has it now, and the total.
#[utoipa::path(
    get,
    path = "/api/cart",
    tag = "cart",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's cart (created empty the first time)", body = crate::http::Envelope<CartView>))
)]
pub async fn get_cart(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<CartView> {
    let cart = cart::read(&state, &user.id).await?;
    Ok(ok(CartView::new(&cart, lang)))
}

/// A course to add to the cart.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddCartItem {
    /// The course's id (or slug).
    pub course_id: String,
}

/// Adds a course to the caller's cart.
#[utoipa::path(
    post,
    path = "/api/cart/items",
    tag = "cart",
    security(("bearer" = [])),
    request_body = AddCartItem,
    responses(
        (status = 200, description = "The cart with the course", body = crate::http::Envelope<CartView>),
        (status = 404, description = "No such course on sale", body = ErrorEnvelope),
        (status = 409, description = "Refused: the course is free (enrol directly), taught or owned by the caller, \
            in the cart already, or priced in another currency than VND (the only one the academy takes)",
            body = ErrorEnvelope),
        (status = 422, description = "The cart is full", body = ErrorEnvelope),
    )
)]
pub async fn add_cart_item(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Json(body): Json<AddCartItem>,
) -> ApiResult<CartView> {
    let cart = cart::add(&state, &user.id, body.course_id.trim()).await?;
    Ok(ok(CartView::new(&cart, lang)))
}

/// The form fields of `DELETE /api/cart/delete`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoveCartItem {
    /// The cart's `_id`.
    pub cart_id: String,
    /// The item's `_id`.
    pub item_id: String,
}

/// Removes an item from the caller's cart. HTTP 200 means removed; the answer is the cart without it.
#[utoipa::path(
    delete,
    path = "/api/cart/delete",
    tag = "cart",
    security(("bearer" = [])),
    request_body(content(
        (RemoveCartItem = "multipart/form-data"),
        (RemoveCartItem = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 200, description = "Removed: the cart without the item", body = crate::http::Envelope<CartView>),
        (status = 404, description = "No such item in a cart of the caller's (someone else's cart included)",
            body = ErrorEnvelope),
        (status = 400, description = "The body is not a form", body = ErrorEnvelope),
        (status = 422, description = "`cartId` or `itemId` is missing", body = ErrorEnvelope),
    )
)]
pub async fn delete_cart_item(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    form: FormFields,
) -> ApiResult<CartView> {
    let (cart_id, item_id) = (form.required("cartId")?, form.required("itemId")?);
    let cart = cart::remove(&state, &user.id, &cart_id, &item_id).await?;
    Ok(ok(CartView::new(&cart, lang)))
}

/// The courses of a visitor's browser cart.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeCart {
    /// Course ids, at most 50.
    pub course_ids: Vec<String>,
}

/// Adds the visitor's browser cart to the caller's cart at login. Courses that cannot be added are listed in
/// `skipped` with the reason; the others are added.
#[utoipa::path(
    post,
    path = "/api/cart/merge",
    tag = "cart",
    security(("bearer" = [])),
    request_body = MergeCart,
    responses(
        (status = 200, description = "The merged cart and the courses skipped", body = crate::http::Envelope<MergedCart>),
        (status = 422, description = "More than 50 courses", body = ErrorEnvelope),
    )
)]
pub async fn merge_cart(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Json(body): Json<MergeCart>,
) -> ApiResult<MergedCart> {
    if body.course_ids.len() > MAX_ITEMS {
        let message = crate::platform::text::Text::new(
            format!("Tối đa {MAX_ITEMS} khóa học mỗi lần."),
            format!("At most {MAX_ITEMS} courses at a time."),
        );
        return Err(CommerceError::Invalid { field: "courseIds", message }.into());
    }
    let ids: Vec<String> = body.course_ids.iter().map(|id| id.trim().to_owned()).collect();
    let (cart, skipped) = cart::merge(&state, &user.id, &ids).await?;
    let skipped = skipped
        .into_iter()
        .map(|(course_id, refusal)| SkippedCourse {
            course_id,
            message: refusal.text().map(|t| t.get(lang).to_owned()).unwrap_or_default(),
        })
        .collect();
    Ok(ok(MergedCart { cart: CartView::new(&cart, lang), skipped }))
}

/// Enrols the caller in a free course at once (free courses never go through the cart).
#[utoipa::path(
    post,
    path = "/api/courses/{id}/enroll-free",
    tag = "cart",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The course's id or slug")),
    responses(
        (status = 200, description = "Enrolled", body = crate::http::Envelope<EnrolmentView>),
        (status = 404, description = "No such course on sale", body = ErrorEnvelope),
        (status = 409, description = "The course is not free, or the caller teaches or owns it already",
            body = ErrorEnvelope),
    )
)]
pub async fn enroll_free_course(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<EnrolmentView> {
    let enrolment = cart::enrol_free(&state, &user.id, &id).await?;
    Ok(ok(EnrolmentView { course_id: enrolment.course_id, enrolled_at: iso(enrolment.enrolled_at) }))
}
