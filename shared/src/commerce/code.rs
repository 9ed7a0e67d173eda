//! The order code: the note a student types (or the bank app fills in) on a bank transfer, which the bank feed
//! sends back so the payment finds its order.
//!
//! Banks strip marks, change case and insert spaces or dashes into a transfer's text, so the code is short,
//! upper-case ASCII, made of characters nobody confuses (no 0/O, 1/I): the prefix `AC`, eight characters drawn
//! from random bytes and a check character that catches any single mistyped character. 11 characters in all,
//! well within the 25 a transfer note allows.

/// What every order code starts with.
pub const ORDER_CODE_PREFIX: &str = "AC";
/// Random bytes an order code is made from (40 bits: eight characters of 5 bits).
pub const ORDER_CODE_RANDOM_BYTES: usize = 5;
/// Characters in an order code.
pub const ORDER_CODE_LEN: usize = ORDER_CODE_PREFIX.len() + BODY_LEN + 1;

const BODY_LEN: usize = 8;
/// 32 characters: the digits 2–9 and the letters but I and O.
const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/// Odd weights are invertible modulo 32, so changing any one character changes the check.
const WEIGHTS: [u32; BODY_LEN] = [1, 3, 5, 7, 9, 11, 13, 15];

fn value_of(c: u8) -> Option<u32> {
    ALPHABET.iter().position(|a| *a == c).and_then(|p| u32::try_from(p).ok())
}

fn check_char(body: &[u8]) -> Option<u8> {
    let mut sum = 0;
    for (c, weight) in body.iter().zip(WEIGHTS) {
        sum += value_of(*c)? * weight;
    }
    ALPHABET.get(usize::try_from(sum % 32).ok()?).copied()
}

/// The order code made from `random` (bytes from a secure generator).
pub fn order_code(random: [u8; ORDER_CODE_RANDOM_BYTES]) -> String {
    let bits = random.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    let body: Vec<u8> = (0..BODY_LEN)
        .map(|i| {
            let shift = 5 * (BODY_LEN - 1 - i);
            ALPHABET[usize::try_from((bits >> shift) & 31).unwrap_or(0)]
        })
        .collect();
    let check = check_char(&body).unwrap_or(ALPHABET[0]);
    let mut code = String::with_capacity(ORDER_CODE_LEN);
    code.push_str(ORDER_CODE_PREFIX);
    code.extend(body.iter().map(|b| char::from(*b)));
    code.push(char::from(check));
    code
}

/// Whether `text` is an order code exactly (upper case, nothing around it).
pub fn is_order_code(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == ORDER_CODE_LEN
        && text.starts_with(ORDER_CODE_PREFIX)
        && check_char(&bytes[ORDER_CODE_PREFIX.len()..ORDER_CODE_LEN - 1]) == Some(bytes[ORDER_CODE_LEN - 1])
}

/// The first order code inside a bank transfer's free text (see [`order_code_candidates`]); `None` when there is
/// none.
pub fn find_order_code(text: &str) -> Option<String> {
    order_code_candidates(text).into_iter().next()
}

/// Every order code inside a bank transfer's free text, in any case, with any spaces, dashes, dots or underscores
/// a bank inserted into it. Only runs whose check character is right count, but one run of letters in 32 passes
/// that check by chance ("ACBNGUYENVAN…"), so the caller looks the candidates up in turn: first those standing
/// alone in the text (nothing but separators or the text's ends around them), then the others, each once.
/// Bounded whatever the text: only its first [`ORDER_CODE_SCAN_CHARS`] characters are read (a bank's transfer
/// text is far shorter) and at most [`MAX_ORDER_CODE_CANDIDATES`] codes are answered, each a database look-up.
pub fn order_code_candidates(text: &str) -> Vec<String> {
    // Each kept character, upper case, with whether a letter or digit comes right before and after it in `text`.
    let chars: Vec<char> = text.chars().take(ORDER_CODE_SCAN_CHARS).collect();
    let is_word = |i: Option<usize>| i.and_then(|i| chars.get(i)).is_some_and(|c| c.is_alphanumeric());
    let mut compact: Vec<(u8, bool, bool)> = Vec::with_capacity(chars.len());
    for (i, c) in chars.iter().enumerate() {
        if c.is_whitespace() || matches!(c, '-' | '.' | '_') {
            continue;
        }
        // Characters outside ASCII cannot be part of a code: they become one that matches nothing.
        let byte = if c.is_ascii() { c.to_ascii_uppercase() as u8 } else { b'~' };
        compact.push((byte, is_word(i.checked_sub(1)), is_word(Some(i + 1))));
    }
    let mut alone = Vec::new();
    let mut inside = Vec::new();
    for window in compact.windows(ORDER_CODE_LEN) {
        let bytes: Vec<u8> = window.iter().map(|(b, _, _)| *b).collect();
        let Ok(candidate) = String::from_utf8(bytes) else { continue };
        if !is_order_code(&candidate) {
            continue;
        }
        let stands_alone = !window[0].1 && !window[ORDER_CODE_LEN - 1].2;
        let list = if stands_alone { &mut alone } else { &mut inside };
        if !list.contains(&candidate) {
            list.push(candidate);
        }
    }
    inside.retain(|candidate| !alone.contains(candidate));
    alone.extend(inside);
    alone.truncate(MAX_ORDER_CODE_CANDIDATES);
    alone
}

/// How many characters of a transfer's text are searched for order codes: banks cap a transfer's text at a few
/// hundred.
pub const ORDER_CODE_SCAN_CHARS: usize = 1_000;

/// The most order codes taken from one transfer's text.
pub const MAX_ORDER_CODE_CANDIDATES: usize = 8;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_code_is_the_prefix_eight_characters_and_a_check_all_upper_case_ascii() {
        let code = order_code([0, 0, 0, 0, 0]);
        assert_eq!(code, "AC222222222");
        let code = order_code([0xff; 5]);
        assert_eq!(code.len(), ORDER_CODE_LEN);
        assert!(code.len() <= 25);
        assert!(code.starts_with("ACZZZZZZZZ"));
        assert!(code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()));
        assert!(is_order_code(&code));
    }

    #[test]
    fn different_random_bytes_give_different_codes() {
        assert_ne!(order_code([1, 2, 3, 4, 5]), order_code([1, 2, 3, 4, 6]));
        assert_ne!(order_code([1, 2, 3, 4, 5]), order_code([9, 2, 3, 4, 5]));
    }

    #[test]
    fn a_code_is_found_in_a_transfer_text_whatever_the_bank_did_to_it() {
        let code = order_code([0x3a, 0x91, 0x5c, 0x07, 0xee]);
        let spaced = format!("{} {} {}", &code[..4], &code[4..8], &code[8..]);
        let dashed = code.chars().map(String::from).collect::<Vec<_>>().join("-");
        let texts = [
            code.clone(),
            code.to_lowercase(),
            format!("MBVCB.3278614.{code}.CT tu 0011004356789 NGUYEN VAN A toi 19037"),
            format!("Thanh toán khóa học {spaced} cảm ơn"),
            format!("IBFT {dashed}"),
            format!("chuyen tien {}-{}", &code[..6], &code[6..]).to_lowercase(),
        ];
        for text in texts {
            assert_eq!(find_order_code(&text), Some(code.clone()), "{text}");
        }
    }

    #[test]
    fn texts_without_a_valid_code_find_nothing() {
        let code = order_code([7, 7, 7, 7, 7]);
        let mut wrong_check = code.clone();
        let last = wrong_check.pop().unwrap();
        wrong_check.push(if last == 'Z' { 'Y' } else { 'Z' });
        let texts = [
            String::new(),
            "CT tu 0011004356789 NGUYEN VAN A".to_owned(),
            wrong_check,
            code[..ORDER_CODE_LEN - 1].to_owned(),
            "AC-IO01 2345".to_owned(),
        ];
        for text in texts {
            assert_eq!(find_order_code(&text), None, "{text}");
        }
    }

    #[test]
    fn a_code_standing_alone_comes_before_a_run_of_letters_that_passes_the_check_by_chance() {
        let code = order_code([0x10, 0x20, 0x30, 0x40, 0x50]);
        // Find a run of letters that starts like a code and passes the check, as a bank's text may hold.
        let lucky = (0..32u8)
            .map(|i| format!("ACBNGUYENV{}", char::from(ALPHABET[usize::from(i)])))
            .find(|run| is_order_code(run))
            .unwrap();
        let text = format!("{lucky}ANACHUYENTIEN {code}");
        assert_eq!(order_code_candidates(&text), [code.clone(), lucky]);
        assert_eq!(find_order_code(&text), Some(code));
    }

    #[test]
    fn a_huge_text_of_code_shaped_words_gives_a_bounded_list_of_candidates() {
        let codes: Vec<String> = (0..10_000u32)
            .map(|i| {
                let b = i.to_be_bytes();
                order_code([7, b[0], b[1], b[2], b[3]])
            })
            .collect();
        let text = codes.join(" ");
        assert!(text.len() > 100_000);
        let started = std::time::Instant::now();
        let candidates = order_code_candidates(&text);
        assert_eq!(candidates.len(), MAX_ORDER_CODE_CANDIDATES);
        assert_eq!(candidates[0], codes[0], "the first code of the text comes first");
        assert!(started.elapsed() < std::time::Duration::from_millis(200), "took {:?}", started.elapsed());
        let beyond = format!("{} {}", "x".repeat(ORDER_CODE_SCAN_CHARS), codes[1]);
        assert_eq!(order_code_candidates(&beyond), Vec::<String>::new(), "a code past the searched part");
    }

    proptest! {
        #[test]
        fn every_code_is_found_again_in_any_case_with_separators_and_surrounding_text(
            random in any::<[u8; 5]>(),
            cuts in proptest::collection::vec(0usize..ORDER_CODE_LEN, 0..4),
            separator in proptest::sample::select(vec![" ", "-", "  ", " - ", "."]),
            lower in any::<bool>(),
        ) {
            let code = order_code(random);
            prop_assert!(is_order_code(&code));
            let mut noted = String::new();
            for (i, c) in code.chars().enumerate() {
                if cuts.contains(&i) && i > 0 {
                    noted.push_str(separator);
                }
                noted.push(c);
            }
            if lower {
                noted = noted.to_lowercase();
            }
            let text = format!("CK {noted} thanh toan don hang");
            prop_assert_eq!(find_order_code(&text), Some(code));
        }

        #[test]
        fn changing_any_one_character_of_a_code_is_detected(
            random in any::<[u8; 5]>(),
            position in 2usize..ORDER_CODE_LEN,
            replacement in 0usize..32,
        ) {
            let code = order_code(random);
            let mut bytes = code.clone().into_bytes();
            let replacement = ALPHABET[replacement];
            prop_assume!(bytes[position] != replacement);
            bytes[position] = replacement;
            let changed = String::from_utf8(bytes).unwrap();
            prop_assert!(!is_order_code(&changed), "{code} → {changed}");
        }
    }
}
