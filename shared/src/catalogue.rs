//! The dashboard's catalogue forms (courses with their curriculum, categories and other named items): checks
//! shared by the browser and the server.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::validation::{Field, FieldErrors, Message};

/// The longest title or name, in characters.
pub const TITLE_MAX_CHARS: usize = 200;
/// The longest description, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 10_000;
/// The most sections of a curriculum, and lessons of a section.
pub const MAX_SECTIONS: usize = 100;
pub const MAX_LESSONS_PER_SECTION: usize = 200;
/// The levels a course can have.
pub const LEVELS: [&str; 3] = ["beginner", "intermediate", "advanced"];
/// Currency codes a price can be in.
pub const CURRENCIES: [&str; 2] = ["VND", "USD"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CatalogueField {
    TitleVi,
    TitleEn,
    NameVi,
    NameEn,
    Slug,
    Description,
    Price,
    Discount,
    Currency,
    Level,
    TotalSeat,
    CategoryId,
    Sections,
}

impl Field for CatalogueField {
    fn name(self) -> &'static str {
        match self {
            Self::TitleVi => "title.vi",
            Self::TitleEn => "title.en",
            Self::NameVi => "name.vi",
            Self::NameEn => "name.en",
            Self::Slug => "slug",
            Self::Description => "description",
            Self::Price => "price",
            Self::Discount => "discount",
            Self::Currency => "currency",
            Self::Level => "level",
            Self::TotalSeat => "totalSeat",
            Self::CategoryId => "categoryId",
            Self::Sections => "sections",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    #[error("This field is required")]
    Required,
    #[error("This field must be at most {max} characters")]
    TooLong { max: usize },
    #[error("Use lower-case letters, digits and dashes only")]
    SlugInvalid,
    #[error("The price cannot be negative")]
    PriceNegative,
    #[error("The sale price must be below the price")]
    DiscountNotBelowPrice,
    #[error("Unknown currency")]
    CurrencyUnknown,
    #[error("Unknown level")]
    LevelUnknown,
    #[error("The number of seats cannot be negative")]
    SeatsNegative,
    #[error("Every section and lesson needs a title, a duration of 0 or more and an http(s) video link")]
    CurriculumInvalid,
    #[error("The curriculum is too long")]
    CurriculumTooLong,
}

impl Message for CatalogueError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => match self {
                Self::Required => "Trường này là bắt buộc".into(),
                Self::TooLong { max } => format!("Trường này tối đa {max} ký tự"),
                Self::SlugInvalid => "Chỉ dùng chữ thường không dấu, chữ số và dấu gạch ngang".into(),
                Self::PriceNegative => "Giá không được âm".into(),
                Self::DiscountNotBelowPrice => "Giá khuyến mãi phải thấp hơn giá gốc".into(),
                Self::CurrencyUnknown => "Loại tiền tệ không hợp lệ".into(),
                Self::LevelUnknown => "Trình độ không hợp lệ".into(),
                Self::SeatsNegative => "Số chỗ không được âm".into(),
                Self::CurriculumInvalid => {
                    "Mỗi chương và bài học cần tiêu đề, thời lượng từ 0 trở lên và liên kết video http(s)".into()
                }
                Self::CurriculumTooLong => "Nội dung khóa học quá dài".into(),
            },
        }
    }
}

impl CatalogueError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// A slug: 1–120 characters of `a-z`, `0-9` and single dashes inside.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 120
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
        && !slug.contains("--")
}

/// A slug made from a title: marks dropped (`đ` → `d`), lower case, words joined by dashes.
pub fn slugify(title: &str) -> String {
    let normalized = crate::search::normalize_search(title);
    let mut slug = String::with_capacity(normalized.len());
    for c in normalized.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    slug.chars().take(120).collect::<String>().trim_end_matches('-').to_owned()
}

fn check_text(text: &str, max: usize, required: bool) -> Result<(), CatalogueError> {
    let n = text.trim().chars().count();
    if n == 0 && required {
        Err(CatalogueError::Required)
    } else if n > max {
        Err(CatalogueError::TooLong { max })
    } else {
        Ok(())
    }
}

/// The fields of a course form the rules look at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CourseFacts<'a> {
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub slug: &'a str,
    pub description_vi: &'a str,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: &'a str,
    pub level: &'a str,
    pub total_seat: i64,
    pub category_id: &'a str,
}

/// Checks a course form: titles (Vietnamese required), slug, price and sale price, currency, level, seats,
/// category.
pub fn validate_course(course: &CourseFacts<'_>) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = FieldErrors::default();
    errors.check(CatalogueField::TitleVi, check_text(course.title_vi, TITLE_MAX_CHARS, true));
    errors.check(CatalogueField::TitleEn, check_text(course.title_en, TITLE_MAX_CHARS, false));
    if !course.slug.is_empty() && !is_valid_slug(course.slug) {
        errors.add(CatalogueField::Slug, CatalogueError::SlugInvalid);
    }
    errors.check(CatalogueField::Description, check_text(course.description_vi, DESCRIPTION_MAX_CHARS, false));
    if course.price < 0 {
        errors.add(CatalogueField::Price, CatalogueError::PriceNegative);
    }
    if let Some(discount) = course.discount {
        if discount < 0 || discount >= course.price {
            errors.add(CatalogueField::Discount, CatalogueError::DiscountNotBelowPrice);
        }
    }
    if !CURRENCIES.contains(&course.currency) {
        errors.add(CatalogueField::Currency, CatalogueError::CurrencyUnknown);
    }
    if !LEVELS.contains(&course.level) {
        errors.add(CatalogueField::Level, CatalogueError::LevelUnknown);
    }
    if course.total_seat < 0 {
        errors.add(CatalogueField::TotalSeat, CatalogueError::SeatsNegative);
    }
    if course.category_id.trim().is_empty() {
        errors.add(CatalogueField::CategoryId, CatalogueError::Required);
    }
    errors.into_result(|| ())
}

/// One lesson as the curriculum rule sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonFacts<'a> {
    pub title_vi: &'a str,
    pub duration_seconds: i64,
    pub video_url: Option<&'a str>,
}

/// Checks a curriculum: at most [`MAX_SECTIONS`] sections of at most [`MAX_LESSONS_PER_SECTION`] lessons,
/// every title present, durations not negative, video links http(s).
pub fn validate_curriculum(sections: &[(&str, Vec<LessonFacts<'_>>)]) -> Result<(), CatalogueError> {
    if sections.len() > MAX_SECTIONS || sections.iter().any(|(_, l)| l.len() > MAX_LESSONS_PER_SECTION) {
        return Err(CatalogueError::CurriculumTooLong);
    }
    let title_ok = |t: &str| check_text(t, TITLE_MAX_CHARS, true).is_ok();
    let url_ok = |u: Option<&str>| {
        u.is_none_or(|u| u.is_empty() || u.starts_with("https://") || u.starts_with("http://") || u.starts_with('/'))
    };
    let valid = sections.iter().all(|(title, lessons)| {
        title_ok(title)
            && lessons.iter().all(|l| title_ok(l.title_vi) && l.duration_seconds >= 0 && url_ok(l.video_url))
    });
    if valid { Ok(()) } else { Err(CatalogueError::CurriculumInvalid) }
}

/// Checks a named item (category, course type, banner, subject, syllabus): Vietnamese name required, both at
/// most [`TITLE_MAX_CHARS`], slug or code valid when given.
pub fn validate_named(
    name_vi: &str,
    name_en: &str,
    slug: &str,
) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = FieldErrors::default();
    errors.check(CatalogueField::NameVi, check_text(name_vi, TITLE_MAX_CHARS, true));
    errors.check(CatalogueField::NameEn, check_text(name_en, TITLE_MAX_CHARS, false));
    if !slug.is_empty() && !is_valid_slug(slug) {
        errors.add(CatalogueField::Slug, CatalogueError::SlugInvalid);
    }
    errors.into_result(|| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> CourseFacts<'static> {
        CourseFacts {
            title_vi: "Lập trình Python",
            title_en: "Python",
            slug: "lap-trinh-python",
            description_vi: "",
            price: 1_000_000,
            discount: Some(700_000),
            currency: "VND",
            level: "beginner",
            total_seat: 100,
            category_id: "c1",
        }
    }

    #[test]
    fn a_complete_course_passes() {
        assert!(validate_course(&course()).is_ok());
    }

    #[test]
    fn each_broken_course_rule_names_its_field() {
        let cases: [(CourseFacts<'static>, &str); 7] = [
            (CourseFacts { title_vi: "  ", ..course() }, "title.vi"),
            (CourseFacts { slug: "Lập trình", ..course() }, "slug"),
            (CourseFacts { price: -1, discount: None, ..course() }, "price"),
            (CourseFacts { discount: Some(1_000_000), ..course() }, "discount"),
            (CourseFacts { currency: "EUR", ..course() }, "currency"),
            (CourseFacts { level: "expert", ..course() }, "level"),
            (CourseFacts { category_id: "", ..course() }, "categoryId"),
        ];
        for (facts, field) in cases {
            let errors = validate_course(&facts).expect_err(field);
            assert!(errors.messages(Lang::En).contains_key(field), "{field}: {:?}", errors.messages(Lang::En));
        }
    }

    #[test]
    fn a_free_course_cannot_be_on_sale() {
        let facts = CourseFacts { price: 0, discount: Some(0), ..course() };
        assert!(validate_course(&facts).is_err());
    }

    #[test]
    fn slugs_are_made_from_vietnamese_titles() {
        assert_eq!(slugify("Thiết kế Đồ họa: cơ bản!"), "thiet-ke-do-hoa-co-ban");
        assert!(is_valid_slug(&slugify("  Lập trình -- Rust  ")));
        assert!(!is_valid_slug("a--b"));
    }

    #[test]
    fn a_lesson_without_title_or_with_a_script_link_breaks_the_curriculum() {
        let lesson = |title, url| LessonFacts { title_vi: title, duration_seconds: 60, video_url: url };
        assert!(validate_curriculum(&[("Chương 1", vec![lesson("Bài 1", Some("https://x.vn/a.mp4"))])]).is_ok());
        assert!(validate_curriculum(&[("Chương 1", vec![lesson("", None)])]).is_err());
        assert!(validate_curriculum(&[("Chương 1", vec![lesson("Bài", Some("javascript:alert(1)"))])]).is_err());
        assert!(validate_curriculum(&[("", vec![])]).is_err());
    }
}
