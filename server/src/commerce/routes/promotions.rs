//! Promotions: the administrators' (`GET`/`POST /api/admin/promotions`, `PUT`/`DELETE
//! /api/admin/promotions/{id}`) and the visitors' (`GET /api/promotions?placement=…`, and the view and click
//! beacons `POST /api/promotions/{id}/view|click`).

use academy_shared::promotions::{Placement, PromotionForm};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::{
        promotions::{self, PromotionError},
        views::promotions::{PromotionView, PublicPromotionView},
    },
    http::{
        Admins, Allowed, ApiError, ApiResult, ClientAddr, Json, Path, Query, Text, error::ErrorEnvelope, ok, rate_limit,
    },
    identity::rate_limit::{Limit, Subject},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_promotions, create_promotion))
        .routes(routes!(update_promotion, delete_promotion))
        .routes(routes!(list_showing_promotions))
        .routes(routes!(view_promotion))
        .routes(routes!(click_promotion))
}

impl From<PromotionError> for ApiError {
    fn from(error: PromotionError) -> ApiError {
        match error {
            PromotionError::Invalid(errors) => ApiError::from(&errors),
            PromotionError::NotFound => {
                ApiError::NotFound(Text::new("Không tìm thấy chương trình khuyến mãi.", "Promotion not found."))
            }
            PromotionError::CouponNotFound => {
                ApiError::invalid_field("couponId", Text::new("Không tìm thấy mã giảm giá.", "Coupon not found."))
            }
            PromotionError::Database(e) => e.into(),
        }
    }
}

/// A promotion as the form sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromotionBody {
    pub coupon_id: String,
    /// One or more of `home`, `courses`, `cart`.
    pub placements: Vec<String>,
    /// An uploaded picture (a path of this site) or an https picture; empty or null: none.
    pub picture_url: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    #[serde(default)]
    pub text_vi: String,
    #[serde(default)]
    pub text_en: String,
    /// Epoch milliseconds, inclusive; null: at once.
    pub starts_at: Option<i64>,
    /// Epoch milliseconds, exclusive; null: no end.
    pub ends_at: Option<i64>,
    /// 0–1000, higher first.
    #[serde(default)]
    pub priority: i64,
    /// Absent: switched on.
    pub active: Option<bool>,
}

impl PromotionBody {
    fn form(self) -> (PromotionForm, bool) {
        let form = PromotionForm {
            coupon_id: self.coupon_id,
            placements: self.placements,
            picture_url: self.picture_url.unwrap_or_default(),
            title_vi: self.title_vi,
            title_en: self.title_en,
            text_vi: self.text_vi,
            text_en: self.text_en,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            priority: self.priority,
        };
        (form, self.active.unwrap_or(true))
    }
}

/// Every promotion with what it counted, highest priority first.
#[utoipa::path(
    get,
    path = "/api/admin/promotions",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    responses(
        (status = 200, description = "The promotions", body = crate::http::Envelope<Vec<PromotionView>>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_promotions(State(state): State<AppState>, _: Allowed<Admins>) -> ApiResult<Vec<PromotionView>> {
    let now = now_ms();
    let list = promotions::list(&state).await?;
    Ok(ok(list.iter().map(|entry| PromotionView::new(entry, now)).collect()))
}

/// Creates a promotion: checked by the shared rule (422 naming each broken field, in the caller's language).
#[utoipa::path(
    post,
    path = "/api/admin/promotions",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    request_body = PromotionBody,
    responses(
        (status = 200, description = "Created", body = crate::http::Envelope<PromotionView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 422, description = "A field breaks its rule (named in `result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn create_promotion(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Json(body): Json<PromotionBody>,
) -> ApiResult<PromotionView> {
    let (form, active) = body.form();
    let entry = promotions::save(&state, &user.id, None, &form, active).await?;
    Ok(ok(PromotionView::new(&entry, now_ms())))
}

/// Changes a promotion (its counters stay).
#[utoipa::path(
    put,
    path = "/api/admin/promotions/{id}",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The promotion's id")),
    request_body = PromotionBody,
    responses(
        (status = 200, description = "Saved", body = crate::http::Envelope<PromotionView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such promotion", body = ErrorEnvelope),
        (status = 422, description = "A field breaks its rule (named in `result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn update_promotion(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<PromotionBody>,
) -> ApiResult<PromotionView> {
    let (form, active) = body.form();
    let entry = promotions::save(&state, &user.id, Some(&id), &form, active).await?;
    Ok(ok(PromotionView::new(&entry, now_ms())))
}

/// What a deletion answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    pub deleted: bool,
}

/// Deletes a promotion; its coupon stays.
#[utoipa::path(
    delete,
    path = "/api/admin/promotions/{id}",
    tag = "commerce admin",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The promotion's id")),
    responses(
        (status = 200, description = "Deleted", body = crate::http::Envelope<Deleted>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such promotion", body = ErrorEnvelope),
    )
)]
pub async fn delete_promotion(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
) -> ApiResult<Deleted> {
    promotions::delete(&state, &id).await?;
    Ok(ok(Deleted { deleted: true }))
}

/// Where the promotions asked for show.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlacementParams {
    /// `home`, `courses` or `cart`.
    pub placement: String,
}

/// The promotions a visitor sees at a placement now, highest priority first: switched on, within their period,
/// their coupon usable, with its uses left.
#[utoipa::path(
    get,
    path = "/api/promotions",
    tag = "commerce",
    params(PlacementParams),
    responses(
        (status = 200, description = "The promotions shown", body = crate::http::Envelope<Vec<PublicPromotionView>>),
        (status = 422, description = "Unknown placement", body = ErrorEnvelope),
    )
)]
pub async fn list_showing_promotions(
    State(state): State<AppState>,
    Query(params): Query<PlacementParams>,
) -> ApiResult<Vec<PublicPromotionView>> {
    let placement = Placement::parse(&params.placement).ok_or_else(|| {
        ApiError::invalid_field(
            "placement",
            Text::new("Nơi hiển thị phải là home, courses hoặc cart.", "The placement must be home, courses or cart."),
        )
    })?;
    let showing = promotions::showing(&state, placement, now_ms()).await?;
    Ok(ok(showing.iter().map(PublicPromotionView::from).collect()))
}

/// Whether a view or click was counted (not when the promotion is not shown now).
#[derive(Debug, Serialize, ToSchema)]
pub struct Counted {
    pub counted: bool,
}

async fn count(state: &AppState, ip: std::net::IpAddr, id: &str, click: bool) -> ApiResult<Counted> {
    rate_limit::check(state, Limit::PromotionBeacon, Subject::Address(ip)).await?;
    let counted = promotions::count_seen(state, id, click, now_ms()).await?;
    Ok(ok(Counted { counted }))
}

/// A visitor was shown the promotion (counted when it is shown now; rate-limited per address).
#[utoipa::path(
    post,
    path = "/api/promotions/{id}/view",
    tag = "commerce",
    params(("id" = String, Path, description = "The promotion's id")),
    responses(
        (status = 200, description = "Seen", body = crate::http::Envelope<Counted>),
        (status = 404, description = "No such promotion", body = ErrorEnvelope),
        (status = 429, description = "Too many from this address", body = ErrorEnvelope),
    )
)]
pub async fn view_promotion(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    Path(id): Path<String>,
) -> ApiResult<Counted> {
    count(&state, ip, &id, false).await
}

/// A visitor tapped the promotion (counted when it is shown now; rate-limited per address).
#[utoipa::path(
    post,
    path = "/api/promotions/{id}/click",
    tag = "commerce",
    params(("id" = String, Path, description = "The promotion's id")),
    responses(
        (status = 200, description = "Tapped", body = crate::http::Envelope<Counted>),
        (status = 404, description = "No such promotion", body = ErrorEnvelope),
        (status = 429, description = "Too many from this address", body = ErrorEnvelope),
    )
)]
pub async fn click_promotion(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    Path(id): Path<String>,
) -> ApiResult<Counted> {
    count(&state, ip, &id, true).await
}
