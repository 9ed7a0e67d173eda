//! The broadcast form's rules for the dashboard (`/dashboard/notification`), in the dashboard's module: the same
//! checks the server runs on `POST /api/notification/broadcasts`, so the messages beside the fields are the
//! server's.

use academy_shared::{
    limits::{IMAGE_URL_MAX_CHARS, TITLE_MAX_CHARS, URL_MAX_CHARS},
    notifications::{self, BroadcastFacts, MAX_CHOSEN_RECIPIENTS, NOTIFICATION_MESSAGE_MAX_CHARS, NoticeTexts},
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, set, text};

/// The `vi` and `en` texts of a `{ vi, en }` property.
fn pair(form: &JsValue, name: &str) -> (String, String) {
    let value = Reflect::get(form, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    (text(&value, "vi"), text(&value, "en"))
}

/// A broadcast (`{ audience, role, userIds, title: { vi, en }, message: { vi, en }, imageUrl, actionLink }`):
/// everyone, a role or 1–500 chosen people; titles and messages in both languages within their maxima; a
/// picture and a link of this site or https. `{ ok: true, value: null }` or `{ ok: false, errors: { "title.vi":
/// …, actionLink: … } }`.
#[wasm_bindgen(js_name = validateBroadcast)]
pub fn validate_broadcast(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "broadcast form")?;
    let (title_vi, title_en) = pair(&form, "title");
    let (message_vi, message_en) = pair(&form, "message");
    let [audience, role, image_url, action_link] =
        ["audience", "role", "imageUrl", "actionLink"].map(|n| text(&form, n));
    let ids = Reflect::get(&form, &JsValue::from_str("userIds")).unwrap_or(JsValue::UNDEFINED);
    let user_ids: Vec<String> =
        if Array::is_array(&ids) { Array::from(&ids).iter().filter_map(|id| id.as_string()).collect() } else { vec![] };
    let facts = BroadcastFacts {
        audience: &audience,
        role: Some(role.as_str()).filter(|r| !r.is_empty()),
        user_ids: &user_ids,
        texts: NoticeTexts {
            title_vi: &title_vi,
            title_en: &title_en,
            message_vi: &message_vi,
            message_en: &message_en,
        },
        image_url: Some(image_url.trim()).filter(|v| !v.is_empty()),
        action_link: Some(action_link.trim()).filter(|v| !v.is_empty()),
    };
    checked(notifications::check_broadcast(&facts).map(|_| ()), lang(lang_code))
}

/// The broadcast form's maxima, for its inputs: `{ title, message, imageUrl, actionLink, chosen }`.
#[wasm_bindgen(js_name = broadcastLimits)]
pub fn broadcast_limits() -> JsResult {
    let limits = Object::new();
    let entries = [
        ("title", TITLE_MAX_CHARS),
        ("message", NOTIFICATION_MESSAGE_MAX_CHARS),
        ("imageUrl", IMAGE_URL_MAX_CHARS),
        ("actionLink", URL_MAX_CHARS),
        ("chosen", MAX_CHOSEN_RECIPIENTS),
    ];
    for (name, max) in entries {
        set(&limits, name, &JsValue::from(u32::try_from(max).unwrap_or(u32::MAX)))?;
    }
    Ok(limits.into())
}
