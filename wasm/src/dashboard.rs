//! The dashboard's catalogue rules (wasm/pkg-dashboard, npm `academy-wasm-dashboard`): the course editor, its
//! curriculum, categories, course types, banners, subjects and syllabuses, checked in the browser by the same
//! functions the server runs, so the messages beside the fields are the server's. Loaded only with the
//! dashboard's pages.
//!
//! Forms are read as the editor sends them to the server (`CourseBody`, `CategoryBody`, `BannerBody`,
//! `SectionBody[]` in web/src/features/dashboard-catalogue/api/dashboard.ts; `SubjectBody`, `SyllabusBody` in
//! api/material.ts).

use academy_shared::{
    catalogue::{self, CatalogueError, CourseFacts, LessonFacts},
    media::OWN_FILES_PATH,
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, number, set, text, whole};

/// The property `name` of an object (undefined when missing).
fn property(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The `vi` and `en` texts of a `{ vi, en }` property.
fn localized(object: &JsValue, name: &str) -> (String, String) {
    let pair = property(object, name);
    (text(&pair, "vi"), text(&pair, "en"))
}

/// The items of an array property (none when it is not an array).
fn items(value: &JsValue) -> Vec<JsValue> {
    if Array::is_array(value) { Array::from(value).iter().collect() } else { Vec::new() }
}

/// A lesson as read from the editor: title (Vietnamese), duration in seconds, video link.
struct Lesson {
    title: String,
    seconds: i64,
    video_url: Option<String>,
}

/// Course editor details (`CourseBody`): Vietnamese title required, both titles ≤ 200 characters, slug (made
/// from the title when empty), description, price ≥ 0, sale price below the price, currency, level, seats ≥ 0,
/// category. `{ ok: true, value: <the slug saved> }` or `{ ok: false, errors: { "title.vi": …, price: … } }`.
#[wasm_bindgen(js_name = validateCourse)]
pub fn validate_course(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "course form")?;
    let (title_vi, title_en) = localized(&form, "title");
    let (description_vi, _) = localized(&form, "description");
    let slug = text(&form, "slug");
    let currency = text(&form, "currency");
    let level = text(&form, "level");
    let category_id = text(&form, "categoryId");
    let facts = CourseFacts {
        title_vi: &title_vi,
        title_en: &title_en,
        slug: &slug,
        description_vi: &description_vi,
        price: whole(number(&form, "price").unwrap_or(0.0)),
        discount: number(&form, "discount").map(whole),
        currency: &currency,
        level: &level,
        total_seat: whole(number(&form, "totalSeat").unwrap_or(0.0)),
        category_id: &category_id,
    };
    checked(catalogue::validate_course_form(&facts), lang(lang_code))
}

/// A category or course type (`{ name: { vi, en }, slug }`): Vietnamese name required, both ≤ 200 characters,
/// slug valid when typed. `value` is the slug saved.
#[wasm_bindgen(js_name = validateNamed)]
pub fn validate_named(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "named form")?;
    let (name_vi, name_en) = localized(&form, "name");
    checked(catalogue::validate_named_form(&name_vi, &name_en, &text(&form, "slug")), lang(lang_code))
}

/// A banner (`{ title: { vi, en }, slug, image }`): titles as a named item's (errors under `name.vi` /
/// `name.en`, as the server names them) and a picture. `value` is the slug saved.
#[wasm_bindgen(js_name = validateBanner)]
pub fn validate_banner(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "banner form")?;
    let (title_vi, title_en) = localized(&form, "title");
    let outcome = catalogue::validate_banner_form(&title_vi, &title_en, &text(&form, "slug"), &text(&form, "image"));
    checked(outcome, lang(lang_code))
}

/// A subject (`{ code, name: { vi, en }, description: { vi, en }, credits }`): names as a named item's, a code,
/// credits 0–60 (a missing number reads as 0, as the server defaults it), description ≤ 10,000 characters.
/// `{ ok: true, value: null }` or `{ ok: false, errors: { code: …, credits: … } }`.
#[wasm_bindgen(js_name = validateSubject)]
pub fn validate_subject(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "subject form")?;
    let (name_vi, name_en) = localized(&form, "name");
    let (description_vi, _) = localized(&form, "description");
    let credits = whole(number(&form, "credits").unwrap_or(0.0));
    let outcome = catalogue::validate_subject(&name_vi, &name_en, &text(&form, "code"), credits, &description_vi);
    checked(outcome, lang(lang_code))
}

/// A syllabus (`{ code, name: { vi, en }, durationWeeks, status, subjects: string[] }`): names, a code, 1–520
/// weeks (a missing number reads as 0, refused), a known status, each subject id listed once (an id that is not
/// a string reads as empty, refused). Whether the subjects exist is the server's to say.
/// `{ ok: true, value: null }` or `{ ok: false, errors: { durationWeeks: …, subjects: … } }`.
#[wasm_bindgen(js_name = validateSyllabus)]
pub fn validate_syllabus(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "syllabus form")?;
    let (name_vi, name_en) = localized(&form, "name");
    let weeks = whole(number(&form, "durationWeeks").unwrap_or(0.0));
    let subject_ids: Vec<String> =
        items(&property(&form, "subjects")).iter().map(|id| id.as_string().unwrap_or_default()).collect();
    let ids: Vec<&str> = subject_ids.iter().map(String::as_str).collect();
    let outcome = catalogue::validate_syllabus(
        &name_vi,
        &name_en,
        &text(&form, "code"),
        weeks,
        &text(&form, "status"),
        &ids,
    );
    checked(outcome, lang(lang_code))
}

/// A curriculum (`SectionBody[]`), video links checked against this site's stored files
/// ([`OWN_FILES_PATH`]): `{ ok: true }`, or `{ ok: false, errors }` with the server's message under
/// `sections` and again under each item it refuses: `sections.<i>.title` (a section's title) and
/// `sections.<i>.lessons.<j>` (a lesson). A duration that is not a number reads as invalid.
#[wasm_bindgen(js_name = validateCurriculum)]
pub fn validate_curriculum(
    #[wasm_bindgen(unchecked_param_type = "readonly unknown[]")] sections: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    if !Array::is_array(&sections) {
        return Err(JsError::new("curriculum: expected an array of sections"));
    }
    let read: Vec<(String, Vec<Lesson>)> = items(&sections)
        .iter()
        .map(|section| {
            let lessons = items(&property(section, "lessons"))
                .iter()
                .map(|lesson| Lesson {
                    title: localized(lesson, "title").0,
                    seconds: number(lesson, "durationSeconds").filter(|n| n.is_finite()).map_or(-1, whole),
                    video_url: property(lesson, "videoUrl").as_string(),
                })
                .collect();
            (localized(section, "title").0, lessons)
        })
        .collect();
    let facts: Vec<(&str, Vec<LessonFacts<'_>>)> = read
        .iter()
        .map(|(title, lessons)| {
            let lessons = lessons
                .iter()
                .map(|lesson| LessonFacts {
                    title_vi: &lesson.title,
                    duration_seconds: lesson.seconds,
                    video_url: lesson.video_url.as_deref(),
                })
                .collect();
            (title.as_str(), lessons)
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
    let message = JsValue::from_str(&error.message(lang(lang_code)));
    let errors = Object::new();
    set(&errors, "sections", &message)?;
    if matches!(error, CatalogueError::CurriculumInvalid | CatalogueError::VideoLinkNotAllowed) {
        for spot in catalogue::curriculum_spots(&facts, OWN_FILES_PATH) {
            let key = match spot.lesson {
                None => format!("sections.{}.title", spot.section),
                Some(lesson) => format!("sections.{}.lessons.{lesson}", spot.section),
            };
            set(&errors, &key, &message)?;
        }
    }
    set(&result, "ok", &JsValue::FALSE)?;
    set(&result, "errors", &errors)?;
    Ok(result.into())
}
