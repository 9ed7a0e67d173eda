//! The profile update dialog: its checks, messages and the payload of `PUT /users/{userId}`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::auth_rules::is_valid_email;
use crate::i18n::Lang;
use crate::limits::{
    ADDRESS_MAX_CHARS, ControlCharacters, EMAIL_MAX_CHARS, IMAGE_URL_MAX_CHARS, PERSON_NAME_MAX_CHARS, PHONE_MAX_CHARS,
    TooLong, check_max, check_single_line,
};
use crate::validation::{Field, FieldErrors, Message};

/// The shortest first or last name, in characters after trimming.
pub const NAME_MIN_CHARS: usize = 2;
/// The avatar limit, "3.6 MB", read as 3.6 MiB: 3.6 × 1024 × 1024 = 3,774,873.6, so files of
/// 3,774,873 bytes or fewer pass and 3,774,874 bytes or more are refused.
pub const AVATAR_MAX_BYTES: u32 = 3_774_873;

/// A calendar date (`YYYY-MM-DD`), without time zone: the browser supplies "today" in the user's zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IsoDate {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl IsoDate {
    /// Reads `YYYY-MM-DD` (a longer ISO text such as `2000-01-31T00:00:00Z` is read by its date part).
    pub fn parse(text: &str) -> Option<IsoDate> {
        let date = text.trim().get(..10)?;
        let bytes = date.as_bytes();
        if bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<u16> {
            let part = date.get(range)?;
            if part.bytes().all(|b| b.is_ascii_digit()) { part.parse().ok() } else { None }
        };
        let year = number(0..4)?;
        let month = u8::try_from(number(5..7)?).ok()?;
        let day = u8::try_from(number(8..10)?).ok()?;
        (1..=12).contains(&month).then_some(())?;
        (1..=days_in_month(year, month)).contains(&day).then_some(())?;
        Some(IsoDate { year, month, day })
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        _ => 31,
    }
}

impl fmt::Display for IsoDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The profile dialog as typed. Optional values are empty strings when not filled.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: String,
    pub address: String,
    /// `YYYY-MM-DD`, as a date input gives it, or empty.
    pub dob: String,
    /// The uploaded avatar's URL, or empty.
    pub avatar: String,
    /// The size of a newly chosen photo, when there is one.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub avatar_bytes: Option<u32>,
    /// The account's e-mail address before this change, when the person edits their own account (an
    /// administrator editing someone else's account leaves it out): changing it then needs
    /// [`ProfileForm::current_password`].
    #[cfg_attr(feature = "ts", ts(optional))]
    pub own_email: Option<String>,
    /// The account's password, asked when a person changes their own e-mail address.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub current_password: Option<String>,
}

/// The body of `PUT /users/{userId}`. Empty optional values are omitted; `dob` is an ISO 8601 date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProfileUpdatePayload {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub phone_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub dob: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub avatar: Option<String>,
    /// Sent only when a person changes their own e-mail address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub current_password: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ProfileField {
    FirstName,
    LastName,
    Email,
    PhoneNumber,
    Address,
    Dob,
    Avatar,
    CurrentPassword,
    TimeZone,
}

impl Field for ProfileField {
    fn name(self) -> &'static str {
        match self {
            Self::FirstName => "firstName",
            Self::LastName => "lastName",
            Self::Email => "email",
            Self::PhoneNumber => "phoneNumber",
            Self::Address => "address",
            Self::Dob => "dob",
            Self::Avatar => "avatar",
            Self::CurrentPassword => "currentPassword",
            Self::TimeZone => "timeZone",
        }
    }
}

/// What the profile dialog can get wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    #[error("First name is required")]
    FirstNameRequired,
    #[error("First name must be at least {min} characters")]
    FirstNameTooShort { min: usize },
    #[error("Last name is required")]
    LastNameRequired,
    #[error("Last name must be at least {min} characters")]
    LastNameTooShort { min: usize },
    #[error("Email is required")]
    EmailRequired,
    #[error("Please enter a valid email")]
    EmailInvalid,
    #[error("Image size must be less than 3.6MB")]
    AvatarTooLarge { max_bytes: u32 },
    #[error("Please enter a valid date")]
    DobInvalid,
    #[error("Date of birth cannot be later than today")]
    DobInFuture,
    #[error("Enter your current password to change your email")]
    CurrentPasswordRequired,
    #[error("The current password is incorrect")]
    CurrentPasswordWrong,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
    #[error("{}", ControlCharacters)]
    ControlCharacters,
    #[error("Unknown time zone")]
    TimeZoneUnknown,
}

impl From<TooLong> for ProfileError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl From<ControlCharacters> for ProfileError {
    fn from(ControlCharacters: ControlCharacters) -> Self {
        Self::ControlCharacters
    }
}

impl Message for ProfileError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (_, Self::ControlCharacters) => ControlCharacters.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::FirstNameRequired) => "Vui lòng nhập tên".into(),
            (Lang::Vi, Self::FirstNameTooShort { min }) => format!("Tên phải có ít nhất {min} ký tự"),
            (Lang::Vi, Self::LastNameRequired) => "Vui lòng nhập họ".into(),
            (Lang::Vi, Self::LastNameTooShort { min }) => format!("Họ phải có ít nhất {min} ký tự"),
            (Lang::Vi, Self::EmailRequired) => "Vui lòng nhập email".into(),
            (Lang::Vi, Self::EmailInvalid) => "Vui lòng nhập email hợp lệ".into(),
            (Lang::Vi, Self::AvatarTooLarge { .. }) => "Kích thước ảnh phải nhỏ hơn 3.6MB".into(),
            (Lang::Vi, Self::DobInvalid) => "Vui lòng nhập ngày hợp lệ".into(),
            (Lang::Vi, Self::DobInFuture) => "Ngày sinh không được sau ngày hôm nay".into(),
            (Lang::Vi, Self::CurrentPasswordRequired) => "Vui lòng nhập mật khẩu hiện tại để đổi email".into(),
            (Lang::Vi, Self::CurrentPasswordWrong) => "Mật khẩu hiện tại không đúng".into(),
            (Lang::Vi, Self::TimeZoneUnknown) => "Múi giờ không hợp lệ".into(),
        }
    }
}

impl ProfileError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

fn check_name(name: &str, required: ProfileError, too_short: ProfileError) -> Result<(), ProfileError> {
    check_max(name, PERSON_NAME_MAX_CHARS)?;
    check_single_line(name)?;
    match name.trim().chars().count() {
        0 => Err(required),
        n if n < NAME_MIN_CHARS => Err(too_short),
        _ => Ok(()),
    }
}

/// The avatar rule alone: a chosen photo must be under 3.6 MB (see [`AVATAR_MAX_BYTES`]).
pub fn check_avatar_size(bytes: u64) -> Result<(), ProfileError> {
    if bytes > u64::from(AVATAR_MAX_BYTES) {
        return Err(ProfileError::AvatarTooLarge { max_bytes: AVATAR_MAX_BYTES });
    }
    Ok(())
}

/// The date-of-birth rule alone: empty is fine; otherwise a real date no later than `today`.
pub fn check_dob(dob: &str, today: IsoDate) -> Result<Option<IsoDate>, ProfileError> {
    if dob.trim().is_empty() {
        return Ok(None);
    }
    let date = IsoDate::parse(dob).ok_or(ProfileError::DobInvalid)?;
    if date > today {
        return Err(ProfileError::DobInFuture);
    }
    Ok(Some(date))
}

/// The zone of a person who has not chosen one: the academy's.
pub const DEFAULT_TIME_ZONE: &str = "Asia/Ho_Chi_Minh";

/// The time zone rule: an IANA name the time zone database knows (`Europe/Berlin`, `UTC`), surrounding spaces
/// ignored; answers the name as it is stored.
#[cfg(feature = "schedule")]
pub fn check_time_zone(name: &str) -> Result<&str, ProfileError> {
    let name = name.trim();
    crate::schedule::parse_zone(name).map(|_| name).ok_or(ProfileError::TimeZoneUnknown)
}

/// Whether `new_email` is another address than `current_email`. Surrounding spaces and the case of ASCII
/// letters do not count; any other difference does, a different case of a non-ASCII letter included (the safe
/// side: such an edit asks for the password too, and the browser needs no Unicode case tables).
pub fn changes_email(current_email: &str, new_email: &str) -> bool {
    !current_email.trim().eq_ignore_ascii_case(new_email.trim())
}

/// The current-password rule: a person changing their own e-mail address (`own_email` is the address before
/// the change) must give their password. Checking that it is the right one is the server's part.
pub fn check_current_password(
    own_email: Option<&str>,
    new_email: &str,
    current_password: &str,
) -> Result<(), ProfileError> {
    match own_email {
        Some(own) if changes_email(own, new_email) && current_password.trim().is_empty() => {
            Err(ProfileError::CurrentPasswordRequired)
        }
        _ => Ok(()),
    }
}

fn non_empty(value: &str) -> Option<String> {
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

/// Checks the profile dialog against `today` and builds the update payload (values trimmed).
pub fn validate_profile(
    form: &ProfileForm,
    today: IsoDate,
) -> Result<ProfileUpdatePayload, FieldErrors<ProfileField, ProfileError>> {
    let mut errors = FieldErrors::default();
    errors.check(
        ProfileField::FirstName,
        check_name(
            &form.first_name,
            ProfileError::FirstNameRequired,
            ProfileError::FirstNameTooShort { min: NAME_MIN_CHARS },
        ),
    );
    errors.check(
        ProfileField::LastName,
        check_name(
            &form.last_name,
            ProfileError::LastNameRequired,
            ProfileError::LastNameTooShort { min: NAME_MIN_CHARS },
        ),
    );
    let email = form.email.trim();
    errors.check(ProfileField::Email, check_max(&form.email, EMAIL_MAX_CHARS).map_err(ProfileError::from));
    if email.is_empty() {
        errors.add(ProfileField::Email, ProfileError::EmailRequired);
    } else if !is_valid_email(email) {
        errors.add(ProfileField::Email, ProfileError::EmailInvalid);
    }
    errors.check(ProfileField::PhoneNumber, check_max(&form.phone_number, PHONE_MAX_CHARS).map_err(ProfileError::from));
    errors.check(ProfileField::PhoneNumber, check_single_line(&form.phone_number).map_err(ProfileError::from));
    errors.check(ProfileField::Address, check_max(&form.address, ADDRESS_MAX_CHARS).map_err(ProfileError::from));
    let dob = match check_dob(&form.dob, today) {
        Ok(date) => date,
        Err(error) => {
            errors.add(ProfileField::Dob, error);
            None
        }
    };
    errors.check(ProfileField::Avatar, check_max(&form.avatar, IMAGE_URL_MAX_CHARS).map_err(ProfileError::from));
    if let Some(bytes) = form.avatar_bytes {
        errors.check(ProfileField::Avatar, check_avatar_size(u64::from(bytes)));
    }
    let password = form.current_password.as_deref().unwrap_or_default();
    errors.check(ProfileField::CurrentPassword, check_current_password(form.own_email.as_deref(), email, password));
    let own_email_change = form.own_email.as_deref().is_some_and(|own| changes_email(own, email));
    errors.into_result(|| ProfileUpdatePayload {
        first_name: form.first_name.trim().to_owned(),
        last_name: form.last_name.trim().to_owned(),
        email: email.to_owned(),
        phone_number: non_empty(&form.phone_number),
        address: non_empty(&form.address),
        dob: dob.map(|d| d.to_string()),
        avatar: non_empty(&form.avatar),
        current_password: own_email_change.then(|| password.trim().to_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: IsoDate = IsoDate { year: 2026, month: 11, day: 22 };

    fn form() -> ProfileForm {
        ProfileForm {
            first_name: "An".into(),
            last_name: "Lê".into(),
            email: "an@example.vn".into(),
            ..ProfileForm::default()
        }
    }

    fn message_for(form: &ProfileForm, field: &str, lang: Lang) -> Option<String> {
        validate_profile(form, TODAY).err().and_then(|e| e.messages(lang).get(field).cloned())
    }

    #[test]
    fn names_are_required_and_need_two_characters() {
        let cases = [
            ("", Some("First name is required")),
            ("   ", Some("First name is required")),
            ("A", Some("First name must be at least 2 characters")),
            (" A ", Some("First name must be at least 2 characters")),
            ("An", None),
            ("Ấn", None),
        ];
        for (name, expected) in cases {
            let f = ProfileForm { first_name: name.into(), ..form() };
            assert_eq!(message_for(&f, "firstName", Lang::En).as_deref(), expected, "{name:?}");
        }
        let f = ProfileForm { last_name: "L".into(), ..form() };
        assert_eq!(message_for(&f, "lastName", Lang::En).as_deref(), Some("Last name must be at least 2 characters"));
        let f = ProfileForm { last_name: String::new(), ..form() };
        assert_eq!(message_for(&f, "lastName", Lang::En).as_deref(), Some("Last name is required"));
    }

    #[test]
    fn email_is_required_and_must_be_valid() {
        let f = ProfileForm { email: " ".into(), ..form() };
        assert_eq!(message_for(&f, "email", Lang::En).as_deref(), Some("Email is required"));
        let f = ProfileForm { email: "an@example".into(), ..form() };
        assert_eq!(message_for(&f, "email", Lang::En).as_deref(), Some("Please enter a valid email"));
        assert_eq!(message_for(&f, "email", Lang::Vi).as_deref(), Some("Vui lòng nhập email hợp lệ"));
    }

    #[test]
    fn an_avatar_of_three_point_six_mebibytes_or_more_is_refused() {
        let cases = [(0, true), (1_000_000, true), (3_774_873, true), (3_774_874, false), (5_000_000, false)];
        for (bytes, ok) in cases {
            assert_eq!(check_avatar_size(bytes).is_ok(), ok, "{bytes} bytes");
        }
        let f = ProfileForm { avatar_bytes: Some(4_000_000), ..form() };
        assert_eq!(message_for(&f, "avatar", Lang::En).as_deref(), Some("Image size must be less than 3.6MB"));
    }

    #[test]
    fn a_date_of_birth_after_today_is_refused_and_today_is_accepted() {
        let cases = [
            ("", Ok(None)),
            ("2026-11-22", Ok(Some(TODAY))),
            ("2000-02-29", Ok(Some(IsoDate { year: 2000, month: 2, day: 29 }))),
            ("2026-11-23", Err(ProfileError::DobInFuture)),
            ("2027-01-01", Err(ProfileError::DobInFuture)),
            ("1900-02-29", Err(ProfileError::DobInvalid)),
            ("2026-13-01", Err(ProfileError::DobInvalid)),
            ("22/11/2026", Err(ProfileError::DobInvalid)),
        ];
        for (dob, expected) in cases {
            assert_eq!(check_dob(dob, TODAY), expected, "{dob:?}");
        }
    }

    #[test]
    fn empty_optional_values_are_omitted_from_the_payload() {
        let payload = validate_profile(&form(), TODAY).expect("valid");
        let json = serde_json::to_value(&payload).expect("serialises");
        assert_eq!(json, serde_json::json!({"firstName": "An", "lastName": "Lê", "email": "an@example.vn"}));
    }

    #[test]
    fn filled_optional_values_are_sent_trimmed_with_an_iso_date() {
        let f = ProfileForm {
            phone_number: " 0901 ".into(),
            address: "Hà Nội".into(),
            dob: "1999-05-01".into(),
            avatar: "https://cdn/a.png".into(),
            ..form()
        };
        let payload = validate_profile(&f, TODAY).expect("valid");
        assert_eq!(payload.phone_number.as_deref(), Some("0901"));
        assert_eq!(payload.dob.as_deref(), Some("1999-05-01"));
        assert_eq!(payload.avatar.as_deref(), Some("https://cdn/a.png"));
    }

    #[test]
    fn changing_ones_own_email_needs_the_current_password() {
        let own = Some("an@example.vn".to_owned());
        // (own e-mail, new e-mail, password typed, expected error of currentPassword)
        let cases: &[(Option<String>, &str, &str, Option<&str>)] = &[
            (own.clone(), "an@example.vn", "", None),
            (own.clone(), " AN@Example.VN ", "", None),
            (own.clone(), "an.le@example.vn", "", Some("Enter your current password to change your email")),
            (own.clone(), "an.le@example.vn", "   ", Some("Enter your current password to change your email")),
            (own.clone(), "an.le@example.vn", "Violet#Harbour-2026", None),
            // An administrator editing another account is not asked for a password.
            (None, "an.le@example.vn", "", None),
        ];
        for (own_email, email, password, expected) in cases {
            let f = ProfileForm {
                email: (*email).into(),
                own_email: own_email.clone(),
                current_password: Some((*password).into()),
                ..form()
            };
            assert_eq!(message_for(&f, "currentPassword", Lang::En).as_deref(), *expected, "{email:?} {password:?}");
        }
        let f = ProfileForm { email: "an.le@example.vn".into(), own_email: own.clone(), ..form() };
        assert_eq!(
            message_for(&f, "currentPassword", Lang::Vi).as_deref(),
            Some("Vui lòng nhập mật khẩu hiện tại để đổi email")
        );
    }

    #[test]
    fn the_current_password_is_sent_only_with_a_change_of_ones_own_email() {
        let typed = Some(" Violet#Harbour-2026 ".to_owned());
        let own = Some("an@example.vn".to_owned());
        let same = ProfileForm { own_email: own.clone(), current_password: typed.clone(), ..form() };
        assert_eq!(validate_profile(&same, TODAY).expect("valid").current_password, None);
        let changed =
            ProfileForm { email: "an.le@example.vn".into(), own_email: own, current_password: typed.clone(), ..form() };
        assert_eq!(
            validate_profile(&changed, TODAY).expect("valid").current_password.as_deref(),
            Some("Violet#Harbour-2026")
        );
        let by_admin = ProfileForm { email: "an.le@example.vn".into(), current_password: typed, ..form() };
        assert_eq!(validate_profile(&by_admin, TODAY).expect("valid").current_password, None);
    }

    #[test]
    fn the_other_fields_are_checked_alongside_the_missing_password() {
        let f = ProfileForm {
            first_name: "A".into(),
            email: "new@example.vn".into(),
            own_email: Some("an@example.vn".into()),
            ..form()
        };
        let errors = validate_profile(&f, TODAY).expect_err("invalid").messages(Lang::En);
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["currentPassword", "firstName"]);
    }

    #[test]
    fn an_email_change_ignores_spaces_and_ascii_case_only() {
        let cases = [
            ("an@example.vn", " AN@Example.VN ", false),
            ("an@example.vn", "an@example.com", true),
            ("an@example.vn", "an.@example.vn", true),
            ("ấn@example.vn", "ấn@EXAMPLE.vn", false),
            ("ấn@example.vn", "Ấn@example.vn", true),
        ];
        for (current, new, changes) in cases {
            assert_eq!(changes_email(current, new), changes, "{current:?} → {new:?}");
        }
    }

    #[test]
    fn iso_dates_read_their_date_part() {
        assert_eq!(IsoDate::parse("2026-11-22T10:00:00.000Z"), Some(TODAY));
        assert_eq!(IsoDate::parse("2026-1-2"), None);
        assert_eq!(IsoDate::parse("ngày-11-22"), None);
    }

    #[test]
    fn profile_fields_at_their_maximum_pass_and_one_character_more_is_refused() {
        let at = |n: usize| "a".repeat(n);
        let email = |n: usize| format!("{}@b.co", "a".repeat(n - 5));
        let url = |n: usize| format!("https://{}", "a".repeat(n - 8));
        type Text = fn(usize) -> String;
        type Edit = fn(&mut ProfileForm, String);
        let cases: [(ProfileField, usize, Text, Edit); 6] = [
            (ProfileField::FirstName, PERSON_NAME_MAX_CHARS, at, |f, v| f.first_name = v),
            (ProfileField::LastName, PERSON_NAME_MAX_CHARS, at, |f, v| f.last_name = v),
            (ProfileField::Email, EMAIL_MAX_CHARS, email, |f, v| f.email = v),
            (ProfileField::PhoneNumber, PHONE_MAX_CHARS, at, |f, v| f.phone_number = v),
            (ProfileField::Address, ADDRESS_MAX_CHARS, at, |f, v| f.address = v),
            (ProfileField::Avatar, IMAGE_URL_MAX_CHARS, url, |f, v| f.avatar = v),
        ];
        for (field, max, value, edit) in cases {
            let mut f = form();
            edit(&mut f, value(max));
            assert!(validate_profile(&f, TODAY).is_ok(), "{} at {max}", field.name());
            edit(&mut f, value(max + 1));
            let errors = validate_profile(&f, TODAY).expect_err(field.name());
            assert_eq!(errors.get(field), Some(&ProfileError::TooLong { max }), "{}", field.name());
        }
    }

    #[test]
    fn a_profile_address_that_is_too_long_is_explained_in_both_languages() {
        let f = ProfileForm { address: "đ".repeat(256), ..form() };
        assert_eq!(message_for(&f, "address", Lang::En).as_deref(), Some("This field must be at most 255 characters"));
        assert_eq!(message_for(&f, "address", Lang::Vi).as_deref(), Some("Trường này tối đa 255 ký tự"));
    }

    #[cfg(feature = "schedule")]
    #[test]
    fn a_time_zone_is_an_iana_name_the_database_knows() {
        assert_eq!(check_time_zone(" America/New_York "), Ok("America/New_York"));
        assert_eq!(check_time_zone(DEFAULT_TIME_ZONE), Ok(DEFAULT_TIME_ZONE));
        assert_eq!(check_time_zone("UTC"), Ok("UTC"));
        for wrong in ["", "Mars/Olympus", "GMT+7", "asia/ho_chi_minh"] {
            assert_eq!(check_time_zone(wrong), Err(ProfileError::TimeZoneUnknown), "{wrong}");
        }
        assert_eq!(ProfileError::TimeZoneUnknown.message(Lang::Vi), "Múi giờ không hợp lệ");
        assert_eq!(ProfileError::TimeZoneUnknown.message(Lang::En), "Unknown time zone");
    }
}
