//! Password strength: five checks, a score of 0 to 5, a colour and a label.

use serde::{Deserialize, Serialize};

/// The shortest password that passes the length check.
pub const PASSWORD_MIN_CHARS: usize = 8;
/// The score a password needs before registration may be submitted (3 of 5).
pub const PASSWORD_MIN_SCORE: u8 = 3;
/// The special characters that count, exactly as the spec lists them.
pub const PASSWORD_SPECIALS: &str = r#"!@#$%^&*(),.?":{}|<>"#;

/// Which of the five checks a password passes; the meter lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PasswordChecks {
    /// At least 8 characters.
    pub min_length: bool,
    pub lowercase: bool,
    pub uppercase: bool,
    pub digit: bool,
    /// One of `!@#$%^&*(),.?":{}|<>`.
    pub special: bool,
}

/// The meter's colour: red below 3, yellow at 3, green at 4 or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum StrengthColour {
    Red,
    Yellow,
    Green,
}

/// The meter's word: weak below 3, good below 4, strong otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum StrengthLabel {
    Weak,
    Good,
    Strong,
}

/// Everything the strength meter shows for one password.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PasswordStrength {
    /// 0 to 5: the number of checks passed.
    pub score: u8,
    pub checks: PasswordChecks,
    pub colour: StrengthColour,
    pub label: StrengthLabel,
    /// Whether the score reaches the registration threshold (3).
    pub acceptable: bool,
}

impl PasswordChecks {
    /// Runs the five checks. Letters count by Unicode case, so Vietnamese letters such as `ậ` or `Đ` count too;
    /// digits are ASCII digits; length counts characters, not bytes.
    pub fn of(password: &str) -> Self {
        Self {
            min_length: password.chars().count() >= PASSWORD_MIN_CHARS,
            lowercase: password.chars().any(char::is_lowercase),
            uppercase: password.chars().any(char::is_uppercase),
            digit: password.chars().any(|c| c.is_ascii_digit()),
            special: password.chars().any(|c| PASSWORD_SPECIALS.contains(c)),
        }
    }

    /// The number of checks passed.
    pub fn score(self) -> u8 {
        [self.min_length, self.lowercase, self.uppercase, self.digit, self.special].into_iter().map(u8::from).sum()
    }
}

impl StrengthColour {
    pub fn for_score(score: u8) -> Self {
        match score {
            0..=2 => Self::Red,
            3 => Self::Yellow,
            _ => Self::Green,
        }
    }
}

impl StrengthLabel {
    pub fn for_score(score: u8) -> Self {
        match score {
            0..=2 => Self::Weak,
            3 => Self::Good,
            _ => Self::Strong,
        }
    }
}

/// The meter's reading for `password`, as typed.
pub fn password_strength(password: &str) -> PasswordStrength {
    let checks = PasswordChecks::of(password);
    let score = checks.score();
    PasswordStrength {
        score,
        checks,
        colour: StrengthColour::for_score(score),
        label: StrengthLabel::for_score(score),
        acceptable: score >= PASSWORD_MIN_SCORE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_check_adds_one_point() {
        let cases = [
            ("", 0),
            ("abc", 1),
            ("abcdefgh", 2),
            ("Abcdefgh", 3),
            ("Abcdefg1", 4),
            ("Abcdef1!", 5),
            ("A1!", 3),
            ("12345678", 2),
        ];
        for (password, score) in cases {
            assert_eq!(password_strength(password).score, score, "{password:?}");
        }
    }

    #[test]
    fn the_colour_is_red_below_three_yellow_at_three_and_green_from_four() {
        let cases = [
            (0, StrengthColour::Red),
            (2, StrengthColour::Red),
            (3, StrengthColour::Yellow),
            (4, StrengthColour::Green),
            (5, StrengthColour::Green),
        ];
        for (score, colour) in cases {
            assert_eq!(StrengthColour::for_score(score), colour, "score {score}");
        }
    }

    #[test]
    fn the_label_is_weak_below_three_good_below_four_and_strong_otherwise() {
        let cases = [
            (0, StrengthLabel::Weak),
            (2, StrengthLabel::Weak),
            (3, StrengthLabel::Good),
            (4, StrengthLabel::Strong),
            (5, StrengthLabel::Strong),
        ];
        for (score, label) in cases {
            assert_eq!(StrengthLabel::for_score(score), label, "score {score}");
        }
    }

    #[test]
    fn every_listed_special_character_counts_and_others_do_not() {
        for c in PASSWORD_SPECIALS.chars() {
            assert!(PasswordChecks::of(&c.to_string()).special, "{c:?}");
        }
        for c in ['-', '_', '+', '=', '/', '\\', '[', ']', '~', '`', '\'', ';', ' '] {
            assert!(!PasswordChecks::of(&c.to_string()).special, "{c:?}");
        }
    }

    #[test]
    fn seven_characters_are_too_short_and_eight_are_enough() {
        assert!(!PasswordChecks::of("abcdefg").min_length);
        assert!(PasswordChecks::of("abcdefgh").min_length);
        assert!(PasswordChecks::of("mậtkhẩuà").min_length, "counted by characters, not bytes");
    }

    #[test]
    fn vietnamese_letters_count_as_lower_and_upper_case() {
        let checks = PasswordChecks::of("đẬ");
        assert!(checks.lowercase && checks.uppercase);
    }

    #[test]
    fn a_score_of_three_is_acceptable_and_two_is_not() {
        assert!(password_strength("Abcdefgh").acceptable);
        assert!(!password_strength("abcdefgh").acceptable);
    }

    proptest! {
        #[test]
        fn the_score_is_always_between_zero_and_five(password in ".{0,40}") {
            let strength = password_strength(&password);
            prop_assert!(strength.score <= 5);
            prop_assert_eq!(strength.colour, StrengthColour::for_score(strength.score));
        }
    }
}
