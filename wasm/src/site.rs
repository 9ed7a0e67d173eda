//! The academy settings form's rules for the dashboard (`/dashboard/settings`), in the dashboard's module: the
//! same check the server runs on `PUT /api/admin/site-settings`, so the messages beside the fields are the
//! server's.

use academy_shared::site::{self, SiteSettings};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, text};

/// The settings form (`{ academyName, phone, email, address, facebook, instagram, linkedin, youtube,
/// defaultCurrency, mailFromName, mailFromEmail, promoTitleVi, promoTitleEn, promoTextVi, promoTextEn, referralCommission }`, every
/// value a string): `{ ok: true, value: <the settings trimmed> }` or `{ ok: false, errors: { phone: … } }`.
#[wasm_bindgen(js_name = validateSiteSettings)]
pub fn validate_site_settings(
    form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "settings form")?;
    let read = |name: &str| text(&form, name);
    let settings = SiteSettings {
        academy_name: read("academyName"),
        phone: read("phone"),
        email: read("email"),
        address: read("address"),
        facebook: read("facebook"),
        instagram: read("instagram"),
        linkedin: read("linkedin"),
        youtube: read("youtube"),
        default_currency: read("defaultCurrency"),
        mail_from_name: read("mailFromName"),
        mail_from_email: read("mailFromEmail"),
        promo_title_vi: read("promoTitleVi"),
        promo_title_en: read("promoTitleEn"),
        promo_text_vi: read("promoTextVi"),
        promo_text_en: read("promoTextEn"),
        referral_commission: read("referralCommission"),
    };
    checked(site::check_site_settings(&settings), lang(lang_code))
}
