//! What a notification may say and link to, and the administrator's broadcast form.
//!
//! A notification's texts are given in both languages; its picture is one of this site (a path: an upload, a
//! picture of the site) or an https picture; its action link, which a click on the notification follows, is a path of this site or an https
//! link (never `javascript:`, `data:` or a protocol-relative `//host`). Every notification the server stores
//! passes [`check_texts`] and [`check_links`], whoever asks for it (a purchase, a booking, a broadcast).

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::limits::{ID_MAX_CHARS, IMAGE_URL_MAX_CHARS, TITLE_MAX_CHARS, TooLong, URL_MAX_CHARS, exceeds};
use crate::roles::Role;
use crate::validation::{Field, FieldErrors, Message};

/// A notification's message: a few sentences, shown in a dropdown.
pub const NOTIFICATION_MESSAGE_MAX_CHARS: usize = 1000;
/// The most people one broadcast may choose by hand (larger audiences are a role or everyone).
pub const MAX_CHOSEN_RECIPIENTS: usize = 500;

/// The fields of a notification and of the broadcast form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum NoticeField {
    TitleVi,
    TitleEn,
    MessageVi,
    MessageEn,
    ImageUrl,
    ActionLink,
    /// Who receives a broadcast: everyone, a role or chosen people.
    Audience,
    /// The role of a role broadcast.
    Role,
    /// The chosen people of a broadcast.
    UserIds,
}

impl Field for NoticeField {
    fn name(self) -> &'static str {
        match self {
            Self::TitleVi => "title.vi",
            Self::TitleEn => "title.en",
            Self::MessageVi => "message.vi",
            Self::MessageEn => "message.en",
            Self::ImageUrl => "imageUrl",
            Self::ActionLink => "actionLink",
            Self::Audience => "audience",
            Self::Role => "role",
            Self::UserIds => "userIds",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoticeError {
    #[error("This field is required")]
    Required,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
    #[error("Use a path of this site (starting with /) or an https link")]
    LinkInvalid,
    #[error("Use a picture of this site (starting with /) or an https link to a picture")]
    ImageInvalid,
    #[error("Choose everyone, a role or people")]
    AudienceUnknown,
    #[error("Choose a role")]
    RoleUnknown,
    #[error("Choose at least one person")]
    NoRecipients,
    #[error("Choose at most {max} people, or send to a role")]
    TooManyRecipients { max: usize },
}

impl From<TooLong> for NoticeError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl Message for NoticeError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::Required) => "Trường này là bắt buộc".into(),
            (Lang::Vi, Self::LinkInvalid) => "Dùng một đường dẫn của trang (bắt đầu bằng /) hoặc liên kết https".into(),
            (Lang::Vi, Self::ImageInvalid) => {
                "Dùng ảnh của trang (bắt đầu bằng /) hoặc liên kết https tới một ảnh".into()
            }
            (Lang::Vi, Self::AudienceUnknown) => "Chọn tất cả, một vai trò hoặc người nhận cụ thể".into(),
            (Lang::Vi, Self::RoleUnknown) => "Chọn một vai trò".into(),
            (Lang::Vi, Self::NoRecipients) => "Chọn ít nhất một người nhận".into(),
            (Lang::Vi, Self::TooManyRecipients { max }) => {
                format!("Chọn tối đa {max} người, hoặc gửi theo vai trò")
            }
        }
    }
}

impl NoticeError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// A notification's texts in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoticeTexts<'a> {
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub message_vi: &'a str,
    pub message_en: &'a str,
}

/// Titles of at most [`TITLE_MAX_CHARS`] and messages of at most [`NOTIFICATION_MESSAGE_MAX_CHARS`]
/// characters, none of them blank.
pub fn check_texts(texts: &NoticeTexts<'_>, errors: &mut FieldErrors<NoticeField, NoticeError>) {
    let fields = [
        (NoticeField::TitleVi, texts.title_vi, TITLE_MAX_CHARS),
        (NoticeField::TitleEn, texts.title_en, TITLE_MAX_CHARS),
        (NoticeField::MessageVi, texts.message_vi, NOTIFICATION_MESSAGE_MAX_CHARS),
        (NoticeField::MessageEn, texts.message_en, NOTIFICATION_MESSAGE_MAX_CHARS),
    ];
    for (field, text, max) in fields {
        if text.trim().is_empty() {
            errors.add(field, NoticeError::Required);
        } else if exceeds(text, max) {
            errors.add(field, NoticeError::TooLong { max });
        }
    }
}

/// The optional picture and action link of a notification.
pub fn check_links(
    image_url: Option<&str>,
    action_link: Option<&str>,
    errors: &mut FieldErrors<NoticeField, NoticeError>,
) {
    if let Some(image) = image_url.map(str::trim).filter(|v| !v.is_empty()) {
        if exceeds(image, IMAGE_URL_MAX_CHARS) {
            errors.add(NoticeField::ImageUrl, NoticeError::TooLong { max: IMAGE_URL_MAX_CHARS });
        } else if !is_action_link(image) {
            errors.add(NoticeField::ImageUrl, NoticeError::ImageInvalid);
        }
    }
    if let Some(link) = action_link.map(str::trim).filter(|v| !v.is_empty()) {
        if exceeds(link, URL_MAX_CHARS) {
            errors.add(NoticeField::ActionLink, NoticeError::TooLong { max: URL_MAX_CHARS });
        } else if !is_action_link(link) {
            errors.add(NoticeField::ActionLink, NoticeError::LinkInvalid);
        }
    }
}

/// Who receives a broadcast, once checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BroadcastAudience {
    /// Every active account.
    Everyone,
    /// Every active account of a role.
    Role(Role),
    /// Chosen accounts: their ids, sorted, each once.
    Users(Vec<String>),
}

/// The broadcast form as the administrator fills it (`POST /api/notification/broadcasts`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BroadcastFacts<'a> {
    /// `all`, `role` or `users`.
    pub audience: &'a str,
    pub role: Option<&'a str>,
    pub user_ids: &'a [String],
    pub texts: NoticeTexts<'a>,
    pub image_url: Option<&'a str>,
    pub action_link: Option<&'a str>,
}

/// A broadcast goes to everyone, to a role, or to 1–[`MAX_CHOSEN_RECIPIENTS`] chosen people, and says what any
/// notification may say ([`check_texts`], [`check_links`]). Returns whom it reaches.
pub fn check_broadcast(form: &BroadcastFacts<'_>) -> Result<BroadcastAudience, FieldErrors<NoticeField, NoticeError>> {
    let mut errors = FieldErrors::default();
    let audience = match form.audience.trim() {
        "all" => Some(BroadcastAudience::Everyone),
        "role" => match form.role.and_then(Role::parse) {
            Some(role) => Some(BroadcastAudience::Role(role)),
            None => {
                errors.add(NoticeField::Role, NoticeError::RoleUnknown);
                None
            }
        },
        "users" => {
            let mut ids: Vec<String> =
                form.user_ids.iter().map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).collect();
            ids.sort();
            ids.dedup();
            if ids.is_empty() {
                errors.add(NoticeField::UserIds, NoticeError::NoRecipients);
            } else if ids.len() > MAX_CHOSEN_RECIPIENTS || ids.iter().any(|id| exceeds(id, ID_MAX_CHARS)) {
                errors.add(NoticeField::UserIds, NoticeError::TooManyRecipients { max: MAX_CHOSEN_RECIPIENTS });
            }
            Some(BroadcastAudience::Users(ids))
        }
        _ => {
            errors.add(NoticeField::Audience, NoticeError::AudienceUnknown);
            None
        }
    };
    check_texts(&form.texts, &mut errors);
    check_links(form.image_url, form.action_link, &mut errors);
    match audience {
        Some(audience) if errors.is_empty() => Ok(audience),
        _ => Err(errors),
    }
}

/// A link a click on a notification may follow: a path of this site (`/courselist`, `/mentor?id=7`) or an
/// https link, without spaces or control characters.
pub fn is_action_link(link: &str) -> bool {
    if link.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\') {
        return false;
    }
    is_site_path(link) || is_https_link(link)
}

/// `/` followed by anything but a second `/` (which would name another host).
fn is_site_path(link: &str) -> bool {
    link.starts_with('/') && !link.starts_with("//")
}

/// `https://` followed by a host.
pub(crate) fn is_https_link(link: &str) -> bool {
    let Some(rest) = link.get(..8).filter(|scheme| scheme.eq_ignore_ascii_case("https://")).map(|_| &link[8..]) else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty() && !host.contains('@') && !link.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(title: &'a str, message: &'a str) -> NoticeTexts<'a> {
        NoticeTexts { title_vi: title, title_en: title, message_vi: message, message_en: message }
    }

    fn errors_of(check: impl FnOnce(&mut FieldErrors<NoticeField, NoticeError>)) -> Vec<(&'static str, NoticeError)> {
        let mut errors = FieldErrors::default();
        check(&mut errors);
        errors.iter().map(|(f, e)| (f.name(), *e)).collect()
    }

    #[test]
    fn texts_in_both_languages_are_required_and_bounded() {
        assert!(errors_of(|e| check_texts(&texts("Chào", "Tin mới"), e)).is_empty());
        let blank = errors_of(|e| check_texts(&texts(" ", ""), e));
        assert_eq!(blank.len(), 4);
        assert!(blank.iter().all(|(_, e)| *e == NoticeError::Required));
        let long_title = "ầ".repeat(TITLE_MAX_CHARS + 1);
        let long_message = "a".repeat(NOTIFICATION_MESSAGE_MAX_CHARS + 1);
        let long = errors_of(|e| check_texts(&texts(&long_title, &long_message), e));
        assert_eq!(long[0], ("title.vi", NoticeError::TooLong { max: 200 }));
        assert_eq!(long[2], ("message.vi", NoticeError::TooLong { max: 1000 }));
        let exact = "ầ".repeat(TITLE_MAX_CHARS);
        assert!(errors_of(|e| check_texts(&texts(&exact, "x"), e)).is_empty());
    }

    #[test]
    fn an_action_link_is_a_path_of_this_site_or_an_https_link() {
        for good in ["/courselist", "/mentor?id=7", "/profile#courses", "https://academy.vn/x", "HTTPS://a.b"] {
            assert!(is_action_link(good), "{good}");
        }
        let bad = [
            "javascript:alert(1)",
            "//evil.example/x",
            "http://academy.vn",
            "data:text/html,hi",
            "https://",
            "https://user@evil.example",
            "/a b",
            "/\\evil.example",
            "courselist",
            "",
        ];
        for link in bad {
            assert!(!is_action_link(link), "{link}");
        }
    }

    #[test]
    fn a_picture_is_one_of_this_site_or_an_https_picture() {
        let check = |image: &str| errors_of(|e| check_links(Some(image), None, e));
        assert!(check("/files/public/notices/a.png").is_empty());
        assert!(check("/demo/mentor-a.svg").is_empty());
        assert!(check("https://images.example/a.png").is_empty());
        assert!(check("  ").is_empty(), "blank means none");
        assert_eq!(check("//tracker.example/p.gif"), [("imageUrl", NoticeError::ImageInvalid)]);
        assert_eq!(check("http://images.example/a.png"), [("imageUrl", NoticeError::ImageInvalid)]);
        let link = errors_of(|e| check_links(None, Some("javascript:void(0)"), e));
        assert_eq!(link, [("actionLink", NoticeError::LinkInvalid)]);
    }

    fn form<'a>(audience: &'a str, role: Option<&'a str>, user_ids: &'a [String]) -> BroadcastFacts<'a> {
        BroadcastFacts {
            audience,
            role,
            user_ids,
            texts: texts("Lịch nghỉ", "Academy nghỉ lễ"),
            image_url: None,
            action_link: Some("/informations"),
        }
    }

    #[test]
    fn a_broadcast_goes_to_everyone_a_role_or_chosen_people() {
        let chosen = [" b ".to_owned(), "a".to_owned(), "b".to_owned(), String::new()];
        assert_eq!(check_broadcast(&form("all", None, &[])), Ok(BroadcastAudience::Everyone));
        assert_eq!(check_broadcast(&form("role", Some("teacher"), &[])), Ok(BroadcastAudience::Role(Role::Teacher)));
        assert_eq!(
            check_broadcast(&form("users", None, &chosen)),
            Ok(BroadcastAudience::Users(vec!["a".to_owned(), "b".to_owned()]))
        );
        let fields = |result: Result<BroadcastAudience, FieldErrors<NoticeField, NoticeError>>| {
            result.err().map(|errors| errors.iter().map(|(f, e)| (f.name(), *e)).collect::<Vec<_>>())
        };
        assert_eq!(
            fields(check_broadcast(&form("some", None, &[]))),
            Some(vec![("audience", NoticeError::AudienceUnknown)])
        );
        assert_eq!(
            fields(check_broadcast(&form("role", Some("PIRATE"), &[]))),
            Some(vec![("role", NoticeError::RoleUnknown)])
        );
        assert_eq!(
            fields(check_broadcast(&form("users", None, &[]))),
            Some(vec![("userIds", NoticeError::NoRecipients)])
        );
        let many: Vec<String> = (0..=MAX_CHOSEN_RECIPIENTS).map(|n| n.to_string()).collect();
        assert_eq!(
            fields(check_broadcast(&form("users", None, &many))),
            Some(vec![("userIds", NoticeError::TooManyRecipients { max: 500 })])
        );
    }

    #[test]
    fn every_error_speaks_both_languages() {
        let all = [
            NoticeError::Required,
            NoticeError::TooLong { max: 9 },
            NoticeError::LinkInvalid,
            NoticeError::ImageInvalid,
            NoticeError::AudienceUnknown,
            NoticeError::RoleUnknown,
            NoticeError::NoRecipients,
            NoticeError::TooManyRecipients { max: 5 },
        ];
        for error in all {
            let (vi, en) = (error.message(Lang::Vi), error.message(Lang::En));
            assert!(!vi.is_empty() && !en.is_empty() && vi != en, "{error:?}");
        }
    }
}
