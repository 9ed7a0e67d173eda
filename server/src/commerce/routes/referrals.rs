//! Referral links: a teacher's share code (`GET /api/teacher/referral-code`) and a visitor's arrival through a
//! link (`POST /api/referrals/visit`), remembered by the server in a signed cookie (and for the signed-in person).

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    commerce::referrals::{self, COOKIE, WINDOW_MS},
    http::{Allowed, ApiResult, ClientAddr, Json, MaybeUser, Teachers, error::ErrorEnvelope, ok, rate_limit},
    identity::rate_limit::{Limit, Subject},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_referral_code)).routes(routes!(visit_referral))
}

/// A teacher's referral code: their courses' share links are `/course/details/<course id>?ref=<code>`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralCodeView {
    pub code: String,
}

/// The caller's referral code (made the first time): teachers and administrators, who both own courses.
#[utoipa::path(
    get,
    path = "/api/teacher/referral-code",
    tag = "commerce",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The code", body = crate::http::Envelope<ReferralCodeView>),
        (status = 403, description = "Neither a teacher nor an administrator", body = ErrorEnvelope),
    )
)]
pub async fn get_referral_code(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
) -> ApiResult<ReferralCodeView> {
    Ok(ok(ReferralCodeView { code: referrals::code_of(&state, &user.id).await? }))
}

/// The link a visitor arrived through.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReferralVisitBody {
    /// The `ref` of the link.
    pub code: String,
}

/// Whether the link's teacher was remembered (false for an unknown code).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralVisitView {
    pub remembered: bool,
}

/// A visitor arrived through a referral link: for 7 days, a course of its teacher's they buy is credited to the
/// teacher (a signed cookie; the signed-in person's visit is also stored). Rate-limited per address.
#[utoipa::path(
    post,
    path = "/api/referrals/visit",
    tag = "commerce",
    request_body = ReferralVisitBody,
    responses(
        (status = 200, description = "Seen", body = crate::http::Envelope<ReferralVisitView>),
        (status = 429, description = "Too many from this address", body = ErrorEnvelope),
    )
)]
pub async fn visit_referral(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    MaybeUser(user): MaybeUser,
    Json(body): Json<ReferralVisitBody>,
) -> Result<Response, crate::http::ApiError> {
    rate_limit::check(&state, Limit::PromotionBeacon, Subject::Address(ip)).await?;
    let cookie = referrals::visit(&state, &body.code, user.as_ref().map(|u| u.id.as_str()), now_ms()).await?;
    let mut response = ok(ReferralVisitView { remembered: cookie.is_some() }).into_response();
    if let Some(value) = cookie {
        let secure = if state.config.public_origin().starts_with("https://") { "; Secure" } else { "" };
        let set = format!("{COOKIE}={value}; Max-Age={}; Path=/; HttpOnly; SameSite=Lax{secure}", WINDOW_MS / 1000);
        if let Ok(header) = HeaderValue::from_str(&set) {
            response.headers_mut().append(header::SET_COOKIE, header);
        }
    }
    Ok(response)
}
