//! The academy's own settings an administrator keeps (`/dashboard/settings`): its name, the contact details of
//! the top bar and the footer, its social links, the default currency of new prices, the sender of its mail and
//! the home page's promotion texts. The same check runs in the settings form (through the dashboard's wasm
//! module) and on the server before anything is saved.

use serde::{Deserialize, Serialize};

use crate::{
    auth_rules::is_valid_email,
    commerce::Commission,
    contact::is_valid_phone,
    i18n::Lang,
    limits::{ADDRESS_MAX_CHARS, EMAIL_MAX_CHARS, PHONE_MAX_CHARS, TooLong, URL_MAX_CHARS, exceeds},
    notifications::is_https_link,
    validation::{Field, FieldErrors, Message},
};

/// The longest academy name and mail sender name.
pub const NAME_MAX_CHARS: usize = 100;
/// The longest promotion title.
pub const PROMO_TITLE_MAX_CHARS: usize = 120;
/// The longest promotion sentence.
pub const PROMO_TEXT_MAX_CHARS: usize = 300;
/// The currencies a new price may default to.
pub const CURRENCIES: [&str; 2] = ["VND", "USD"];

/// The settings, as stored and as the form sends them (every text as typed; [`check_site_settings`] trims).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SiteSettings {
    pub academy_name: String,
    pub phone: String,
    pub email: String,
    pub address: String,
    /// Social pages: each empty (not shown) or an https link.
    pub facebook: String,
    pub instagram: String,
    pub linkedin: String,
    pub youtube: String,
    /// `VND` or `USD`: what a new course or plan is priced in unless its teacher chooses otherwise.
    pub default_currency: String,
    /// The sender of the academy's mail; both empty: the server's configured sender.
    pub mail_from_name: String,
    pub mail_from_email: String,
    /// The home page's promotion band.
    pub promo_title_vi: String,
    pub promo_title_en: String,
    pub promo_text_vi: String,
    pub promo_text_en: String,
    /// The platform's commission, in percent, on a sale credited to a teacher's referral link; empty: the normal
    /// commission.
    pub referral_commission: String,
}

impl Default for SiteSettings {
    /// What the academy shows until an administrator saves its own.
    fn default() -> Self {
        Self {
            academy_name: "Academy".to_owned(),
            phone: "+84 28 3822 9999".to_owned(),
            email: "hello@academy.vn".to_owned(),
            address: "268 Lý Thường Kiệt, Quận 10, TP. Hồ Chí Minh".to_owned(),
            facebook: "https://www.facebook.com/".to_owned(),
            instagram: String::new(),
            linkedin: "https://www.linkedin.com/".to_owned(),
            youtube: "https://www.youtube.com/".to_owned(),
            default_currency: "VND".to_owned(),
            mail_from_name: String::new(),
            mail_from_email: String::new(),
            promo_title_vi: "Giảm 40% cho 100 khách hàng đầu tiên".to_owned(),
            promo_title_en: "40% off for the first 100 customers".to_owned(),
            promo_text_vi: "Đăng ký khóa học đầu tiên của bạn hôm nay và nhận ưu đãi dành riêng cho 100 học viên sớm \
                            nhất."
                .to_owned(),
            promo_text_en: "Enroll in your first course today and get an offer reserved for the first 100 students."
                .to_owned(),
            referral_commission: String::new(),
        }
    }
}

impl SiteSettings {
    /// Each setting under its name (the form's and the history's), with its value.
    pub fn entries(&self) -> [(SiteField, &str); 16] {
        [
            (SiteField::AcademyName, &self.academy_name),
            (SiteField::Phone, &self.phone),
            (SiteField::Email, &self.email),
            (SiteField::Address, &self.address),
            (SiteField::Facebook, &self.facebook),
            (SiteField::Instagram, &self.instagram),
            (SiteField::Linkedin, &self.linkedin),
            (SiteField::Youtube, &self.youtube),
            (SiteField::DefaultCurrency, &self.default_currency),
            (SiteField::MailFromName, &self.mail_from_name),
            (SiteField::MailFromEmail, &self.mail_from_email),
            (SiteField::PromoTitleVi, &self.promo_title_vi),
            (SiteField::PromoTitleEn, &self.promo_title_en),
            (SiteField::PromoTextVi, &self.promo_text_vi),
            (SiteField::PromoTextEn, &self.promo_text_en),
            (SiteField::ReferralCommission, &self.referral_commission),
        ]
    }

    /// The commission on a referred sale: the one set, or `normal` when none is.
    pub fn referral_commission_or(&self, normal: Commission) -> Commission {
        self.referral_commission.trim().parse::<i64>().ok().and_then(|p| Commission::parse(p).ok()).unwrap_or(normal)
    }

    /// The mail sender as a mailbox (`Name <address>`), when one is set.
    pub fn mail_sender(&self) -> Option<String> {
        let email = self.mail_from_email.trim();
        if email.is_empty() {
            return None;
        }
        let name = self.mail_from_name.trim();
        Some(if name.is_empty() { email.to_owned() } else { format!("\"{name}\" <{email}>") })
    }

    /// The address's link on a map.
    pub fn map_link(&self) -> String {
        let mut query = String::new();
        for byte in self.address.trim().bytes() {
            match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => query.push(char::from(byte)),
                b' ' => query.push('+'),
                other => query.push_str(&format!("%{other:02X}")),
            }
        }
        format!("https://maps.google.com/?q={query}")
    }

    /// The `tel:` link of the phone number: its digits, with the `+` when it starts with one.
    pub fn phone_link(&self) -> String {
        let phone = self.phone.trim();
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        if phone.starts_with('+') { format!("tel:+{digits}") } else { format!("tel:{digits}") }
    }
}

/// A field of the settings form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteField {
    AcademyName,
    Phone,
    Email,
    Address,
    Facebook,
    Instagram,
    Linkedin,
    Youtube,
    DefaultCurrency,
    MailFromName,
    MailFromEmail,
    PromoTitleVi,
    PromoTitleEn,
    PromoTextVi,
    PromoTextEn,
    ReferralCommission,
}

impl Field for SiteField {
    fn name(self) -> &'static str {
        match self {
            Self::AcademyName => "academyName",
            Self::Phone => "phone",
            Self::Email => "email",
            Self::Address => "address",
            Self::Facebook => "facebook",
            Self::Instagram => "instagram",
            Self::Linkedin => "linkedin",
            Self::Youtube => "youtube",
            Self::DefaultCurrency => "defaultCurrency",
            Self::MailFromName => "mailFromName",
            Self::MailFromEmail => "mailFromEmail",
            Self::PromoTitleVi => "promoTitleVi",
            Self::PromoTitleEn => "promoTitleEn",
            Self::PromoTextVi => "promoTextVi",
            Self::PromoTextEn => "promoTextEn",
            Self::ReferralCommission => "referralCommission",
        }
    }
}

/// A broken rule of the settings form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SiteError {
    #[error("This field is required")]
    Required,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
    #[error("This field must be on one line")]
    NotOneLine,
    #[error("Enter a phone number of 8 to 15 digits")]
    PhoneInvalid,
    #[error("Enter a valid e-mail address")]
    EmailInvalid,
    #[error("Use an https link, or leave it empty")]
    LinkInvalid,
    #[error("Choose VND or USD")]
    CurrencyUnknown,
    #[error("A sender name must not contain < > or \"")]
    SenderNameInvalid,
    #[error("Enter the sender's address too, or leave both empty")]
    SenderAddressMissing,
    #[error("The commission must be a whole number between 0 and 100%, or empty")]
    CommissionOutOfRange,
}

impl Message for SiteError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, other) => other.to_string(),
            (Lang::Vi, Self::Required) => "Vui lòng nhập trường này".into(),
            (Lang::Vi, Self::NotOneLine) => "Trường này chỉ được viết trên một dòng".into(),
            (Lang::Vi, Self::PhoneInvalid) => "Nhập số điện thoại từ 8 đến 15 chữ số".into(),
            (Lang::Vi, Self::EmailInvalid) => "Nhập địa chỉ email hợp lệ".into(),
            (Lang::Vi, Self::LinkInvalid) => "Dùng liên kết https, hoặc để trống".into(),
            (Lang::Vi, Self::CurrencyUnknown) => "Chọn VND hoặc USD".into(),
            (Lang::Vi, Self::SenderNameInvalid) => "Tên người gửi không được chứa < > hoặc \"".into(),
            (Lang::Vi, Self::SenderAddressMissing) => "Nhập cả địa chỉ người gửi, hoặc để trống cả hai".into(),
            (Lang::Vi, Self::CommissionOutOfRange) => "Hoa hồng phải là số nguyên từ 0 đến 100%, hoặc để trống".into(),
        }
    }
}

fn text(value: &str, required: bool, max: usize) -> Result<(), SiteError> {
    let value = value.trim();
    if exceeds(value, max) {
        return Err(SiteError::TooLong { max });
    }
    if value.chars().any(char::is_control) {
        return Err(SiteError::NotOneLine);
    }
    if required && value.is_empty() { Err(SiteError::Required) } else { Ok(()) }
}

fn link(value: &str) -> Result<(), SiteError> {
    text(value, false, URL_MAX_CHARS)?;
    let value = value.trim();
    if value.is_empty() || is_https_link(value) { Ok(()) } else { Err(SiteError::LinkInvalid) }
}

fn email(value: &str, required: bool) -> Result<(), SiteError> {
    text(value, required, EMAIL_MAX_CHARS)?;
    let value = value.trim();
    if value.is_empty() || is_valid_email(value) { Ok(()) } else { Err(SiteError::EmailInvalid) }
}

/// Empty, or a whole percent within the bounds of the normal commission.
fn commission(value: &str) -> Result<(), SiteError> {
    let value = value.trim();
    if value.is_empty() || value.parse::<i64>().ok().is_some_and(|p| Commission::parse(p).is_ok()) {
        Ok(())
    } else {
        Err(SiteError::CommissionOutOfRange)
    }
}

/// Checks every setting and returns them trimmed, or each broken field with its first broken rule.
pub fn check_site_settings(form: &SiteSettings) -> Result<SiteSettings, FieldErrors<SiteField, SiteError>> {
    use SiteField as F;
    let mut errors = FieldErrors::default();
    errors.check(F::AcademyName, text(&form.academy_name, true, NAME_MAX_CHARS));
    errors.check(
        F::Phone,
        text(&form.phone, true, PHONE_MAX_CHARS)
            .and_then(|()| if is_valid_phone(&form.phone) { Ok(()) } else { Err(SiteError::PhoneInvalid) }),
    );
    errors.check(F::Email, email(&form.email, true));
    errors.check(F::Address, text(&form.address, true, ADDRESS_MAX_CHARS));
    for (field, value) in [
        (F::Facebook, &form.facebook),
        (F::Instagram, &form.instagram),
        (F::Linkedin, &form.linkedin),
        (F::Youtube, &form.youtube),
    ] {
        errors.check(field, link(value));
    }
    if !CURRENCIES.contains(&form.default_currency.trim()) {
        errors.add(F::DefaultCurrency, SiteError::CurrencyUnknown);
    }
    errors.check(
        F::MailFromName,
        text(&form.mail_from_name, false, NAME_MAX_CHARS).and_then(|()| {
            if form.mail_from_name.contains(['<', '>', '"']) { Err(SiteError::SenderNameInvalid) } else { Ok(()) }
        }),
    );
    errors.check(
        F::MailFromEmail,
        email(&form.mail_from_email, false).and_then(|()| {
            if form.mail_from_email.trim().is_empty() && !form.mail_from_name.trim().is_empty() {
                Err(SiteError::SenderAddressMissing)
            } else {
                Ok(())
            }
        }),
    );
    errors.check(F::PromoTitleVi, text(&form.promo_title_vi, true, PROMO_TITLE_MAX_CHARS));
    errors.check(F::PromoTitleEn, text(&form.promo_title_en, true, PROMO_TITLE_MAX_CHARS));
    errors.check(F::PromoTextVi, text(&form.promo_text_vi, false, PROMO_TEXT_MAX_CHARS));
    errors.check(F::PromoTextEn, text(&form.promo_text_en, false, PROMO_TEXT_MAX_CHARS));
    errors.check(F::ReferralCommission, commission(&form.referral_commission));
    errors.into_result(|| {
        let t = |s: &String| s.trim().to_owned();
        SiteSettings {
            academy_name: t(&form.academy_name),
            phone: t(&form.phone),
            email: t(&form.email),
            address: t(&form.address),
            facebook: t(&form.facebook),
            instagram: t(&form.instagram),
            linkedin: t(&form.linkedin),
            youtube: t(&form.youtube),
            default_currency: t(&form.default_currency),
            mail_from_name: t(&form.mail_from_name),
            mail_from_email: t(&form.mail_from_email),
            promo_title_vi: t(&form.promo_title_vi),
            promo_title_en: t(&form.promo_title_en),
            promo_text_vi: t(&form.promo_text_vi),
            promo_text_en: t(&form.promo_text_en),
            referral_commission: t(&form.referral_commission),
        }
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn broken(form: &SiteSettings) -> Vec<(&'static str, String)> {
        match check_site_settings(form) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|(f, e)| (f.name(), e.message(Lang::Vi))).collect(),
        }
    }

    #[test]
    fn the_defaults_pass_the_check() {
        assert_eq!(check_site_settings(&SiteSettings::default()), Ok(SiteSettings::default()));
    }

    #[test]
    fn texts_are_trimmed_and_the_phone_link_keeps_only_digits() {
        let form = SiteSettings { phone: "  +84 (28) 3822-0000 ".into(), ..SiteSettings::default() };
        let saved = check_site_settings(&form).unwrap();
        assert_eq!(saved.phone, "+84 (28) 3822-0000");
        assert_eq!(saved.phone_link(), "tel:+842838220000");
        assert_eq!(SiteSettings { phone: "028 3822".into(), ..saved.clone() }.phone_link(), "tel:0283822");
        let at = SiteSettings { address: "1 Lê Lợi, Q1".into(), ..saved };
        assert_eq!(at.map_link(), "https://maps.google.com/?q=1+L%C3%AA+L%E1%BB%A3i%2C+Q1");
    }

    #[test]
    fn each_broken_field_is_named_with_its_vietnamese_message() {
        let form = SiteSettings {
            academy_name: "  ".into(),
            phone: "12ab".into(),
            email: "not-an-email".into(),
            address: "line\nbreak".into(),
            facebook: "javascript:alert(1)".into(),
            instagram: "http://insecure.example".into(),
            default_currency: "EUR".into(),
            mail_from_name: "Academy <x>".into(),
            promo_title_en: "x".repeat(PROMO_TITLE_MAX_CHARS + 1),
            ..SiteSettings::default()
        };
        assert_eq!(
            broken(&form),
            [
                ("academyName", "Vui lòng nhập trường này".to_owned()),
                ("phone", "Nhập số điện thoại từ 8 đến 15 chữ số".to_owned()),
                ("email", "Nhập địa chỉ email hợp lệ".to_owned()),
                ("address", "Trường này chỉ được viết trên một dòng".to_owned()),
                ("facebook", "Dùng liên kết https, hoặc để trống".to_owned()),
                ("instagram", "Dùng liên kết https, hoặc để trống".to_owned()),
                ("defaultCurrency", "Chọn VND hoặc USD".to_owned()),
                ("mailFromName", "Tên người gửi không được chứa < > hoặc \"".to_owned()),
                ("mailFromEmail", "Nhập cả địa chỉ người gửi, hoặc để trống cả hai".to_owned()),
                ("promoTitleEn", "Trường này tối đa 120 ký tự".to_owned()),
            ]
        );
    }

    #[test]
    fn a_social_link_may_be_empty_and_the_sender_is_the_configured_one_until_set() {
        let mut form = SiteSettings { facebook: String::new(), ..SiteSettings::default() };
        assert!(broken(&form).is_empty());
        assert_eq!(form.mail_sender(), None);
        form.mail_from_email = "news@academy.vn".into();
        assert_eq!(form.mail_sender().as_deref(), Some("news@academy.vn"));
        form.mail_from_name = "Học viện".into();
        assert_eq!(form.mail_sender().as_deref(), Some("\"Học viện\" <news@academy.vn>"));
    }

    #[test]
    fn the_referral_commission_is_empty_or_a_percent_like_the_normal_one() {
        let normal = Commission::parse(30).unwrap();
        assert_eq!(SiteSettings::default().referral_commission_or(normal), normal);
        for ok in ["", "0", " 10 ", "100"] {
            let form = SiteSettings { referral_commission: ok.into(), ..SiteSettings::default() };
            assert!(broken(&form).is_empty(), "{ok}");
        }
        let ten = SiteSettings { referral_commission: " 10 ".into(), ..SiteSettings::default() };
        assert_eq!(check_site_settings(&ten).unwrap().referral_commission, "10");
        assert_eq!(ten.referral_commission_or(normal).percent(), 10);
        for bad in ["101", "-1", "12.5", "ten"] {
            let form = SiteSettings { referral_commission: bad.into(), ..SiteSettings::default() };
            assert_eq!(
                broken(&form),
                [("referralCommission", "Hoa hồng phải là số nguyên từ 0 đến 100%, hoặc để trống".to_owned())],
                "{bad}"
            );
            assert_eq!(
                check_site_settings(&form).unwrap_err().messages(Lang::En)["referralCommission"],
                "The commission must be a whole number between 0 and 100%, or empty"
            );
        }
    }

    #[test]
    fn english_messages_are_english() {
        let form = SiteSettings { phone: "1".into(), ..SiteSettings::default() };
        let errors = check_site_settings(&form).unwrap_err();
        assert_eq!(errors.messages(Lang::En)["phone"], "Enter a phone number of 8 to 15 digits");
    }
}
