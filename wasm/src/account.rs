//! The account forms' rules (wasm/pkg-account, npm `academy-wasm-account`): login, registration and password
//! reset, the password strength meter, the profile form with its e-mail change and avatar, the staff account
//! dialog, and the mentorship chat's message rule. Loaded only by the pages that show these forms (`web/src/lib/wasm-account.ts`), so public pages'
//! first download does not carry them.

use academy_shared::{Message as _, auth_rules, chat, display, password, profile};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, count, expect_object, lang, number, text, to_js};

// Forms

#[wasm_bindgen(js_name = validateLogin)]
pub fn validate_login(
    #[wasm_bindgen(unchecked_param_type = "{ username: string; password: string }")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "login form")?;
    let form = auth_rules::LoginForm { username: text(&form, "username"), password: text(&form, "password") };
    checked(auth_rules::validate_login(&form), lang(lang_code))
}

#[wasm_bindgen(js_name = validateRegistration)]
pub fn validate_registration(
    form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "registration form")?;
    let form = auth_rules::RegistrationForm {
        email: text(&form, "email"),
        username: text(&form, "username"),
        password: text(&form, "password"),
        confirm_password: text(&form, "confirmPassword"),
        role: auth_rules::SignupRole::parse(&text(&form, "role")),
        first_name: text(&form, "firstName"),
        last_name: text(&form, "lastName"),
        phone_number: text(&form, "phoneNumber"),
        address: text(&form, "address"),
    };
    checked(auth_rules::validate_registration(&form), lang(lang_code))
}

#[wasm_bindgen(js_name = registrationSubmitDisabled)]
pub fn registration_submit_disabled(submitting: bool, password: &str, confirm: &str) -> bool {
    auth_rules::submit_disabled(submitting, password, confirm)
}

#[wasm_bindgen(js_name = passwordStrength)]
pub fn password_strength(password: &str) -> JsResult {
    to_js(&password::password_strength(password))
}

#[wasm_bindgen(js_name = validateProfile)]
pub fn validate_profile(
    form: JsValue,
    today_iso: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "profile form")?;
    let form = profile::ProfileForm {
        first_name: text(&form, "firstName"),
        last_name: text(&form, "lastName"),
        email: text(&form, "email"),
        phone_number: text(&form, "phoneNumber"),
        address: text(&form, "address"),
        dob: text(&form, "dob"),
        avatar: text(&form, "avatar"),
        avatar_bytes: number(&form, "avatarBytes").map(|n| u32::try_from(count(n)).unwrap_or(u32::MAX)),
        own_email: Some(text(&form, "ownEmail")).filter(|e| !e.trim().is_empty()),
        current_password: Some(text(&form, "currentPassword")),
    };
    let today = profile::IsoDate::parse(today_iso).ok_or_else(|| JsError::new("invalid today: expected YYYY-MM-DD"))?;
    checked(profile::validate_profile(&form, today), lang(lang_code))
}

/// Whether `new_email` is another address than `current_email` (trimmed, any case): the profile dialog then asks
/// for the current password.
#[wasm_bindgen(js_name = changesEmail)]
pub fn changes_email(current_email: &str, new_email: &str) -> bool {
    profile::changes_email(current_email, new_email)
}

#[wasm_bindgen(js_name = avatarSizeError)]
pub fn avatar_size_error(
    bytes: f64,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> Option<String> {
    profile::check_avatar_size(count(bytes)).err().map(|e| e.message(lang(lang_code)))
}

/// Why a chat message cannot be sent (empty, or longer than the limit), in `lang`; `undefined` when it can.
#[wasm_bindgen(js_name = chatMessageError)]
pub fn chat_message_error(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> Option<String> {
    chat::check_chat_message(text).err().map(|e| e.message(lang(lang_code)))
}

/// The most characters a chat message has (for the text box's counter).
#[wasm_bindgen(js_name = chatMessageMaxChars)]
pub fn chat_message_max_chars() -> u32 {
    u32::try_from(chat::CHAT_MESSAGE_MAX_CHARS).unwrap_or(u32::MAX)
}

// Avatar upload

/// The avatar upload percent after a step (`{ step: "started" | "urlReceived" | "sending" | "uploaded" | "done" |
/// "reset", loaded?, total? }`).
#[wasm_bindgen(js_name = uploadProgress)]
pub fn upload_progress(step: JsValue) -> Result<u8, JsError> {
    use display::UploadStep;
    expect_object(&step, "upload step")?;
    let bytes = |name| u32::try_from(count(number(&step, name).unwrap_or(0.0))).unwrap_or(u32::MAX);
    let step = match text(&step, "step").as_str() {
        "started" => UploadStep::Started,
        "urlReceived" => UploadStep::UrlReceived,
        "sending" => UploadStep::Sending { loaded: bytes("loaded"), total: bytes("total") },
        "uploaded" => UploadStep::Uploaded,
        "done" => UploadStep::Done,
        "reset" => UploadStep::Reset,
        other => return Err(JsError::new(&format!("unknown upload step {other}"))),
    };
    Ok(display::upload_progress(step))
}
