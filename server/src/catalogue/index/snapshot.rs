//! One built state of the catalogue index: the published courses' cards, their search texts and trigrams, and
//! for every scope a list may have (all courses or one category × all, free or paid prices) the courses in each
//! sort order, so that a browsing page is a slice of a list and its total the list's length.

use std::{collections::HashMap, time::Instant};

use super::text::{Texts, Trigrams};
use crate::catalogue::repo::courses::{
    CategoryKeyRow, CourseCardRow, CoursePage, IndexedCourseRow, ListQuery, MAX_PAGE_SIZE, Prices, Sort,
};

/// The orders lists are sorted in (the `free` sort is the popular order of free courses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Most enrolments first.
    Popular = 0,
    /// Most sales first.
    BestSelling = 1,
    /// Highest rating first.
    BestRated = 2,
    /// Latest first.
    Newest = 3,
}

const ORDERS: [Order; 4] = [Order::Popular, Order::BestSelling, Order::BestRated, Order::Newest];

impl Order {
    pub fn of(sort: Sort) -> Order {
        match sort {
            Sort::Popular | Sort::Free => Order::Popular,
            Sort::BestSelling => Order::BestSelling,
            Sort::BestRated => Order::BestRated,
            Sort::Newest => Order::Newest,
        }
    }
}

/// The courses a list looks at: its category (or every category) and its prices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    /// `None`: every category.
    pub category: Option<u32>,
    pub prices: Prices,
}

/// A course's card, its texts in one allocation (`texts[ends[k - 1]..ends[k]]` is text `k` of [`Text`]).
#[derive(Debug)]
struct Card {
    texts: Box<str>,
    ends: [u32; TEXTS],
    /// Which of the optional texts (thumbnail, badges) are present, one bit each, in [`Text`] order.
    present: u8,
    price: i64,
    discount: Option<i64>,
    total_seat: i64,
    rating_avg: f64,
    rating_count: i64,
    enrollment_count: i64,
    sales_count: i64,
    lesson_count: i64,
    duration_seconds: i64,
    created_at: i64,
    updated_at: i64,
    seq: i64,
    instructor: u32,
    category: u32,
}

/// The texts of a [`Card`], in their order.
#[derive(Debug, Clone, Copy)]
enum Text {
    Id,
    Slug,
    TitleVi,
    TitleEn,
    Currency,
    Level,
    Thumbnail,
    BadgeVi,
    BadgeEn,
}
const TEXTS: usize = 9;

impl Card {
    fn text(&self, which: Text) -> &str {
        let k = which as usize;
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        &self.texts[start..self.ends[k] as usize]
    }

    fn optional(&self, which: Text) -> Option<String> {
        let bit = 1 << (which as usize - Text::Thumbnail as usize);
        (self.present & bit != 0).then(|| self.text(which).to_owned())
    }

    /// How `self` compares with `other` in `order` (`Less`: it comes first): the higher figure first, then the
    /// later row (`<figure> desc, seq desc`).
    fn cmp_in(&self, other: &Card, order: Order) -> std::cmp::Ordering {
        let figure = match order {
            Order::Popular => other.enrollment_count.cmp(&self.enrollment_count),
            Order::BestSelling => other.sales_count.cmp(&self.sales_count),
            Order::BestRated => other.rating_avg.partial_cmp(&self.rating_avg).unwrap_or(std::cmp::Ordering::Equal),
            Order::Newest => other.created_at.cmp(&self.created_at),
        };
        figure.then(other.seq.cmp(&self.seq))
    }
}

#[derive(Debug)]
struct Person {
    id: String,
    first_name: Option<String>,
    last_name: Option<String>,
    avatar: Option<String>,
}

#[derive(Debug, Default)]
struct Category {
    id: String,
    slug: String,
    name_vi: String,
    name_en: String,
}

/// The published courses at one catalogue version, ready to answer lists.
#[derive(Debug)]
pub struct Snapshot {
    /// The catalogue version read before the courses were.
    pub version: i64,
    /// When the courses were read (their counts are as old as that).
    pub read_at: Instant,
    /// How long building it took (after reading the rows).
    pub build_time: std::time::Duration,
    cards: Vec<Card>,
    people: Vec<Person>,
    categories: Vec<Category>,
    /// A category's number by its id and by its slug.
    category_keys: HashMap<String, u32>,
    pub(super) texts: Texts,
    pub(super) trigrams: Trigrams,
    /// `ranks[order][course]`: the course's position in that order among all published courses.
    ranks: [Vec<u32>; 4],
    /// The courses of each scope in each order; see [`Snapshot::list_index`].
    lists: Vec<Vec<u32>>,
}

/// Prices as the lists are split: every price, free, paid.
fn price_group(prices: Prices) -> Option<usize> {
    match prices {
        Prices::All => Some(0),
        Prices::Free => Some(1),
        Prices::Paid => Some(2),
        Prices::Nothing => None,
    }
}

impl Snapshot {
    /// Builds the index of `courses` (published, with their cards) read at `read_at`, at catalogue `version` or
    /// later, and of the categories' ids and slugs.
    pub fn build(
        version: i64,
        read_at: Instant,
        courses: Vec<IndexedCourseRow>,
        category_rows: Vec<CategoryKeyRow>,
    ) -> Snapshot {
        let started = Instant::now();
        let mut categories: Vec<Category> = Vec::new();
        let mut category_keys: HashMap<String, u32> = HashMap::new();
        let mut category_by_id: HashMap<String, u32> = HashMap::new();
        for row in category_rows {
            let n = u32::try_from(categories.len()).unwrap_or(u32::MAX);
            category_by_id.insert(row.id.clone(), n);
            categories.push(Category { id: row.id, slug: row.slug, ..Category::default() });
        }
        let mut people: Vec<Person> = Vec::new();
        let mut person_by_id: HashMap<String, u32> = HashMap::new();
        let mut cards = Vec::with_capacity(courses.len());
        let mut texts = Texts::default();
        for IndexedCourseRow { seq, card: c, search_text } in courses {
            let category = *category_by_id.entry(c.category_id.clone()).or_insert_with(|| {
                categories.push(Category {
                    id: c.category_id.clone(),
                    slug: c.category_slug.clone(),
                    ..Category::default()
                });
                u32::try_from(categories.len() - 1).unwrap_or(u32::MAX)
            });
            let named = &mut categories[category as usize];
            if named.name_vi.is_empty() && named.name_en.is_empty() {
                named.slug.clone_from(&c.category_slug);
                named.name_vi.clone_from(&c.category_vi);
                named.name_en.clone_from(&c.category_en);
            }
            let instructor = *person_by_id.entry(c.instructor_id.clone()).or_insert_with(|| {
                people.push(Person {
                    id: c.instructor_id.clone(),
                    first_name: c.instructor_first_name.clone(),
                    last_name: c.instructor_last_name.clone(),
                    avatar: c.instructor_avatar.clone(),
                });
                u32::try_from(people.len() - 1).unwrap_or(u32::MAX)
            });
            let optional = [&c.thumbnail, &c.badge_vi, &c.badge_en];
            let all = [&c.id, &c.slug, &c.title_vi, &c.title_en, &c.currency, &c.level]
                .into_iter()
                .map(String::as_str)
                .chain(optional.iter().map(|t| t.as_deref().unwrap_or_default()));
            let mut packed = String::new();
            let mut ends = [0_u32; TEXTS];
            for (end, text) in ends.iter_mut().zip(all) {
                packed.push_str(text);
                *end = u32::try_from(packed.len()).unwrap_or(u32::MAX);
            }
            let present = optional.iter().enumerate().fold(0_u8, |bits, (k, t)| bits | (u8::from(t.is_some()) << k));
            texts.push(&search_text);
            cards.push(Card {
                texts: packed.into_boxed_str(),
                ends,
                present,
                price: c.price,
                discount: c.discount,
                total_seat: c.total_seat,
                rating_avg: c.rating_avg,
                rating_count: c.rating_count,
                enrollment_count: c.enrollment_count,
                sales_count: c.sales_count,
                lesson_count: c.lesson_count,
                duration_seconds: c.duration_seconds,
                created_at: c.created_at,
                updated_at: c.updated_at,
                seq,
                instructor,
                category,
            });
        }
        for category in &categories {
            category_keys.entry(category.slug.clone()).or_insert_with(|| category_by_id[&category.id]);
        }
        // An id wins over another category's equal slug.
        category_keys.extend(category_by_id);
        let trigrams = Trigrams::build(&texts);
        let (ranks, lists) = sort_orders(&cards, categories.len());
        Snapshot {
            version,
            read_at,
            build_time: started.elapsed(),
            cards,
            people,
            categories,
            category_keys,
            texts,
            trigrams,
            ranks,
            lists,
        }
    }

    /// How many published courses it holds.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The scope of a list: `None` when it names a category that does not exist.
    pub fn scope(&self, category: Option<&str>, prices: Prices) -> Option<Scope> {
        match category {
            None => Some(Scope { category: None, prices }),
            Some(key) => self.category_keys.get(key).map(|&n| Scope { category: Some(n), prices }),
        }
    }

    fn list_index(&self, category: Option<u32>, group: usize, order: Order) -> usize {
        let scope = category.map_or(0, |n| n as usize + 1);
        (scope * 3 + group) * ORDERS.len() + order as usize
    }

    /// The courses of `scope` in `order`.
    pub fn courses(&self, scope: Scope, order: Order) -> &[u32] {
        match price_group(scope.prices) {
            Some(group) => &self.lists[self.list_index(scope.category, group, order)],
            None => &[],
        }
    }

    /// Whether `course` is in `scope`.
    pub fn in_scope(&self, course: u32, scope: Scope) -> bool {
        let card = &self.cards[course as usize];
        let price = match scope.prices {
            Prices::All => true,
            Prices::Free => card.price == 0,
            Prices::Paid => card.price > 0,
            Prices::Nothing => false,
        };
        price && scope.category.is_none_or(|n| n == card.category)
    }

    /// The position of `course` in `order` among all published courses.
    pub fn rank(&self, order: Order, course: u32) -> u32 {
        self.ranks[order as usize][course as usize]
    }

    /// The card of course number `course`.
    pub fn card(&self, course: u32) -> CourseCardRow {
        let card = &self.cards[course as usize];
        let person = &self.people[card.instructor as usize];
        let category = &self.categories[card.category as usize];
        CourseCardRow {
            id: card.text(Text::Id).to_owned(),
            slug: card.text(Text::Slug).to_owned(),
            title_vi: card.text(Text::TitleVi).to_owned(),
            title_en: card.text(Text::TitleEn).to_owned(),
            thumbnail: card.optional(Text::Thumbnail),
            price: card.price,
            discount: card.discount,
            currency: card.text(Text::Currency).to_owned(),
            badge_vi: card.optional(Text::BadgeVi),
            badge_en: card.optional(Text::BadgeEn),
            level: card.text(Text::Level).to_owned(),
            total_seat: card.total_seat,
            status: academy_shared::catalogue::CourseStatus::Published,
            rating_avg: card.rating_avg,
            rating_count: card.rating_count,
            enrollment_count: card.enrollment_count,
            sales_count: card.sales_count,
            lesson_count: card.lesson_count,
            duration_seconds: card.duration_seconds,
            created_at: card.created_at,
            updated_at: card.updated_at,
            instructor_id: person.id.clone(),
            instructor_first_name: person.first_name.clone(),
            instructor_last_name: person.last_name.clone(),
            instructor_avatar: person.avatar.clone(),
            category_id: category.id.clone(),
            category_slug: category.slug.clone(),
            category_vi: category.name_vi.clone(),
            category_en: category.name_en.clone(),
        }
    }

    /// A page of browsing (no search words): a slice of the scope's list in its order.
    pub(super) fn browse(&self, query: &ListQuery) -> CoursePage {
        let (offset, page_size) = page_bounds(query);
        let prices = Prices::of(query.sort, query.price);
        let Some(scope) = self.scope(query.category.as_deref().filter(|c| !c.is_empty()), prices) else {
            return CoursePage { items: Vec::new(), total: 0, total_exact: true };
        };
        let all = self.courses(scope, Order::of(query.sort));
        let page = all.iter().skip(offset).take(page_size);
        CoursePage {
            items: page.map(|&c| self.card(c)).collect(),
            total: i64::try_from(all.len()).unwrap_or(i64::MAX),
            total_exact: true,
        }
    }

    /// Roughly how many bytes of memory it holds (its allocations, not the allocator's overhead), by part.
    pub fn memory(&self) -> Memory {
        let cards: usize = self.cards.iter().map(|c| size_of::<Card>() + c.texts.len()).sum();
        let people: usize = self.people.iter().map(|p| size_of::<Person>() + p.id.len() + 48).sum();
        Memory {
            cards: cards + people,
            texts: self.texts.heap_bytes(),
            trigrams: self.trigrams.heap_bytes(),
            orders: self.ranks.iter().map(|r| r.capacity() * 4).sum::<usize>()
                + self.lists.iter().map(|l| l.capacity() * 4).sum::<usize>(),
        }
    }
}

/// The memory of a [`Snapshot`], in bytes, by part.
#[derive(Debug, Clone, Copy)]
pub struct Memory {
    /// The cards (without descriptions) and their teachers.
    pub cards: usize,
    /// The search texts.
    pub texts: usize,
    /// Trigram → courses.
    pub trigrams: usize,
    /// Each course's rank in every order and every scope's list in every order.
    pub orders: usize,
}

impl Memory {
    pub fn total(&self) -> usize {
        self.cards + self.texts + self.trigrams + self.orders
    }
}

/// The offset and size of the page `query` asks for, as the SQL path reads them.
pub fn page_bounds(query: &ListQuery) -> (usize, usize) {
    let page_size = query.page_size.clamp(1, MAX_PAGE_SIZE);
    let offset = (query.page.max(1) - 1).saturating_mul(page_size);
    (usize::try_from(offset).unwrap_or(usize::MAX), usize::try_from(page_size).unwrap_or(1))
}

/// Each course's rank in every order, and every scope's courses in every order.
fn sort_orders(cards: &[Card], categories: usize) -> ([Vec<u32>; 4], Vec<Vec<u32>>) {
    let n = u32::try_from(cards.len()).unwrap_or(u32::MAX);
    let mut ranks: [Vec<u32>; 4] = Default::default();
    let mut lists = vec![Vec::new(); (categories + 1) * 3 * ORDERS.len()];
    for order in ORDERS {
        let mut sorted: Vec<u32> = (0..n).collect();
        sorted.sort_unstable_by(|&a, &b| cards[a as usize].cmp_in(&cards[b as usize], order));
        let mut rank = vec![0_u32; cards.len()];
        for (position, &course) in (0_u32..).zip(&sorted) {
            rank[course as usize] = position;
            let card = &cards[course as usize];
            let group = if card.price == 0 { 1 } else { 2 };
            for scope in [0, card.category as usize + 1] {
                for group in [0, group] {
                    lists[(scope * 3 + group) * ORDERS.len() + order as usize].push(course);
                }
            }
        }
        ranks[order as usize] = rank;
    }
    for list in &mut lists {
        list.shrink_to_fit();
    }
    (ranks, lists)
}
