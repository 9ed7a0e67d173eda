//! Small display rules: notification types, blog titles, "+N more" previews, the avatar upload
//! progress and the rating line.

use serde::{Deserialize, Serialize};

/// The notification types the academy sends. Anything else displays as `Other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NotificationType {
    CoursePurchase,
    BookMentorShip,
    Referral,
    AdminNotification,
    Broadcast,
    WithdrawalRequest,
    PaymentRequest,
    Other,
}

impl NotificationType {
    pub const ALL: [NotificationType; 8] = [
        Self::CoursePurchase,
        Self::BookMentorShip,
        Self::Referral,
        Self::AdminNotification,
        Self::Broadcast,
        Self::WithdrawalRequest,
        Self::PaymentRequest,
        Self::Other,
    ];

    /// The type's name as the API sends it, e.g. `CoursePurchase`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CoursePurchase => "CoursePurchase",
            Self::BookMentorShip => "BookMentorShip",
            Self::Referral => "Referral",
            Self::AdminNotification => "AdminNotification",
            Self::Broadcast => "Broadcast",
            Self::WithdrawalRequest => "WithdrawalRequest",
            Self::PaymentRequest => "PaymentRequest",
            Self::Other => "Other",
        }
    }

    /// Reads a type name exactly as the API sends it; unknown names are `Other`.
    pub fn parse(name: &str) -> Self {
        Self::named(name).unwrap_or(Self::Other)
    }

    /// The type of exactly this name; `None` for any other name.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// The name with a space before each inner capital: `CoursePurchase` → `Course Purchase`.
    pub fn label(self) -> String {
        let mut out = String::new();
        for (i, c) in self.as_str().chars().enumerate() {
            if i > 0 && c.is_uppercase() {
                out.push(' ');
            }
            out.push(c);
        }
        out
    }
}

/// A stored type is read strictly: a name that is none of the types is an error (only the display falls back to
/// `Other`).
impl TryFrom<String> for NotificationType {
    type Error = crate::stored::UnknownName;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        Self::named(&name).ok_or(crate::stored::UnknownName { what: "notification type", name })
    }
}

/// The label of a notification's type as sent by the API ("BookMentorShip" → "Book Mentor Ship",
/// unknown → "Other").
pub fn notification_type_label(name: &str) -> String {
    NotificationType::parse(name).label()
}

/// The longest blog title shown whole on a card.
pub const TITLE_MAX_CHARS: usize = 50;

/// A blog card's title: at most 50 characters, then "..." when cut. Counts characters, so Vietnamese letters
/// are never split.
pub fn truncate_title(title: &str) -> String {
    match title.char_indices().nth(TITLE_MAX_CHARS) {
        None => title.to_owned(),
        Some((cut, _)) => format!("{}...", title.get(..cut).unwrap_or(title)),
    }
}

/// The first few entries of a list, and how many more there are ("+N more").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    pub shown: Vec<String>,
    /// The entries not shown; the card shows "+N more" when above 0.
    pub more: u32,
}

/// Services shown on a mentorship card before "+N more".
pub const SERVICES_SHOWN_WIDE: usize = 3;
pub const SERVICES_SHOWN_NARROW: usize = 4;

fn preview(items: &[String], count: usize) -> Preview {
    let shown: Vec<String> = items.iter().take(count).cloned().collect();
    let more = u32::try_from(items.len() - shown.len()).unwrap_or(u32::MAX);
    Preview { shown, more }
}

/// A mentorship card's services: the first 3 in the wide layout, 4 in the narrow one.
pub fn services_preview(services: &[String], narrow: bool) -> Preview {
    preview(services, if narrow { SERVICES_SHOWN_NARROW } else { SERVICES_SHOWN_WIDE })
}

/// An instructor card's expertise: the first tag and "+N" for the rest.
pub fn expertise_preview(expertise: &[String]) -> Preview {
    preview(expertise, 1)
}

/// A step of the avatar upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "step", rename_all = "camelCase")]
pub enum UploadStep {
    /// The upload began: 10.
    Started,
    /// The upload URL came back: 30.
    UrlReceived,
    /// Bytes went out: 30 to 70 in proportion.
    Sending { loaded: u32, total: u32 },
    /// The file is stored: 70.
    Uploaded,
    /// The avatar is saved on the profile: 100.
    Done,
    /// Finished or failed; the bar goes back to 0.
    Reset,
}

/// The upload progress percent after `step`: 10, 30, 30→70 by bytes sent, 70, 100, then 0.
pub fn upload_progress(step: UploadStep) -> u8 {
    match step {
        UploadStep::Started => 10,
        UploadStep::UrlReceived => 30,
        UploadStep::Sending { loaded, total } => {
            if total == 0 {
                return 30;
            }
            let sent = u64::from(loaded.min(total));
            let extra = sent * 40 / u64::from(total);
            30 + u8::try_from(extra).unwrap_or(40)
        }
        UploadStep::Uploaded => 70,
        UploadStep::Done => 100,
        UploadStep::Reset => 0,
    }
}

/// How a rating shows on a card: five stars, some filled, and a one-decimal value with a `k` suffix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RatingDisplay {
    /// Filled stars: the rating rounded, 0 to 5.
    pub stars: u8,
    /// The rating with one decimal: "5.3".
    pub value: String,
    /// The value with the `k` suffix the cards show after the stars: "5.3k".
    pub label: String,
}

/// The rating line of a course card. The spec's cards show "a one-decimal value and a k suffix" beside five
/// rounded stars, and their placeholder rating is 5.3: so 5.3 shows as five stars and "5.3k". Negative or
/// non-finite ratings show as 0.
pub fn rating_display(rating: f64) -> RatingDisplay {
    let rating = if rating.is_finite() { rating.clamp(0.0, 1_000_000.0) } else { 0.0 };
    // Whole tenths, formatted with integers: this keeps float printing out of the browser's module.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let tenths = (rating * 10.0).round() as u32;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let stars = rating.round().min(5.0) as u8;
    let value = format!("{}.{}", tenths / 10, tenths % 10);
    RatingDisplay { stars, label: format!("{value}k"), value }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notification_types_get_spaces_before_capitals_and_unknown_ones_are_other() {
        let cases = [
            ("CoursePurchase", "Course Purchase"),
            ("BookMentorShip", "Book Mentor Ship"),
            ("Referral", "Referral"),
            ("AdminNotification", "Admin Notification"),
            ("Broadcast", "Broadcast"),
            ("WithdrawalRequest", "Withdrawal Request"),
            ("PaymentRequest", "Payment Request"),
            ("Other", "Other"),
            ("SomethingNew", "Other"),
            ("coursepurchase", "Other"),
            ("", "Other"),
        ];
        for (name, label) in cases {
            assert_eq!(notification_type_label(name), label, "{name:?}");
        }
    }

    #[test]
    fn a_stored_notification_type_reads_back_and_an_unknown_one_is_an_error_not_other() {
        for kind in NotificationType::ALL {
            assert_eq!(NotificationType::try_from(kind.as_str().to_owned()), Ok(kind));
        }
        for name in ["SomethingNew", "coursepurchase", ""] {
            assert!(NotificationType::try_from(name.to_owned()).is_err(), "{name:?}");
        }
    }

    #[test]
    fn a_title_of_fifty_characters_is_untouched_and_longer_ones_are_cut_with_an_ellipsis() {
        let fifty = "a".repeat(50);
        assert_eq!(truncate_title(&fifty), fifty);
        assert_eq!(truncate_title(&"a".repeat(51)), format!("{fifty}..."));
        assert_eq!(truncate_title("Short"), "Short");
        assert_eq!(truncate_title(""), "");
    }

    #[test]
    fn vietnamese_titles_are_cut_by_characters() {
        let title = "Học lập trình web từ con số không đến chuyên nghiệp trong 30 ngày";
        let cut = truncate_title(title);
        assert_eq!(cut.chars().count(), 53);
        assert_eq!(cut, "Học lập trình web từ con số không đến chuyên nghiệ...");
    }

    fn list(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("s{i}")).collect()
    }

    #[test]
    fn services_show_three_wide_or_four_narrow_and_count_the_rest() {
        let cases = [
            (0, false, 0, 0),
            (2, false, 2, 0),
            (3, false, 3, 0),
            (5, false, 3, 2),
            (5, true, 4, 1),
            (4, true, 4, 0),
            (9, true, 4, 5),
        ];
        for (n, narrow, shown, more) in cases {
            let p = services_preview(&list(n), narrow);
            assert_eq!((p.shown.len(), p.more), (shown, more), "{n} services, narrow {narrow}");
        }
        assert_eq!(services_preview(&list(5), false).shown, ["s1", "s2", "s3"]);
    }

    #[test]
    fn expertise_shows_the_first_tag_and_counts_the_rest() {
        assert_eq!(expertise_preview(&list(4)), Preview { shown: vec!["s1".into()], more: 3 });
        assert_eq!(expertise_preview(&list(1)), Preview { shown: vec!["s1".into()], more: 0 });
        assert_eq!(expertise_preview(&[]), Preview { shown: vec![], more: 0 });
    }

    #[test]
    fn upload_progress_follows_the_milestones() {
        use UploadStep::*;
        let cases = [
            (Started, 10),
            (UrlReceived, 30),
            (Sending { loaded: 0, total: 100 }, 30),
            (Sending { loaded: 50, total: 100 }, 50),
            (Sending { loaded: 100, total: 100 }, 70),
            (Sending { loaded: 150, total: 100 }, 70),
            (Sending { loaded: 0, total: 0 }, 30),
            (Sending { loaded: u32::MAX, total: u32::MAX }, 70),
            (Uploaded, 70),
            (Done, 100),
            (Reset, 0),
        ];
        for (step, percent) in cases {
            assert_eq!(upload_progress(step), percent, "{step:?}");
        }
    }

    #[test]
    fn upload_steps_read_from_tagged_json() {
        let step: UploadStep = serde_json::from_str(r#"{"step":"sending","loaded":5,"total":10}"#).expect("parses");
        assert_eq!(step, UploadStep::Sending { loaded: 5, total: 10 });
    }

    #[test]
    fn a_rating_shows_rounded_stars_and_one_decimal_with_a_k() {
        let cases = [
            (5.3, 5, "5.3", "5.3k"),
            (4.0, 4, "4.0", "4.0k"),
            (4.46, 4, "4.5", "4.5k"),
            (4.5, 5, "4.5", "4.5k"),
            (0.0, 0, "0.0", "0.0k"),
            (-2.0, 0, "0.0", "0.0k"),
            (f64::NAN, 0, "0.0", "0.0k"),
        ];
        for (rating, stars, value, label) in cases {
            let shown = rating_display(rating);
            assert_eq!((shown.stars, shown.value.as_str(), shown.label.as_str()), (stars, value, label), "{rating}");
        }
    }
}
