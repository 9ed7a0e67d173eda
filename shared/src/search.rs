//! Course search: where a search box sends the user, and the Vietnamese-insensitive form of a text
//! that the server indexes and matches with.

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
///
/// For Latin text this equals Unicode NFD, dropping the combining marks, then lower-casing (the tests compare
/// it with the real thing for every letter of Latin-1, Latin Extended-A/B and Latin Extended Additional, which
/// hold every Vietnamese letter), and decomposed input folds alike. It uses two small tables instead of the
/// Unicode decomposition and case tables, which would more than double the browser's first rule module (budget:
/// 25 KiB gzip). The cost: letters of other scripts (Greek, Cyrillic…) and the few Latin Extended-B letters without a
/// base letter are kept as they are, not lower-cased.
pub fn normalize_search(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if is_combining_mark(c) {
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        match latin_base(c) {
            Some(base) => out.push(base),
            None => out.push(latin_lower(c)),
        }
    }
    out
}

/// The combining diacritical marks (U+0300–U+036F) and their extended, supplement, symbol and half-mark blocks.
fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// The lower-case ASCII letter a Latin letter is written on (`Ậ` → `a`, `đ` → `d`), if it has one.
fn latin_base(c: char) -> Option<char> {
    let table = |table: &[u8], first: u32| {
        let index = usize::try_from(u32::from(c) - first).ok()?;
        table.get(index).filter(|b| **b != b'.').map(|b| char::from(*b))
    };
    match c {
        'A'..='Z' | 'a'..='z' => Some(c.to_ascii_lowercase()),
        'đ' | 'Đ' => Some('d'),
        '\u{00C0}'..='\u{024F}' => table(LATIN_1_TO_EXTENDED_B, 0xC0),
        '\u{1E00}'..='\u{1EFF}' => table(LATIN_EXTENDED_ADDITIONAL, 0x1E00),
        _ => None,
    }
}

/// The lower case of the Latin-1 and Latin Extended-A letters that have no base letter (`Æ` → `æ`, `Ł` → `ł`).
fn latin_lower(c: char) -> char {
    match c {
        '\u{00C0}'..='\u{00DE}' if c != '×' => char::from_u32(u32::from(c) + 0x20).unwrap_or(c),
        'Ħ' | 'Ĳ' | 'Ŀ' | 'Ł' | 'Ŋ' | 'Œ' | 'Ŧ' => char::from_u32(u32::from(c) + 1).unwrap_or(c),
        _ => c,
    }
}

/// U+00C0..=U+024F: the base letter of each character, `.` where it has none.
const LATIN_1_TO_EXTENDED_B: &[u8; 400] = b"\
    aaaaaa.ceeeeiiii.nooooo..uuuuy..aaaaaa.ceeeeiiii.nooooo..uuuuy.y\
    aaaaaaccccccccdd..eeeeeeeeeegggggggghh..iiiiiiiii...jjkk.llllll.\
    ...nnnnnn...oooooo..rrrrrrsssssssstttt..uuuuuuuuuuuuwwyyyzzzzzz.\
    ................................oo.............uu...............\
    .............aaiioouuuuuuuuuu.aaaa....ggkkoooo..j...gg..nnaa....\
    aaaaeeeeiiiioooorrrruuuusstt..hh......aaeeooooooooyy............\
    ................\
";
/// U+1E00..=U+1EFF: the base letter of each character, `.` where it has none.
const LATIN_EXTENDED_ADDITIONAL: &[u8; 256] = b"\
    aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmm\
    mmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvv\
    wwwwwwwwwwxxxxyyzzzzzzhtwy......aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee\
    eeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy......\
";

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

    fn reference(text: &str) -> String {
        use unicode_normalization::UnicodeNormalization;
        use unicode_normalization::char::is_combining_mark;
        let folded: String = text.nfd().filter(|m| !is_combining_mark(*m)).collect::<String>().to_lowercase();
        folded.replace('đ', "d")
    }

    #[test]
    fn every_latin_letter_with_a_base_letter_folds_as_nfd_without_marks_would() {
        let ranges = [0xC0u32..=0x24F, 0x1E00..=0x1EFF];
        for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
            let expected = reference(&c.to_string());
            if expected.chars().all(|r| r.is_ascii_lowercase()) && !expected.is_empty() {
                assert_eq!(normalize_search(&c.to_string()), expected, "{c:?} U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn every_latin_1_and_extended_a_letter_folds_as_nfd_without_marks_would() {
        for c in (0xC0u32..=0x17F).filter_map(char::from_u32).filter(|c| c.is_alphabetic()) {
            let expected = reference(&c.to_string());
            if expected.chars().count() == 1 {
                assert_eq!(normalize_search(&c.to_string()), expected, "{c:?} U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn precomposed_and_decomposed_input_normalise_alike() {
        assert_eq!(normalize_search("Vi\u{1EC7}t"), normalize_search("Vie\u{0323}\u{0302}t"));
    }

    const VIETNAMESE_LETTERS: &str =
        "aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợpqrstuùúủũụưừứửữựvxyỳýỷỹỵ";

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
