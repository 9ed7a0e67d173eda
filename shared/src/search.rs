//! Course search (§2.4, §5): where a search box sends the user, and the Vietnamese-insensitive form of a text
//! that the server indexes and matches with.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Percent-encodes `text` as JavaScript's `encodeURIComponent` does: everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )`
/// is written as `%XX` of its UTF-8 bytes.
pub fn encode_uri_component(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xF)]));
        }
    }
    out
}

/// Where pressing Enter in the header or hero search goes: `/courselist?search=<encoded text>` for non-empty
/// trimmed text, nothing otherwise.
pub fn search_target(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| format!("/courselist?search={}", encode_uri_component(text)))
}

/// The form of a text used to compare searches: lower-case, every tone and vowel mark removed, `đ`/`Đ` as `d`,
/// whitespace runs as one space, no leading or trailing space. "Lập Trình" → "lap trinh", "Đồ họa" → "do hoa".
pub fn normalize_search(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.nfd().filter(|c| !is_combining_mark(*c)) {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        match c {
            'đ' | 'Đ' => out.push('d'),
            _ => out.extend(c.to_lowercase()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn non_empty_trimmed_text_goes_to_the_course_list_url_encoded() {
        let cases = [
            ("react", Some("/courselist?search=react")),
            ("  react  ", Some("/courselist?search=react")),
            ("web design", Some("/courselist?search=web%20design")),
            ("C++ & C#", Some("/courselist?search=C%2B%2B%20%26%20C%23")),
            ("a/b?c=d", Some("/courselist?search=a%2Fb%3Fc%3Dd")),
            ("Lập trình", Some("/courselist?search=L%E1%BA%ADp%20tr%C3%ACnh")),
            ("it's (fun)!*~", Some("/courselist?search=it's%20(fun)!*~")),
        ];
        for (text, target) in cases {
            assert_eq!(search_target(text).as_deref(), target, "{text:?}");
        }
    }

    #[test]
    fn empty_or_blank_search_text_goes_nowhere() {
        for text in ["", " ", "\t\n"] {
            assert_eq!(search_target(text), None, "{text:?}");
        }
    }

    #[test]
    fn vietnamese_text_normalises_to_plain_lower_case_ascii() {
        let cases = [
            ("Lập Trình", "lap trinh"),
            ("Đồ họa", "do hoa"),
            ("  THIẾT   KẾ\tđồ  HỌA ", "thiet ke do hoa"),
            ("Tiếng Việt cơ bản", "tieng viet co ban"),
            ("ưu đãi", "uu dai"),
            ("React 19", "react 19"),
            ("", ""),
        ];
        for (text, normal) in cases {
            assert_eq!(normalize_search(text), normal, "{text:?}");
        }
    }

    #[test]
    fn precomposed_and_decomposed_input_normalise_alike() {
        assert_eq!(normalize_search("Vi\u{1EC7}t"), normalize_search("Vie\u{0323}\u{0302}t"));
    }

    const VIETNAMESE_LETTERS: &str = "aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợpqrstuùúủũụưừứửữựvxyỳýỷỹỵ";

    proptest! {
        #[test]
        fn normalising_twice_changes_nothing(text in "\\PC{0,30}") {
            let once = normalize_search(&text);
            prop_assert_eq!(normalize_search(&once), once);
        }

        #[test]
        fn vietnamese_letters_in_either_case_normalise_to_ascii(
            picks in proptest::collection::vec((0..VIETNAMESE_LETTERS.chars().count(), any::<bool>(), any::<bool>()), 0..30)
        ) {
            let letters: Vec<char> = VIETNAMESE_LETTERS.chars().collect();
            let text: String = picks
                .iter()
                .flat_map(|&(i, upper, space)| {
                    let c = letters[i];
                    let c: String = if upper { c.to_uppercase().collect() } else { c.to_string() };
                    if space { format!("{c} ") } else { c }.chars().collect::<Vec<_>>()
                })
                .collect();
            let normal = normalize_search(&text);
            prop_assert!(normal.chars().all(|c| c.is_ascii_lowercase() || c == ' '), "{:?} → {:?}", text, normal);
        }
    }
}
