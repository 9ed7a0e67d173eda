//! The dashboard's catalogue rules (wasm/pkg-dashboard, npm `academy-wasm-dashboard`): the course editor, its
//! curriculum, categories, course types, banners, subjects and syllabuses, checked in the browser by the same
//! functions the server runs, so the messages beside the fields are the server's. Loaded only with the
//! dashboard's pages.
//!
//! Forms are read as the editor sends them to the server (`CourseBody`, `CategoryBody`, `BannerBody`,
//! `SectionBody[]` in web/src/features/dashboard-catalogue/api/dashboard.ts; `SubjectBody`, `SyllabusBody` in
//! api/material.ts).

use academy_shared::{
    catalogue::{self, BannerFacts, CourseFacts, LessonFacts, NamedFacts, SectionFacts, SubjectFacts, SyllabusFacts},
    media::OWN_FILES_PATH,
    roles::{self, Role},
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, number, set, text, whole};

/// The property `name` of an object (undefined when missing).
fn property(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The `vi` and `en` texts of a `{ vi, en }` property (empty when missing or null).
fn localized(object: &JsValue, name: &str) -> (String, String) {
    let pair = property(object, name);
    (text(&pair, "vi"), text(&pair, "en"))
}

/// The items of an array property (none when it is not an array).
fn items(value: &JsValue) -> Vec<JsValue> {
    if Array::is_array(value) { Array::from(value).iter().collect() } else { Vec::new() }
}

/// The `{ vi, en }` items of an array property.
fn localized_items(object: &JsValue, name: &str) -> Vec<(String, String)> {
    items(&property(object, name)).iter().map(|item| (text(item, "vi"), text(item, "en"))).collect()
}

fn borrowed(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs.iter().map(|(vi, en)| (vi.as_str(), en.as_str())).collect()
}

/// A section or lesson as read from the editor: id, titles, and for a lesson its duration and video link.
struct Item {
    id: String,
    title: (String, String),
    seconds: i64,
    video_url: Option<String>,
}

fn item(object: &JsValue) -> Item {
    Item {
        id: text(object, "id"),
        title: localized(object, "title"),
        seconds: number(object, "durationSeconds").filter(|n| n.is_finite()).map_or(-1, whole),
        video_url: property(object, "videoUrl").as_string(),
    }
}

/// Course editor details (`CourseBody`): Vietnamese title required, slug (made from the title when empty),
/// price ≥ 0, sale price below the price, currency, level, seats ≥ 0, category, and every text (titles,
/// descriptions, list lines, picture, badge, type, language) within its maximum.
/// `{ ok: true, value: <the slug saved> }` or `{ ok: false, errors: { "title.vi": …, price: … } }`.
#[wasm_bindgen(js_name = validateCourse)]
pub fn validate_course(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "course form")?;
    let (title_vi, title_en) = localized(&form, "title");
    let (description_vi, description_en) = localized(&form, "description");
    let (badge_vi, badge_en) = localized(&form, "courseBadge");
    let outcomes = localized_items(&form, "whatYouWillLearn");
    let requirements = localized_items(&form, "requirements");
    let [slug, thumbnail, currency, level, category_id, type_id, language] =
        ["slug", "thumbnail", "currency", "level", "categoryId", "typeId", "language"].map(|name| text(&form, name));
    let facts = CourseFacts {
        title_vi: &title_vi,
        title_en: &title_en,
        slug: &slug,
        description_vi: &description_vi,
        description_en: &description_en,
        outcomes: borrowed(&outcomes),
        requirements: borrowed(&requirements),
        thumbnail: &thumbnail,
        price: whole(number(&form, "price").unwrap_or(0.0)),
        discount: number(&form, "discount").map(whole),
        currency: &currency,
        badge_vi: &badge_vi,
        badge_en: &badge_en,
        level: &level,
        total_seat: whole(number(&form, "totalSeat").unwrap_or(0.0)),
        category_id: &category_id,
        type_id: &type_id,
        language: &language,
    };
    checked(catalogue::validate_course_form(&facts), lang(lang_code))
}

/// A category or course type (`{ name: { vi, en }, slug, description: { vi, en }, image }`): Vietnamese name
/// required, slug valid when typed, every text within its maximum. `value` is the slug saved.
#[wasm_bindgen(js_name = validateNamed)]
pub fn validate_named(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "named form")?;
    let (name_vi, name_en) = localized(&form, "name");
    let (description_vi, description_en) = localized(&form, "description");
    let [slug, image] = ["slug", "image"].map(|name| text(&form, name));
    let facts = NamedFacts {
        name_vi: &name_vi,
        name_en: &name_en,
        slug: &slug,
        description_vi: &description_vi,
        description_en: &description_en,
        image: &image,
    };
    checked(catalogue::validate_named_form(&facts), lang(lang_code))
}

/// A banner (`{ title: { vi, en }, subtitle: { vi, en }, slug, image, link }`): titles as a named item's (errors
/// under `name.vi` / `name.en`, as the server names them), a picture, every text within its maximum. `value` is
/// the slug saved.
#[wasm_bindgen(js_name = validateBanner)]
pub fn validate_banner(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "banner form")?;
    let (title_vi, title_en) = localized(&form, "title");
    let (subtitle_vi, subtitle_en) = localized(&form, "subtitle");
    let [slug, image, link] = ["slug", "image", "link"].map(|name| text(&form, name));
    let facts = BannerFacts {
        title_vi: &title_vi,
        title_en: &title_en,
        subtitle_vi: &subtitle_vi,
        subtitle_en: &subtitle_en,
        slug: &slug,
        image: &image,
        link: &link,
    };
    checked(catalogue::validate_banner_form(&facts), lang(lang_code))
}

/// A subject (`{ code, name: { vi, en }, description: { vi, en }, credits }`): names as a named item's, a code,
/// credits 0–60 (a missing number reads as 0, as the server defaults it), descriptions ≤ 10,000 characters.
/// `{ ok: true, value: null }` or `{ ok: false, errors: { code: …, credits: … } }`.
#[wasm_bindgen(js_name = validateSubject)]
pub fn validate_subject(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "subject form")?;
    let (name_vi, name_en) = localized(&form, "name");
    let (description_vi, description_en) = localized(&form, "description");
    let code = text(&form, "code");
    let facts = SubjectFacts {
        name_vi: &name_vi,
        name_en: &name_en,
        code: &code,
        credits: whole(number(&form, "credits").unwrap_or(0.0)),
        description_vi: &description_vi,
        description_en: &description_en,
    };
    checked(catalogue::validate_subject(&facts), lang(lang_code))
}

/// A syllabus (`{ code, name: { vi, en }, description: { vi, en }, durationWeeks, status, ownerId, subjects:
/// string[] }`): names, a code, descriptions, 1–520 weeks (a missing number reads as 0, refused), a known status,
/// at most 100 subjects each listed once (an id that is not a string reads as empty, refused). Whether the
/// subjects and the owner exist is the server's to say.
/// `{ ok: true, value: null }` or `{ ok: false, errors: { durationWeeks: …, subjects: … } }`.
#[wasm_bindgen(js_name = validateSyllabus)]
pub fn validate_syllabus(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "syllabus form")?;
    let (name_vi, name_en) = localized(&form, "name");
    let (description_vi, description_en) = localized(&form, "description");
    let [code, status, owner_id] = ["code", "status", "ownerId"].map(|name| text(&form, name));
    let subject_ids: Vec<String> =
        items(&property(&form, "subjects")).iter().map(|id| id.as_string().unwrap_or_default()).collect();
    let facts = SyllabusFacts {
        name_vi: &name_vi,
        name_en: &name_en,
        code: &code,
        description_vi: &description_vi,
        description_en: &description_en,
        duration_weeks: whole(number(&form, "durationWeeks").unwrap_or(0.0)),
        status: &status,
        owner_id: &owner_id,
        subject_ids: subject_ids.iter().map(String::as_str).collect(),
    };
    checked(catalogue::validate_syllabus(&facts), lang(lang_code))
}

/// A curriculum (`SectionBody[]`), video links checked against this site's stored files ([`OWN_FILES_PATH`]):
/// `{ ok: true }`, or `{ ok: false, errors }` with the server's message under `sections` and each refused item's
/// own message under its key: `sections.<i>.title` (a section's title or id) and `sections.<i>.lessons.<j>` (a
/// lesson). A duration that is not a number reads as invalid.
#[wasm_bindgen(js_name = validateCurriculum)]
pub fn validate_curriculum(
    #[wasm_bindgen(unchecked_param_type = "readonly unknown[]")] sections: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    if !Array::is_array(&sections) {
        return Err(JsError::new("curriculum: expected an array of sections"));
    }
    let read: Vec<(Item, Vec<Item>)> = items(&sections)
        .iter()
        .map(|section| (item(section), items(&property(section, "lessons")).iter().map(item).collect()))
        .collect();
    let facts: Vec<SectionFacts<'_>> = read
        .iter()
        .map(|(section, lessons)| SectionFacts {
            id: &section.id,
            title_vi: &section.title.0,
            title_en: &section.title.1,
            lessons: lessons
                .iter()
                .map(|lesson| LessonFacts {
                    id: &lesson.id,
                    title_vi: &lesson.title.0,
                    title_en: &lesson.title.1,
                    duration_seconds: lesson.seconds,
                    video_url: lesson.video_url.as_deref(),
                })
                .collect(),
        })
        .collect();

    let result = Object::new();
    let error = match catalogue::validate_curriculum(&facts, OWN_FILES_PATH) {
        Ok(()) => {
            set(&result, "ok", &JsValue::TRUE)?;
            return Ok(result.into());
        }
        Err(error) => error,
    };
    let lang = lang(lang_code);
    let errors = Object::new();
    set(&errors, "sections", &JsValue::from_str(&error.message(lang)))?;
    if !error.is_curriculum_size() {
        for spot in catalogue::curriculum_spots(&facts, OWN_FILES_PATH) {
            let key = match spot.lesson {
                None => format!("sections.{}.title", spot.section),
                Some(lesson) => format!("sections.{}.lessons.{lesson}", spot.section),
            };
            set(&errors, &key, &JsValue::from_str(&spot.error.message(lang)))?;
        }
    }
    set(&result, "ok", &JsValue::FALSE)?;
    set(&result, "errors", &errors)?;
    Ok(result.into())
}

/// A mentorship plan (`PlanBody` in web/src/features/mentorship/api/plans.ts): Vietnamese title, texts within
/// their maximum, at most 20 services each with a Vietnamese text, price from 0 in a known currency, 1-365 days
/// or 1-24 months, 1-60 sessions of 15-240 minutes, 1-1000 active mentees. `{ ok: true, value: null }` or
/// `{ ok: false, errors: { "title.vi": …, price: … } }`.
#[wasm_bindgen(js_name = validatePlan)]
pub fn validate_plan(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    use academy_shared::mentorship::plan::{self, PlanFacts};
    expect_object(&form, "plan form")?;
    let (title_vi, title_en) = localized(&form, "title");
    let (short_vi, short_en) = localized(&form, "shortDescription");
    let services = localized_items(&form, "services");
    let [currency, unit] = ["currency", "durationUnit"].map(|name| text(&form, name));
    let whole_of = |name: &str| number(&form, name).filter(|n| n.is_finite()).map_or(-1, whole);
    let facts = PlanFacts {
        title_vi: &title_vi,
        title_en: &title_en,
        short_description_vi: &short_vi,
        short_description_en: &short_en,
        services: &borrowed(&services),
        price: whole_of("price"),
        currency: &currency,
        duration_value: whole_of("durationValue"),
        duration_unit: &unit,
        sessions_per_period: whole_of("sessionsPerPeriod"),
        session_minutes: whole_of("sessionMinutes"),
        max_mentees: whole_of("maxMentees"),
    };
    checked(plan::validate_plan(&facts).map(|_| ()), lang(lang_code))
}

/// A live class at `nowMs`: a topic, a description within its maximum, a course or a plan (not both), a start in
/// the future and within a year, 15-480 minutes in 15-minute steps, 1-500 seats. `{ ok: true, value: null }` or
/// `{ ok: false, errors: { topic: …, startsAt: … } }`.
#[wasm_bindgen(js_name = validateClass)]
pub fn validate_class(
    form: JsValue,
    now_ms: f64,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    use academy_shared::classes::{self, ClassFacts};
    expect_object(&form, "class form")?;
    let [topic, description, course_id, plan_id] =
        ["topic", "description", "courseId", "planId"].map(|name| text(&form, name));
    let whole_of = |name: &str| number(&form, name).filter(|n| n.is_finite()).map_or(-1, whole);
    let facts = ClassFacts {
        topic: &topic,
        description: &description,
        course_id: Some(course_id.as_str()),
        plan_id: Some(plan_id.as_str()),
        starts_at_ms: whole_of("startsAt"),
        minutes: whole_of("minutes"),
        seats: whole_of("seats"),
    };
    checked(classes::validate_class(&facts, whole(now_ms)), lang(lang_code))
}

/// Whether a user of role `actor` may give an account of role `target` the role `to` (`own`: the account is the
/// actor's): the server's own rule (`roles::check_account_change`), so the users page offers only what the server
/// accepts. Unknown role names are refused.
#[wasm_bindgen(js_name = mayChangeRole)]
pub fn may_change_role(actor: &str, target: &str, own: bool, to: &str) -> bool {
    match (Role::parse(actor), Role::parse(target), Role::parse(to)) {
        (Some(actor), Some(target), Some(to)) => {
            roles::may_change_account(actor, target, own, roles::AccountChange::Role(to))
        }
        _ => false,
    }
}

/// Whether a user of role `actor` may lock or unlock an account of role `target` (`own`: the account is the
/// actor's), by the same rule.
#[wasm_bindgen(js_name = mayChangeStatus)]
pub fn may_change_status(actor: &str, target: &str, own: bool) -> bool {
    match (Role::parse(actor), Role::parse(target)) {
        (Some(actor), Some(target)) => roles::may_change_account(actor, target, own, roles::AccountChange::Status),
        _ => false,
    }
}
