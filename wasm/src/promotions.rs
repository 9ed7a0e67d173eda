//! The promotion form's rule for the dashboard (`/dashboard/ads-promo`): the same check the server runs on
//! `POST`/`PUT /api/admin/promotions`, so the messages beside the fields are the server's.

use academy_shared::promotions::{PromotionForm, check_promotion};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang};

/// The promotion form (`{ couponId, placements: string[], pictureUrl, titleVi, titleEn, textVi, textEn,
/// startsAt: number | null, endsAt: number | null, priority: number }`): `{ ok: true, value: null }` or
/// `{ ok: false, errors: { titleVi: … } }`.
#[wasm_bindgen(js_name = validatePromotion)]
pub fn validate_promotion(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "promotion form")?;
    let form: PromotionForm = serde_wasm_bindgen::from_value(form).map_err(|e| JsError::new(&e.to_string()))?;
    checked(check_promotion(&form).map(|_| ()), lang(lang_code))
}
