//! The index's lists and searches on small made-up catalogues, against the rules written out by hand.

use std::time::Instant;

use super::Snapshot;
use crate::catalogue::repo::courses::{
    CategoryKeyRow, CourseCardRow, IndexedCourseRow, ListQuery, Price, SEARCH_COUNT_CAP, SEARCH_SAMPLE,
    SHORT_SEARCH_POOL, Sort,
};

/// A published course numbered `seq` in category `cat` (`c0`, `c1`…) with `enrolments`, free when `price` is 0.
fn course(seq: i64, cat: usize, price: i64, enrolments: i64, text: &str) -> IndexedCourseRow {
    IndexedCourseRow {
        seq,
        card: CourseCardRow {
            id: format!("id-{seq}"),
            slug: format!("course-{seq}"),
            title_vi: text.to_owned(),
            title_en: text.to_owned(),
            thumbnail: (seq % 2 == 0).then(|| format!("/t/{seq}.png")),
            price,
            discount: None,
            currency: "VND".to_owned(),
            badge_vi: (seq % 3 == 0).then(|| "Mới".to_owned()),
            badge_en: None,
            level: "beginner".to_owned(),
            total_seat: 10,
            status: academy_shared::catalogue::CourseStatus::Published,
            rating_avg: (seq % 5) as f64 / 2.0,
            rating_count: 1,
            enrollment_count: enrolments,
            sales_count: seq % 7,
            lesson_count: 3,
            duration_seconds: 60,
            created_at: 1_000 * (seq % 4),
            updated_at: 0,
            instructor_id: format!("teacher-{}", seq % 3),
            instructor_first_name: Some("Minh".to_owned()),
            instructor_last_name: None,
            instructor_avatar: None,
            category_id: format!("c{cat}"),
            category_slug: format!("slug-{cat}"),
            category_vi: format!("Danh mục {cat}"),
            category_en: format!("Category {cat}"),
        },
        search_text: text.to_owned(),
    }
}

fn snapshot(courses: Vec<IndexedCourseRow>) -> Snapshot {
    let categories =
        (0..3).map(|n| CategoryKeyRow { id: format!("c{n}"), slug: format!("slug-{n}") }).collect::<Vec<_>>();
    Snapshot::build(1, Instant::now(), courses, categories)
}

fn query(search: Option<&str>, sort: Sort, page: i64, page_size: i64) -> ListQuery {
    ListQuery { search: search.map(str::to_owned), sort, page, page_size, ..ListQuery::default() }
}

fn seqs(index: &Snapshot, q: &ListQuery) -> Vec<String> {
    index.list(q).items.into_iter().map(|c| c.id).collect()
}

#[test]
fn a_card_comes_back_as_it_was_read() {
    let row = course(6, 1, 0, 5, "lap trinh");
    let index = snapshot(vec![row.clone(), course(7, 2, 10, 1, "do hoa")]);
    let page = index.list(&query(None, Sort::Newest, 1, 12));
    let card = page.items.iter().find(|c| c.id == "id-6").expect("listed");
    assert_eq!(*card, row.card);
}

#[test]
fn browsing_is_a_slice_of_the_sort_order_with_ties_to_the_latest_row() {
    let courses = (1..=30).map(|n| course(n, (n % 3) as usize, n % 4 * 100, n % 5, "x")).collect();
    let index = snapshot(courses);
    let first = index.list(&query(None, Sort::Popular, 1, 4));
    let second = index.list(&query(None, Sort::Popular, 2, 4));

    // Enrolments n % 5: 4 for 29, 24, 19, 14, 9, 4, then 3 for 28, 23…
    assert_eq!(first.items.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["id-29", "id-24", "id-19", "id-14"]);
    assert_eq!(second.items.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["id-9", "id-4", "id-28", "id-23"]);
    assert_eq!((first.total, first.total_exact), (30, true));
    assert_eq!(index.list(&query(None, Sort::Popular, 9, 4)).items.len(), 0, "past the end");
}

#[test]
fn categories_are_named_by_id_or_slug_and_prices_split_the_lists() {
    let courses = (1..=30).map(|n| course(n, (n % 3) as usize, n % 4 * 100, n, "x")).collect();
    let index = snapshot(courses);
    let by = |category: &str, sort: Sort, price: Option<Price>| {
        let q = ListQuery {
            category: Some(category.to_owned()),
            sort,
            price,
            page: 1,
            page_size: 100,
            ..ListQuery::default()
        };
        index.list(&q)
    };

    assert_eq!(by("c1", Sort::Newest, None).total, 10);
    assert_eq!(by("slug-1", Sort::Newest, None), by("c1", Sort::Newest, None));
    assert_eq!(by("c1", Sort::Popular, Some(Price::Free)).total, 3, "n ≡ 1 (mod 3) and n ≡ 0 (mod 4): 4, 16, 28");
    assert_eq!(by("c1", Sort::Free, None), by("c1", Sort::Popular, Some(Price::Free)));
    assert_eq!(by("c1", Sort::Free, Some(Price::Paid)).total, 0);
    assert_eq!(by("c1", Sort::BestRated, Some(Price::Paid)).total, 7);
    assert_eq!(by("unknown", Sort::Newest, None).total, 0);
}

#[test]
fn every_word_must_be_in_the_text_and_a_rare_one_is_counted_exactly() {
    let courses = vec![
        course(1, 0, 10, 3, "lap trinh python co ban"),
        course(2, 0, 10, 9, "thiet ke do hoa"),
        course(3, 1, 0, 5, "python nang cao"),
        course(4, 2, 10, 1, "python do hoa"),
    ];
    let index = snapshot(courses);

    let python = index.list(&query(Some("Python"), Sort::Popular, 1, 12));
    let both = index.list(&query(Some("python hoa"), Sort::Popular, 1, 12));

    assert_eq!(python.items.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["id-3", "id-1", "id-4"]);
    assert_eq!((python.total, python.total_exact), (3, true));
    assert_eq!(seqs(&index, &query(Some("python hoa"), Sort::Popular, 1, 12)), ["id-4"]);
    assert_eq!(both.total, 1);
    assert_eq!(seqs(&index, &query(Some("ytho"), Sort::Popular, 1, 12)).len(), 3, "inside a word");
    assert_eq!(index.list(&query(Some("rust"), Sort::Popular, 1, 12)).total, 0);
}

#[test]
fn short_words_alone_match_word_starts_among_the_most_popular_courses() {
    let extra = usize::try_from(SHORT_SEARCH_POOL).expect("small") + 10;
    // The 10 least popular courses are outside the pool although they match.
    let courses = (0..extra).map(|n| course(n as i64, 0, 10, n as i64, if n < 10 { "do hoa" } else { "xx" })).collect();
    let index = snapshot(courses);
    let mut small = snapshot(vec![course(1, 0, 10, 1, "khoa do"), course(2, 0, 10, 2, "hoc do")]);

    assert_eq!(index.list(&query(Some("do"), Sort::Popular, 1, 12)).total, 0);
    assert_eq!(seqs(&small, &query(Some("ho"), Sort::Popular, 1, 12)), ["id-2"], "ho starts hoc, not khoa");
    assert_eq!(seqs(&small, &query(Some("do h"), Sort::Popular, 1, 12)), ["id-2"]);
    small = snapshot(vec![course(1, 0, 10, 1, "khoa do hoa")]);
    assert_eq!(seqs(&small, &query(Some("h do"), Sort::Popular, 1, 12)), ["id-1"]);
    assert_eq!(seqs(&small, &query(Some("oa"), Sort::Popular, 1, 12)), Vec::<String>::new(), "oa starts no word");
}

#[test]
fn common_words_in_a_big_scope_get_a_total_estimated_from_the_sample() {
    let n = SEARCH_SAMPLE * 2;
    // Every fourth course holds the word: 250 of the sample's 1,000, so about 500 in all.
    let courses = (0..n).map(|k| course(k, 0, 10, n - k, if k % 4 == 0 { "elixir" } else { "ruby" })).collect();
    let index = snapshot(courses);

    let first = index.list(&query(Some("elixir"), Sort::Newest, 1, 12));
    let last = index.list(&query(Some("elixir"), Sort::Popular, 42, 12));
    let past = index.list(&query(Some("elixir"), Sort::Popular, 60, 12));

    assert_eq!((first.total, first.total_exact), (500, false));
    assert_eq!(first.items.len(), 12);
    assert_eq!((last.items.len(), last.total, last.total_exact), (8, 500, true), "a short page ends the list");
    assert_eq!((past.items.len(), past.total, past.total_exact), (0, 500, false), "past the end: at most its offset");
}

#[test]
fn rare_words_in_a_big_scope_are_counted_up_to_the_cap() {
    let n = SEARCH_SAMPLE + SEARCH_COUNT_CAP + 10;
    // Only the least popular courses hold the word: none in the sample, more than the cap in all.
    let courses =
        (0..n).map(|k| course(k, 0, 10, n - k, if k >= SEARCH_SAMPLE { "haskell" } else { "ruby" })).collect();
    let index = snapshot(courses);

    let found = index.list(&query(Some("haskell"), Sort::Popular, 1, 12));

    assert_eq!((found.total, found.total_exact), (SEARCH_COUNT_CAP, false));
    assert_eq!(found.items[0].id, format!("id-{SEARCH_SAMPLE}"));
}
