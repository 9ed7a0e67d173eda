//! Text search over a [`Snapshot`], answering exactly what the SQL search
//! ([`crate::catalogue::repo::courses::list`]) answers: the same matches, order, pages, totals and estimates.
//!
//! The rules it reproduces: every word of the normalized query is a substring of a course's search text. Words
//! of 1–2 characters alone match word starts among the [`SHORT_SEARCH_POOL`] most popular courses, counted up to
//! [`SEARCH_COUNT_CAP`]. Otherwise the [`SEARCH_SAMPLE`] most popular courses of the scope are looked at first:
//! a scope no bigger than the sample is counted exactly; words found at least [`COMMON_SAMPLE_MATCHES`] times
//! in it get a total estimated from the sample ("about N"); rarer words are counted exactly up to the cap. An
//! estimate is then corrected by the page it comes with (a short page ends the list; an empty one is past it).

use super::snapshot::{Order, Scope, Snapshot, page_bounds};
use super::text::Words;
use crate::catalogue::repo::courses::{
    COMMON_SAMPLE_MATCHES, CoursePage, ListQuery, Prices, SEARCH_COUNT_CAP, SEARCH_SAMPLE, SHORT_SEARCH_POOL,
    search_words,
};

impl Snapshot {
    /// One page of the published courses `query` asks for: what [`crate::catalogue::repo::courses::list`]
    /// answers from the database.
    pub fn list(&self, query: &ListQuery) -> CoursePage {
        let words = query.search.as_deref().map(search_words).unwrap_or_default();
        if words.is_empty() { self.browse(query) } else { search(self, query, &words) }
    }
}

fn empty(total: usize, total_exact: bool) -> CoursePage {
    CoursePage { items: Vec::new(), total: to_i64(total), total_exact }
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn to_usize(n: i64) -> usize {
    usize::try_from(n.max(0)).unwrap_or(usize::MAX)
}

/// A page of the text search for `words` (normalized, without repeats, at least one).
fn search(index: &Snapshot, query: &ListQuery, words: &[String]) -> CoursePage {
    let (offset, page_size) = page_bounds(query);
    let prices = Prices::of(query.sort, query.price);
    let Some(scope) = index.scope(query.category.as_deref().filter(|c| !c.is_empty()), prices) else {
        return empty(0, true);
    };
    let order = Order::of(query.sort);
    let matcher = Words::new(words);
    if words.iter().all(|w| w.chars().count() < 3) {
        return short_words_only(index, scope, order, &matcher, offset, page_size);
    }
    let candidates = index.trigrams.candidates(words.iter().map(|w| w.as_bytes()));
    let matches = |course: u32| candidates.contains(course) && matcher.all_in(index.texts.get(course));

    let popular = index.courses(scope, Order::Popular);
    let sample = &popular[..popular.len().min(to_usize(SEARCH_SAMPLE))];
    let sampled: Vec<u32> = sample.iter().copied().filter(|&c| matches(c)).collect();
    // The total, whether it is exact, and every match when they were all found on the way.
    let (total, total_exact, found) = if sample.len() < to_usize(SEARCH_SAMPLE) {
        (sampled.len(), true, Some(sampled))
    } else if sampled.len() >= to_usize(COMMON_SAMPLE_MATCHES) {
        let (matched, in_scope, looked) = (sampled.len(), popular.len(), sample.len());
        (((matched * in_scope + looked / 2) / looked).max(matched), false, None)
    } else {
        let cap = to_usize(SEARCH_COUNT_CAP);
        let all: Vec<u32> = candidates.iter().filter(|&c| index.in_scope(c, scope) && matches(c)).take(cap).collect();
        if all.len() < cap { (all.len(), true, Some(all)) } else { (all.len(), false, None) }
    };
    if total == 0 || (total_exact && offset >= total) {
        return empty(total, total_exact);
    }
    let page: Vec<u32> = match found {
        Some(mut found) => {
            top(index, order, &mut found, offset, page_size);
            found.into_iter().skip(offset).take(page_size).collect()
        }
        None => {
            index.courses(scope, order).iter().copied().filter(|&c| matches(c)).skip(offset).take(page_size).collect()
        }
    };
    let items: Vec<_> = page.iter().map(|&c| index.card(c)).collect();
    if total_exact {
        return CoursePage { items, total: to_i64(total), total_exact };
    }
    // An estimate agrees with what the page shows: a short page is the last one, so the total is known; an
    // empty one is past the end, so the total is at most its offset.
    let through_page = offset + items.len();
    if items.is_empty() {
        CoursePage { items, total: to_i64(total.min(offset)), total_exact: false }
    } else if through_page < offset + page_size {
        CoursePage { items, total: to_i64(through_page), total_exact: true }
    } else {
        CoursePage { items, total: to_i64(total.max(through_page)), total_exact: false }
    }
}

/// Words of 1–2 characters alone: the courses among the [`SHORT_SEARCH_POOL`] most popular (of all) whose
/// words start with each of them, in scope; counted up to [`SEARCH_COUNT_CAP`], a count said to be exact.
fn short_words_only(
    index: &Snapshot,
    scope: Scope,
    order: Order,
    matcher: &Words,
    offset: usize,
    page_size: usize,
) -> CoursePage {
    let everything = Scope { category: None, prices: Prices::All };
    let pool = index.courses(everything, Order::Popular);
    let mut found: Vec<u32> = pool[..pool.len().min(to_usize(SHORT_SEARCH_POOL))]
        .iter()
        .copied()
        .filter(|&c| index.in_scope(c, scope) && matcher.start_words_in(index.texts.get(c)))
        .collect();
    let total = found.len().min(to_usize(SEARCH_COUNT_CAP));
    if total == 0 || offset >= total {
        return empty(total, true);
    }
    top(index, order, &mut found, offset, page_size);
    let items = found.iter().skip(offset).take(page_size).map(|&c| index.card(c)).collect();
    CoursePage { items, total: to_i64(total), total_exact: true }
}

/// Puts the first `offset + page_size` of `courses` in `order` at its front, sorted.
fn top(index: &Snapshot, order: Order, courses: &mut [u32], offset: usize, page_size: usize) {
    let end = offset.saturating_add(page_size).min(courses.len());
    if end == 0 {
        return;
    }
    if end < courses.len() {
        courses.select_nth_unstable_by_key(end - 1, |&c| index.rank(order, c));
    }
    courses[..end].sort_unstable_by_key(|&c| index.rank(order, c));
}
