//! Text matching of the catalogue index: which courses hold every word of a search as a substring of their
//! normalized search text, the rule the SQL search applies (`search_text like '%word%'` for each word).
//!
//! A map from each trigram (three bytes of the text, none of them a space: a search's words hold no space) to
//! the courses containing it narrows a search to the courses holding every trigram of its words; each of those
//! candidates is then checked against its text, so the answer is exactly "contains", never a trigram guess.
//! A trigram found in more than one course in 32 is kept as a bitmap (one bit per course), a rarer one as a
//! sorted list of course numbers: whichever is smaller, so the map stays a few bytes per course and trigram.

use std::{
    collections::HashMap,
    hash::{BuildHasherDefault, Hasher},
};

use memchr::memmem;

/// The search texts of every course, end to end; course `n`'s is `bytes[ends[n - 1]..ends[n]]`.
#[derive(Debug, Default)]
pub struct Texts {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl Texts {
    pub fn push(&mut self, text: &str) {
        self.bytes.extend_from_slice(text.as_bytes());
        self.ends.push(u32::try_from(self.bytes.len()).unwrap_or(u32::MAX));
    }

    pub fn get(&self, course: u32) -> &[u8] {
        let n = course as usize;
        let start = if n == 0 { 0 } else { self.ends[n - 1] as usize };
        &self.bytes[start..self.ends[n] as usize]
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity() + self.ends.capacity() * 4
    }
}

/// The courses holding one trigram.
#[derive(Debug)]
enum Posting {
    List(Box<[u32]>),
    Bits { bits: Box<[u64]>, count: usize },
}

impl Posting {
    fn len(&self) -> usize {
        match self {
            Posting::List(list) => list.len(),
            Posting::Bits { count, .. } => *count,
        }
    }

    fn contains(&self, course: u32) -> bool {
        match self {
            Posting::List(list) => list.binary_search(&course).is_ok(),
            Posting::Bits { bits, .. } => bit(bits, course),
        }
    }
}

fn bit(bits: &[u64], course: u32) -> bool {
    bits.get((course / 64) as usize).is_some_and(|word| word & (1 << (course % 64)) != 0)
}

/// Trigram keys are three bytes: a multiplication spreads them well enough, at a fraction of SipHash's cost.
#[derive(Debug, Default)]
struct TrigramHasher(u64);

impl Hasher for TrigramHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type TrigramMap<V> = HashMap<u32, V, BuildHasherDefault<TrigramHasher>>;

fn key(window: &[u8]) -> u32 {
    (u32::from(window[0]) << 16) | (u32::from(window[1]) << 8) | u32::from(window[2])
}

/// The trigrams of a word (or text), without those holding a space, each once.
fn trigrams_of(text: &[u8], into: &mut Vec<u32>) {
    into.clear();
    into.extend(text.windows(3).filter(|w| !w.contains(&b' ')).map(key));
    into.sort_unstable();
    into.dedup();
}

/// Trigram → courses, over every course's search text.
#[derive(Debug)]
pub struct Trigrams {
    postings: TrigramMap<Posting>,
    courses: u32,
}

impl Trigrams {
    pub fn build(texts: &Texts) -> Trigrams {
        let courses = u32::try_from(texts.len()).unwrap_or(u32::MAX);
        let mut lists: TrigramMap<Vec<u32>> = TrigramMap::default();
        let mut keys = Vec::new();
        for course in 0..courses {
            trigrams_of(texts.get(course), &mut keys);
            for &k in &keys {
                lists.entry(k).or_default().push(course);
            }
        }
        let words = (courses as usize).div_ceil(64);
        let postings = lists
            .into_iter()
            .map(|(k, list)| {
                let posting = if list.len() * 32 > courses as usize {
                    let mut bits = vec![0_u64; words].into_boxed_slice();
                    for &course in &list {
                        bits[(course / 64) as usize] |= 1 << (course % 64);
                    }
                    Posting::Bits { bits, count: list.len() }
                } else {
                    Posting::List(list.into_boxed_slice())
                };
                (k, posting)
            })
            .collect();
        Trigrams { postings, courses }
    }

    /// The courses holding every trigram of every word: a superset of those containing every word. Words of
    /// fewer than 3 bytes narrow nothing (every course is a candidate for them).
    pub fn candidates<'a>(&self, words: impl IntoIterator<Item = &'a [u8]>) -> Candidates {
        let mut keys = Vec::new();
        let mut all = Vec::new();
        for word in words {
            trigrams_of(word, &mut keys);
            all.extend_from_slice(&keys);
        }
        all.sort_unstable();
        all.dedup();
        let mut postings = Vec::with_capacity(all.len());
        for k in &all {
            match self.postings.get(k) {
                Some(posting) => postings.push(posting),
                None => return Candidates::List(Vec::new()),
            }
        }
        postings.sort_by_key(|p| p.len());
        match postings.split_first() {
            None => Candidates::All(self.courses),
            Some((Posting::List(first), rest)) => {
                Candidates::List(first.iter().copied().filter(|&c| rest.iter().all(|p| p.contains(c))).collect())
            }
            Some((Posting::Bits { bits, .. }, rest)) => {
                // Every posting is a bitmap (the smallest is one): AND them word by word.
                let mut out = bits.to_vec();
                for posting in rest {
                    if let Posting::Bits { bits, .. } = posting {
                        out.iter_mut().zip(bits.iter()).for_each(|(o, b)| *o &= b);
                    }
                }
                Candidates::Bits(out)
            }
        }
    }

    pub fn heap_bytes(&self) -> usize {
        let postings: usize = self
            .postings
            .values()
            .map(|p| match p {
                Posting::List(list) => list.len() * 4,
                Posting::Bits { bits, .. } => bits.len() * 8,
            })
            .sum();
        postings + self.postings.capacity() * (4 + size_of::<Posting>() + 1)
    }
}

/// The courses a search may find, in course-number order.
#[derive(Debug)]
pub enum Candidates {
    /// Every course of the first `n`.
    All(u32),
    List(Vec<u32>),
    Bits(Vec<u64>),
}

impl Candidates {
    pub fn contains(&self, course: u32) -> bool {
        match self {
            Candidates::All(n) => course < *n,
            Candidates::List(list) => list.binary_search(&course).is_ok(),
            Candidates::Bits(bits) => bit(bits, course),
        }
    }

    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            Candidates::All(n) => Box::new(0..*n),
            Candidates::List(list) => Box::new(list.iter().copied()),
            Candidates::Bits(bits) => Box::new(bits.iter().enumerate().flat_map(|(i, &word)| {
                let base = u32::try_from(i * 64).unwrap_or(u32::MAX);
                BitIter(word).map(move |b| base + b)
            })),
        }
    }
}

/// The set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(b)
    }
}

/// A search's words, ready to be looked for in texts.
#[derive(Debug)]
pub struct Words {
    /// Each word, found anywhere in a text (`like '%word%'`).
    anywhere: Vec<memmem::Finder<'static>>,
    /// Each word after a space, for [`Words::start_words_in`] (`' ' || text like '% word%'`).
    after_space: Vec<memmem::Finder<'static>>,
}

impl Words {
    pub fn new(words: &[String]) -> Words {
        Words {
            anywhere: words.iter().map(|w| memmem::Finder::new(w.as_bytes()).into_owned()).collect(),
            after_space: words.iter().map(|w| memmem::Finder::new(format!(" {w}").as_bytes()).into_owned()).collect(),
        }
    }

    /// Whether every word is a substring of `text`.
    pub fn all_in(&self, text: &[u8]) -> bool {
        self.anywhere.iter().all(|w| w.find(text).is_some())
    }

    /// Whether every word starts a word of `text` (at its start or after a space).
    pub fn start_words_in(&self, text: &[u8]) -> bool {
        self.anywhere
            .iter()
            .zip(&self.after_space)
            .all(|(word, spaced)| text.starts_with(word.needle()) || spaced.find(text).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(all: &[&str]) -> Texts {
        let mut texts = Texts::default();
        for t in all {
            texts.push(t);
        }
        texts
    }

    fn found(trigrams: &Trigrams, words: &[&str]) -> Vec<u32> {
        trigrams.candidates(words.iter().map(|w| w.as_bytes())).iter().collect()
    }

    #[test]
    fn texts_are_read_back_by_course_number() {
        let t = texts(&["lap trinh", "", "do hoa"]);
        assert_eq!(t.get(0), b"lap trinh");
        assert_eq!(t.get(1), b"");
        assert_eq!(t.get(2), b"do hoa");
    }

    #[test]
    fn candidates_hold_every_trigram_of_every_word() {
        let t = texts(&["lap trinh python", "thiet ke do hoa", "python do hoa", "trinh"]);
        let trigrams = Trigrams::build(&t);
        assert_eq!(found(&trigrams, &["python"]), [0, 2]);
        assert_eq!(found(&trigrams, &["python", "hoa"]), [2]);
        assert_eq!(found(&trigrams, &["trinh"]), [0, 3]);
        assert_eq!(found(&trigrams, &["rust"]), Vec::<u32>::new());
    }

    #[test]
    fn a_trigram_across_words_is_not_indexed_so_a_word_never_needs_one() {
        let t = texts(&["ab cd"]);
        let trigrams = Trigrams::build(&t);
        assert!(trigrams.postings.keys().all(|&k| k.to_be_bytes()[1..].iter().all(|&b| b != b' ')));
        assert_eq!(found(&trigrams, &["ab"]), [0], "a short word narrows nothing");
    }

    #[test]
    fn common_trigrams_are_bitmaps_and_rare_ones_lists_with_the_same_answers() {
        let mut all: Vec<String> = (0..200).map(|n| format!("khoa hoc so {n}")).collect();
        all.push("haskell".to_owned());
        let t = texts(&all.iter().map(String::as_str).collect::<Vec<_>>());
        let trigrams = Trigrams::build(&t);
        assert!(matches!(trigrams.postings[&key(b"hoc")], Posting::Bits { count: 200, .. }));
        assert!(matches!(trigrams.postings[&key(b"has")], Posting::List(_)));
        assert_eq!(found(&trigrams, &["khoa"]).len(), 200);
        assert_eq!(found(&trigrams, &["haskell"]), [200]);
        assert_eq!(found(&trigrams, &["khoa", "199"]), [199]);
        let bits = trigrams.candidates([b"hoc".as_slice()]);
        assert!(matches!(bits, Candidates::Bits(_)));
        assert!(bits.contains(0) && bits.contains(199) && !bits.contains(200));
    }

    #[test]
    fn words_are_found_anywhere_or_at_the_start_of_words() {
        let words = Words::new(&["ho".to_owned(), "do".to_owned()]);
        assert!(words.all_in(b"thiet ke do hoa"));
        assert!(words.start_words_in(b"thiet ke do hoa"));
        assert!(words.all_in(b"khoa doanh"));
        assert!(!words.start_words_in(b"khoa doanh"), "ho is inside khoa");
        assert!(words.start_words_in(b"hoc do"));
        assert!(!words.all_in(b"hoc"));
    }
}
