//! Promotions: a coupon shown on the site (the home page's promo band, above the course list, in the cart) with
//! its picture, its texts in both languages, a period and a priority. The form's check is the same in the
//! dashboard (through wasm) and on the server; [`is_showing`] says when one is shown.

use serde::{Deserialize, Serialize};

use crate::{
    i18n::Lang,
    limits::{IMAGE_URL_MAX_CHARS, TooLong, exceeds},
    notifications::is_action_link,
    site::{PROMO_TEXT_MAX_CHARS, PROMO_TITLE_MAX_CHARS},
    validation::{Field, FieldErrors, Message},
};

/// The highest priority (shown first); the lowest is 0.
pub const PRIORITY_MAX: i64 = 1000;

/// Where a promotion shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Placement {
    /// The home page's promo band.
    Home,
    /// Above the course list.
    Courses,
    /// In the cart, where its coupon applies with one tap.
    Cart,
}

impl Placement {
    pub const ALL: [Placement; 3] = [Placement::Home, Placement::Courses, Placement::Cart];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Home => "home",
            Self::Courses => "courses",
            Self::Cart => "cart",
        }
    }

    pub fn parse(name: &str) -> Option<Placement> {
        Self::ALL.into_iter().find(|p| p.as_str() == name.trim())
    }
}

/// A promotion as the administrator's form sends it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PromotionForm {
    /// The coupon it promotes (its id).
    pub coupon_id: String,
    /// `home`, `courses`, `cart`: one or more.
    pub placements: Vec<String>,
    /// A picture of this site (an upload) or an https picture; empty: none.
    pub picture_url: String,
    pub title_vi: String,
    pub title_en: String,
    pub text_vi: String,
    pub text_en: String,
    /// Shown from this instant (epoch ms), inclusive; `None`: at once.
    pub starts_at: Option<i64>,
    /// Shown until this instant (epoch ms), exclusive; `None`: until switched off or its coupon is used up.
    pub ends_at: Option<i64>,
    /// Higher first, 0–[`PRIORITY_MAX`].
    pub priority: i64,
}

/// The promotion as checked: texts trimmed, placements parsed, sorted and without repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promotion {
    pub coupon_id: String,
    pub placements: Vec<Placement>,
    pub picture_url: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub text_vi: String,
    pub text_en: String,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub priority: i64,
}

/// The fields of the promotion form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionField {
    Coupon,
    Placements,
    Picture,
    TitleVi,
    TitleEn,
    TextVi,
    TextEn,
    EndsAt,
    Priority,
}

impl Field for PromotionField {
    fn name(self) -> &'static str {
        match self {
            Self::Coupon => "couponId",
            Self::Placements => "placements",
            Self::Picture => "pictureUrl",
            Self::TitleVi => "titleVi",
            Self::TitleEn => "titleEn",
            Self::TextVi => "textVi",
            Self::TextEn => "textEn",
            Self::EndsAt => "endsAt",
            Self::Priority => "priority",
        }
    }
}

/// A rule of the promotion form that a value breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PromotionError {
    #[error("This field is required")]
    Required,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
    #[error("Choose a coupon")]
    CouponMissing,
    #[error("Choose where it shows: the home page, the course list or the cart")]
    NoPlacement,
    #[error("Use a picture of this site (starting with /) or an https link to a picture")]
    PictureInvalid,
    #[error("The end must come after the start")]
    Period,
    #[error("The priority is a whole number from 0 to {max}")]
    Priority { max: i64 },
}

impl From<TooLong> for PromotionError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl Message for PromotionError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::Required) => "Trường này là bắt buộc".into(),
            (Lang::Vi, Self::CouponMissing) => "Chọn một mã giảm giá".into(),
            (Lang::Vi, Self::NoPlacement) => "Chọn nơi hiển thị: trang chủ, danh sách khóa học hoặc giỏ hàng".into(),
            (Lang::Vi, Self::PictureInvalid) => {
                "Dùng ảnh của trang (bắt đầu bằng /) hoặc liên kết https tới một ảnh".into()
            }
            (Lang::Vi, Self::Period) => "Thời điểm kết thúc phải sau thời điểm bắt đầu".into(),
            (Lang::Vi, Self::Priority { max }) => format!("Độ ưu tiên là số nguyên từ 0 đến {max}"),
        }
    }
}

fn text(value: &str, required: bool, max: usize) -> Result<(), PromotionError> {
    if required && value.trim().is_empty() {
        return Err(PromotionError::Required);
    }
    if exceeds(value.trim(), max) {
        return Err(PromotionError::TooLong { max });
    }
    Ok(())
}

/// Checks a promotion form: a coupon, at least one known placement, titles in both languages (at most the home
/// band's title length), texts within the band's length, an optional picture of this site or https, an end
/// after the start, a priority within 0–[`PRIORITY_MAX`].
pub fn check_promotion(form: &PromotionForm) -> Result<Promotion, FieldErrors<PromotionField, PromotionError>> {
    use PromotionField as F;
    let mut errors = FieldErrors::default();
    if form.coupon_id.trim().is_empty() {
        errors.add(F::Coupon, PromotionError::CouponMissing);
    }
    let mut placements = Vec::new();
    for name in &form.placements {
        match Placement::parse(name) {
            Some(p) if !placements.contains(&p) => placements.push(p),
            Some(_) => {}
            None => {
                errors.add(F::Placements, PromotionError::NoPlacement);
            }
        }
    }
    placements.sort();
    if placements.is_empty() {
        errors.add(F::Placements, PromotionError::NoPlacement);
    }
    let picture = form.picture_url.trim();
    if !picture.is_empty() {
        if exceeds(picture, IMAGE_URL_MAX_CHARS) {
            errors.add(F::Picture, PromotionError::TooLong { max: IMAGE_URL_MAX_CHARS });
        } else if !is_action_link(picture) {
            errors.add(F::Picture, PromotionError::PictureInvalid);
        }
    }
    errors.check(F::TitleVi, text(&form.title_vi, true, PROMO_TITLE_MAX_CHARS));
    errors.check(F::TitleEn, text(&form.title_en, true, PROMO_TITLE_MAX_CHARS));
    errors.check(F::TextVi, text(&form.text_vi, false, PROMO_TEXT_MAX_CHARS));
    errors.check(F::TextEn, text(&form.text_en, false, PROMO_TEXT_MAX_CHARS));
    if let (Some(start), Some(end)) = (form.starts_at, form.ends_at)
        && end <= start
    {
        errors.add(F::EndsAt, PromotionError::Period);
    }
    if !(0..=PRIORITY_MAX).contains(&form.priority) {
        errors.add(F::Priority, PromotionError::Priority { max: PRIORITY_MAX });
    }
    errors.into_result(|| Promotion {
        coupon_id: form.coupon_id.trim().to_owned(),
        placements,
        picture_url: (!picture.is_empty()).then(|| picture.to_owned()),
        title_vi: form.title_vi.trim().to_owned(),
        title_en: form.title_en.trim().to_owned(),
        text_vi: form.text_vi.trim().to_owned(),
        text_en: form.text_en.trim().to_owned(),
        starts_at: form.starts_at,
        ends_at: form.ends_at,
        priority: form.priority,
    })
}

/// Whether a promotion of this period is shown at `now` (epoch ms): from its start, inclusive, to its end,
/// exclusive.
pub fn is_showing(starts_at: Option<i64>, ends_at: Option<i64>, now: i64) -> bool {
    starts_at.is_none_or(|start| now >= start) && ends_at.is_none_or(|end| now < end)
}

/// The uses of a coupon left (never negative; a coupon's paid uses may pass its limit); `None`: unlimited.
pub fn remaining_uses(max_uses: Option<i64>, used: i64) -> Option<i64> {
    max_uses.map(|max| (max - used).max(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> PromotionForm {
        PromotionForm {
            coupon_id: "c1".into(),
            placements: vec!["home".into(), "courses".into()],
            title_vi: "Giảm 40% cho 100 khách hàng đầu tiên".into(),
            title_en: "40% off for the first 100 customers".into(),
            priority: 10,
            ..PromotionForm::default()
        }
    }

    fn fields(form: &PromotionForm) -> Vec<&'static str> {
        match check_promotion(form) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|(f, _)| f.name()).collect(),
        }
    }

    #[test]
    fn a_promotion_with_a_coupon_a_placement_and_both_titles_passes_with_placements_sorted() {
        let promotion = check_promotion(&valid()).expect("valid");
        assert_eq!(promotion.placements, vec![Placement::Home, Placement::Courses]);
        assert_eq!(promotion.picture_url, None);
    }

    type Breaks = fn(&mut PromotionForm);

    #[test]
    fn each_broken_rule_names_its_field() {
        let cases: [(&str, Breaks); 8] = [
            ("couponId", |f| f.coupon_id = " ".into()),
            ("placements", |f| f.placements.clear()),
            ("placements", |f| f.placements = vec!["sidebar".into()]),
            ("pictureUrl", |f| f.picture_url = "javascript:alert(1)".into()),
            ("titleVi", |f| f.title_vi = String::new()),
            ("titleEn", |f| f.title_en = "x".repeat(PROMO_TITLE_MAX_CHARS + 1)),
            ("endsAt", |f| (f.starts_at, f.ends_at) = (Some(10), Some(10))),
            ("priority", |f| f.priority = PRIORITY_MAX + 1),
        ];
        for (field, breaks) in cases {
            let mut form = valid();
            breaks(&mut form);
            assert_eq!(fields(&form), vec![field], "{field}");
        }
    }

    #[test]
    fn the_messages_speak_vietnamese_and_english() {
        let errors = check_promotion(&PromotionForm::default()).expect_err("empty");
        let vi = errors.messages(Lang::Vi);
        assert_eq!(vi["couponId"], "Chọn một mã giảm giá");
        assert_eq!(
            errors.messages(Lang::En)["placements"],
            "Choose where it shows: the home page, the course list or the cart"
        );
    }

    #[test]
    fn a_promotion_shows_from_its_start_until_its_end() {
        assert!(is_showing(None, None, 5));
        assert!(is_showing(Some(5), Some(6), 5));
        assert!(!is_showing(Some(5), Some(6), 6));
        assert!(!is_showing(Some(6), None, 5));
    }

    #[test]
    fn remaining_uses_never_go_below_zero() {
        assert_eq!(remaining_uses(Some(100), 37), Some(63));
        assert_eq!(remaining_uses(Some(100), 101), Some(0));
        assert_eq!(remaining_uses(None, 7), None);
    }
}
