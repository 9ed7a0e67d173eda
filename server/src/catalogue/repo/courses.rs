//! Courses: browsing and text search, detail with curriculum, writes (kept consistent with the category counts
//! and the search index in the same transaction), and enrolments.
//!
//! Browsing walks one of the partial indexes `courses_pub_[cat_]<sort>_idx`; totals come from the counts kept
//! on `categories`. Text search matches every word of the query, without Vietnamese marks, as a substring of
//! `search_text`: through the FTS5 trigram table on SQLite and the `pg_trgm` GIN index on PostgreSQL. Words
//! shorter than 3 characters cannot use a trigram index: alone, they match word prefixes among the
//! [`SHORT_SEARCH_POOL`] most popular courses.

use academy_shared::search::normalize_search;
use sqlx::FromRow;

use super::{Localized, to_json};
use crate::platform::db::{Backend, Pool, new_id, now_ms};

/// How many of the most popular courses a search made only of 1–2 character words looks through.
pub const SHORT_SEARCH_POOL: i64 = 2000;
/// A text search counts its matches through the text index up to this many (only words found rare by the
/// sample get there, so the cap is seldom reached; beyond it the total is not exact).
pub const SEARCH_COUNT_CAP: i64 = 1000;
/// A text search first looks at this many of the most popular courses in its scope, to judge how common its
/// words are without counting every match.
pub const SEARCH_SAMPLE: i64 = 1000;
/// Matches in the sample from which the words count as common (1%): the total is then estimated from the
/// sample (as search engines say "about 12,000 results"), and a page is found by walking the sort order.
pub const COMMON_SAMPLE_MATCHES: i64 = 10;
/// The largest page a list returns.
pub const MAX_PAGE_SIZE: i64 = 100;

/// The orders of the course list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Sort {
    /// Most enrolments first.
    #[default]
    Popular,
    /// Most sales first.
    BestSelling,
    /// Highest rating first.
    BestRated,
    /// Latest first.
    Newest,
    /// Free courses only, most enrolments first.
    Free,
}

impl Sort {
    fn order_by(self) -> &'static str {
        match self {
            Sort::Popular | Sort::Free => "c.enrollment_count desc, c.seq desc",
            Sort::BestSelling => "c.sales_count desc, c.seq desc",
            Sort::BestRated => "c.rating_avg desc, c.seq desc",
            Sort::Newest => "c.created_at desc, c.seq desc",
        }
    }
}

/// A price filter of the course list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Price {
    /// Free courses only.
    Free,
    /// Paid courses only.
    Paid,
}

/// The prices a list keeps, from its price filter and its sort (`free` lists free courses only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prices {
    All,
    Free,
    Paid,
    /// Free courses that are paid: nothing.
    Nothing,
}

impl Prices {
    fn of(sort: Sort, price: Option<Price>) -> Prices {
        match (sort, price) {
            (Sort::Free, Some(Price::Paid)) => Prices::Nothing,
            (Sort::Free, _) | (_, Some(Price::Free)) => Prices::Free,
            (_, Some(Price::Paid)) => Prices::Paid,
            (_, None) => Prices::All,
        }
    }

    fn clause(self) -> Option<&'static str> {
        match self {
            Prices::All => None,
            Prices::Free => Some("c.price = 0"),
            Prices::Paid => Some("c.price > 0"),
            Prices::Nothing => Some("1 = 0"),
        }
    }

    /// The `categories` column (or expression) counting the published courses kept.
    fn counted(self) -> &'static str {
        match self {
            Prices::All => "course_count",
            Prices::Free => "free_course_count",
            Prices::Paid => "course_count - free_course_count",
            Prices::Nothing => "0",
        }
    }

    fn push(self, filter: &mut Filter) {
        if let Some(clause) = self.clause() {
            filter.clauses.push(clause.to_owned());
        }
    }
}

/// A course as lists show it: the course, its instructor and its category.
#[derive(Debug, Clone, FromRow)]
pub struct CourseCardRow {
    pub id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub thumbnail: Option<String>,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: String,
    pub badge_vi: Option<String>,
    pub badge_en: Option<String>,
    pub level: String,
    pub total_seat: i64,
    pub status: String,
    pub rating_avg: f64,
    pub rating_count: i64,
    pub enrollment_count: i64,
    pub sales_count: i64,
    pub lesson_count: i64,
    pub duration_seconds: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub instructor_id: String,
    pub instructor_first_name: Option<String>,
    pub instructor_last_name: Option<String>,
    pub instructor_avatar: Option<String>,
    pub category_id: String,
    pub category_slug: String,
    pub category_vi: String,
    pub category_en: String,
}

macro_rules! card_columns {
    () => {
        "c.id, c.slug, c.title_vi, c.title_en, c.description_vi, c.description_en, \
         c.thumbnail, c.price, c.discount, c.currency, c.badge_vi, c.badge_en, c.level, c.total_seat, c.status, \
         c.rating_avg, c.rating_count, c.enrollment_count, c.sales_count, c.lesson_count, c.duration_seconds, \
         c.created_at, c.updated_at, c.instructor_id, u.first_name as instructor_first_name, \
         u.last_name as instructor_last_name, u.avatar as instructor_avatar, c.category_id, \
         k.slug as category_slug, k.name_vi as category_vi, k.name_en as category_en"
    };
}
macro_rules! card_from {
    () => {
        "from courses c join users u on u.id = c.instructor_id join categories k on k.id = c.category_id"
    };
}
const CARD_SELECT: &str = concat!("select ", card_columns!(), " ", card_from!());
const DETAIL_SELECT: &str = concat!(
    "select ",
    card_columns!(),
    ", c.outcomes, c.requirements, c.language, c.type_id, t.name_vi as type_vi, t.name_en as type_en ",
    card_from!(),
    " left join course_types t on t.id = c.type_id"
);

/// What the public course list asks for.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub search: Option<String>,
    /// A category id or slug.
    pub category: Option<String>,
    pub sort: Sort,
    pub price: Option<Price>,
    /// 1-based.
    pub page: i64,
    pub page_size: i64,
}

/// One page of published courses and how many match in all.
#[derive(Debug, Clone)]
pub struct CoursePage {
    pub items: Vec<CourseCardRow>,
    pub total: i64,
    /// False when `total` is an estimate (a search for common words).
    pub total_exact: bool,
}

#[derive(Clone)]
enum Param {
    Text(String),
    Int(i64),
}

/// A WHERE clause with its numbered parameters.
struct Filter {
    clauses: Vec<String>,
    params: Vec<Param>,
}

impl Filter {
    fn new() -> Filter {
        Filter { clauses: vec!["c.status = 'published'".to_owned()], params: Vec::new() }
    }

    /// Adds a clause whose `{}` is replaced by the next parameter's placeholder.
    fn push(&mut self, clause: &str, param: Param) {
        self.params.push(param);
        self.clauses.push(clause.replace("{}", &format!("${}", self.params.len())));
    }

    fn sql(&self) -> String {
        self.clauses.join(" and ")
    }

    fn next_placeholder(&self, offset: usize) -> String {
        format!("${}", self.params.len() + offset)
    }
}

fn bind_all<'q, O>(
    mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    params: &'q [Param],
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
    for param in params {
        query = match param {
            Param::Text(text) => query.bind(text.as_str()),
            Param::Int(n) => query.bind(*n),
        };
    }
    query
}

/// Escapes `%`, `_` and `\` for a `like … escape '\'` pattern.
fn like_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The words of a search, normalised, without repeats.
pub fn search_words(search: &str) -> Vec<String> {
    let normalized = normalize_search(search);
    let mut words: Vec<String> = Vec::new();
    for word in normalized.split(' ').filter(|w| !w.is_empty()) {
        if !words.iter().any(|w| w == word) {
            words.push(word.to_owned());
        }
    }
    words
}

/// How a search finds its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SearchPlan {
    /// Drive from the text index (FTS5 trigram table / `pg_trgm` GIN) and sort the matches: for rare words.
    TextIndex,
    /// Walk the sort order's index and keep the rows whose text contains every word, stopping after the page:
    /// for common words (at least [`SEARCH_COUNT_CAP`] matches, so a page is found after a few rows per match).
    SortIndex,
}

fn push_search(filter: &mut Filter, backend: Backend, words: &[String], plan: SearchPlan) {
    let (long, short): (Vec<&String>, Vec<&String>) = words.iter().partition(|w| w.chars().count() >= 3);
    if long.is_empty() {
        filter.clauses.push(format!(
            "c.seq in (select seq from courses where status = 'published' \
             order by enrollment_count desc, seq desc limit {SHORT_SEARCH_POOL})"
        ));
        for word in short {
            filter.push("(' ' || c.search_text) like {} escape '\\'", Param::Text(format!("% {}%", like_escape(word))));
        }
        return;
    }
    match (backend, plan) {
        (Backend::Sqlite, SearchPlan::TextIndex) => {
            let expression =
                long.iter().map(|w| format!("\"{}\"", w.replace('"', "\"\""))).collect::<Vec<_>>().join(" AND ");
            filter.push("courses_fts match {}", Param::Text(expression));
        }
        (Backend::Postgres, SearchPlan::TextIndex) => {
            for word in &long {
                filter.push("c.search_text like {} escape '\\'", Param::Text(format!("%{}%", like_escape(word))));
            }
        }
        // `|| ''` keeps the condition off the trigram index: the walk in sort order is the plan.
        (_, SearchPlan::SortIndex) => {
            for word in &long {
                filter
                    .push("(c.search_text || '') like {} escape '\\'", Param::Text(format!("%{}%", like_escape(word))));
            }
        }
    }
    for word in short {
        filter.push("c.search_text like {} escape '\\'", Param::Text(format!("%{}%", like_escape(word))));
    }
}

/// The FROM clause of a list query: SQLite's text search drives from the FTS5 table (`cross join` keeps it
/// the outer loop, so a `limit` stops the index walk early).
fn from_clause(backend: Backend, text_index: bool) -> &'static str {
    if backend == Backend::Sqlite && text_index {
        "from courses_fts cross join courses c on c.seq = courses_fts.rowid \
         join users u on u.id = c.instructor_id join categories k on k.id = c.category_id"
    } else {
        card_from!()
    }
}

/// A card with the list's total in the same row (browsing reads both in one query).
#[derive(Debug, FromRow)]
struct CardWithTotal {
    #[sqlx(flatten)]
    card: CourseCardRow,
    total: i64,
}

/// One page of published courses matching `query`.
pub async fn list(pool: &Pool, backend: Backend, query: &ListQuery) -> Result<CoursePage, sqlx::Error> {
    let words = query.search.as_deref().map(search_words).unwrap_or_default();
    if words.is_empty() { browse(pool, query).await } else { search(pool, backend, query, &words).await }
}

/// The WHERE clause of browsing; the category (id or slug) is `$1` when there is one.
fn browse_filter(with_category: bool, prices: Prices) -> Filter {
    let mut filter = Filter::new();
    if with_category {
        filter.push("c.category_id = (select id from categories where id = {} or slug = $1)", Param::Int(0));
    }
    prices.push(&mut filter);
    filter
}

/// How many published courses a list without text has (the counts kept on `categories`); the category's id or
/// slug is `$1` when there is one.
fn published_total_sql(with_category: bool, prices: Prices) -> String {
    let counted = prices.counted();
    if with_category {
        format!("select {counted} from categories where id = $1 or slug = $1")
    } else {
        format!("select cast(coalesce(sum({counted}), 0) as bigint) from categories")
    }
}

/// Browsing (no text): one query for the page and its total (the counts kept on `categories`).
async fn browse(pool: &Pool, query: &ListQuery) -> Result<CoursePage, sqlx::Error> {
    let page_size = query.page_size.clamp(1, MAX_PAGE_SIZE);
    let offset = (query.page.max(1) - 1).saturating_mul(page_size);
    let category = query.category.as_deref().filter(|c| !c.is_empty());
    let prices = Prices::of(query.sort, query.price);
    let filter = browse_filter(category.is_some(), prices);
    let total_sql = published_total_sql(category.is_some(), prices);
    // Limit and offset are parameters: one statement per shape of query, prepared once per connection.
    let n = filter.params.len();
    let sql = format!(
        "select {}, ({total_sql}) as total {} where {} order by {} limit ${} offset ${}",
        card_columns!(),
        card_from!(),
        filter.sql(),
        query.sort.order_by(),
        n + 1,
        n + 2,
    );
    let mut q = sqlx::query_as::<_, CardWithTotal>(&sql);
    if let Some(category) = category {
        q = q.bind(category);
    }
    let rows = q.bind(page_size).bind(offset).fetch_all(pool).await?;
    if let Some(first) = rows.first() {
        let total = first.total;
        return Ok(CoursePage { items: rows.into_iter().map(|r| r.card).collect(), total, total_exact: true });
    }
    // An empty page (past the end, or an unknown category): the total alone.
    let mut q = sqlx::query_scalar::<_, i64>(&total_sql);
    if let Some(category) = category {
        q = q.bind(category);
    }
    let total = q.fetch_optional(pool).await?.unwrap_or(0);
    Ok(CoursePage { items: Vec::new(), total, total_exact: true })
}

/// Text search. Words of 3+ characters: a sample of the [`SEARCH_SAMPLE`] most popular courses in scope tells
/// how common they are. Common words (at least [`COMMON_SAMPLE_MATCHES`] in the sample): the total is estimated
/// from the sample and the page found by walking the sort order, a few rows per match. Rare words: the text
/// index counts them (few, so cheap) and reads the page. A scope no bigger than the sample is counted exactly.
async fn search(pool: &Pool, backend: Backend, query: &ListQuery, words: &[String]) -> Result<CoursePage, sqlx::Error> {
    let page_size = query.page_size.clamp(1, MAX_PAGE_SIZE);
    let offset = (query.page.max(1) - 1).saturating_mul(page_size);
    let mut filter = Filter::new();
    if let Some(category) = query.category.as_deref().filter(|c| !c.is_empty()) {
        let found: Option<String> = sqlx::query_scalar("select id from categories where id = $1 or slug = $1")
            .bind(category)
            .fetch_optional(pool)
            .await?;
        let Some(id) = found else {
            return Ok(CoursePage { items: Vec::new(), total: 0, total_exact: true });
        };
        filter.push("c.category_id = {}", Param::Text(id));
    }
    let prices = Prices::of(query.sort, query.price);
    prices.push(&mut filter);
    let indexed = words.iter().any(|w| w.chars().count() >= 3);
    let (total, total_exact, plan) = if indexed {
        match sample(pool, &filter, prices, words).await? {
            Sample { matches, sampled, .. } if sampled < SEARCH_SAMPLE => {
                let plan = if matches >= COMMON_SAMPLE_MATCHES { SearchPlan::SortIndex } else { SearchPlan::TextIndex };
                (matches, true, plan)
            }
            Sample { matches, sampled, in_scope } if matches >= COMMON_SAMPLE_MATCHES => {
                let estimate = (matches * in_scope + sampled / 2) / sampled;
                (estimate.max(matches), false, SearchPlan::SortIndex)
            }
            Sample { .. } => {
                let total = count_through_text_index(pool, backend, &filter, words).await?;
                let plan = if total >= SEARCH_COUNT_CAP { SearchPlan::SortIndex } else { SearchPlan::TextIndex };
                (total, total < SEARCH_COUNT_CAP, plan)
            }
        }
    } else {
        // 1–2 character words alone: an exact count among the popular pool.
        (count_through_text_index(pool, backend, &filter, words).await?, true, SearchPlan::TextIndex)
    };
    if total == 0 || (total_exact && offset >= total) {
        return Ok(CoursePage { items: Vec::new(), total, total_exact });
    }
    // SQLite's planner does not know how many rows a MATCH returns, so it is told. PostgreSQL's estimates the
    // words' share from its trigram statistics and weighs the trigram index against the sort index itself:
    // hiding the condition from the index (`|| ''`) also hides it from those statistics, and the plans made
    // then scan the whole table (measured: 84 → 29 req/s).
    let plan = if backend == Backend::Sqlite { plan } else { SearchPlan::TextIndex };
    push_search(&mut filter, backend, words, plan);
    let sql = format!(
        "select {} {} where {} order by {} limit {} offset {}",
        card_columns!(),
        from_clause(backend, indexed && plan == SearchPlan::TextIndex),
        filter.sql(),
        query.sort.order_by(),
        filter.next_placeholder(1),
        filter.next_placeholder(2),
    );
    let mut params = filter.params;
    params.push(Param::Int(page_size));
    params.push(Param::Int(offset));
    let items: Vec<CourseCardRow> =
        bind_all(sqlx::query_as(&sql), &params).persistent(keeps_plans(backend)).fetch_all(pool).await?;
    if total_exact {
        return Ok(CoursePage { items, total, total_exact });
    }
    // An estimate agrees with what the page shows: a short page is the last one, so the total is known; an
    // empty one is past the end, so the total is at most its offset.
    let through_page = offset + i64::try_from(items.len()).unwrap_or(0);
    if items.is_empty() {
        Ok(CoursePage { items, total: total.min(offset), total_exact: false })
    } else if through_page < offset + page_size {
        Ok(CoursePage { items, total: through_page, total_exact: true })
    } else {
        Ok(CoursePage { items, total: total.max(through_page), total_exact: false })
    }
}

/// Whether a text search's statements are kept prepared. Not on PostgreSQL: a kept statement is soon run with a
/// generic plan, made without the words, which guesses that `like` keeps almost no rows and so scans and sorts
/// the whole table (measured: 0.4 ms → 90 ms a page). An unnamed statement is planned with its words each time.
fn keeps_plans(backend: Backend) -> bool {
    backend != Backend::Postgres
}

/// What the sample of a search found.
#[derive(Debug, FromRow)]
struct Sample {
    /// Courses of the sample that match every word.
    matches: i64,
    /// Courses looked at: [`SEARCH_SAMPLE`], or fewer when the scope is smaller.
    sampled: i64,
    /// Published courses in the scope (category, prices), from the counts kept on `categories`.
    in_scope: i64,
}

async fn sample(pool: &Pool, scope: &Filter, prices: Prices, words: &[String]) -> Result<Sample, sqlx::Error> {
    let mut sampled = Filter { clauses: Vec::new(), params: scope.params.clone() };
    for word in words {
        sampled.push("s.search_text like {} escape '\\'", Param::Text(format!("%{}%", like_escape(word))));
    }
    // The scope's category, when there is one, is `$1` for the count of courses in scope too.
    let in_scope = published_total_sql(!scope.params.is_empty(), prices);
    let sql = format!(
        "select cast(coalesce(sum(case when {} then 1 else 0 end), 0) as bigint) as matches, \
         count(*) as sampled, ({in_scope}) as in_scope \
         from (select c.search_text from courses c where {} order by {} limit {SEARCH_SAMPLE}) s",
        sampled.sql(),
        scope.sql(),
        Sort::Popular.order_by(),
    );
    bind_all(sqlx::query_as(&sql), &sampled.params).fetch_one(pool).await
}

/// Counts the matches (up to [`SEARCH_COUNT_CAP`]) through the text index.
async fn count_through_text_index(
    pool: &Pool,
    backend: Backend,
    scope: &Filter,
    words: &[String],
) -> Result<i64, sqlx::Error> {
    let mut counting = Filter { clauses: scope.clauses.clone(), params: scope.params.clone() };
    push_search(&mut counting, backend, words, SearchPlan::TextIndex);
    let indexed = words.iter().any(|w| w.chars().count() >= 3);
    let count_from = if backend == Backend::Sqlite && indexed {
        "from courses_fts cross join courses c on c.seq = courses_fts.rowid"
    } else {
        "from courses c"
    };
    let sql = format!(
        "select count(*) from (select 1 {count_from} where {} limit {SEARCH_COUNT_CAP}) matches",
        counting.sql()
    );
    let (total,): (i64,) =
        bind_all(sqlx::query_as(&sql), &counting.params).persistent(keeps_plans(backend)).fetch_one(pool).await?;
    Ok(total)
}

/// The SQL of the list query, for `explain` in tests and the benchmark: browsing binds the category as `$1`;
/// a search (read through the text index, as for rare words) binds the category id, then its words.
pub fn list_sql_for_explain(backend: Backend, category: bool, sort: Sort, search: Option<&str>) -> String {
    let Some(search) = search else {
        let filter = browse_filter(category, Prices::of(sort, None));
        return format!("{CARD_SELECT} where {} order by {} limit 12 offset 0", filter.sql(), sort.order_by());
    };
    let mut filter = Filter::new();
    if category {
        filter.push("c.category_id = {}", Param::Text(String::new()));
    }
    Prices::of(sort, None).push(&mut filter);
    let words = search_words(search);
    push_search(&mut filter, backend, &words, SearchPlan::TextIndex);
    format!(
        "select {} {} where {} order by {} limit 12 offset 0",
        card_columns!(),
        from_clause(backend, words.iter().any(|w| w.chars().count() >= 3)),
        filter.sql(),
        sort.order_by()
    )
}

/// A course with everything its detail page shows (any status: callers decide who may see drafts).
#[derive(Debug, Clone, FromRow)]
pub struct CourseDetailRow {
    #[sqlx(flatten)]
    pub card: CourseCardRow,
    pub outcomes: String,
    pub requirements: String,
    pub language: String,
    pub type_id: Option<String>,
    pub type_vi: Option<String>,
    pub type_en: Option<String>,
}

pub async fn find(pool: &Pool, id_or_slug: &str) -> Result<Option<CourseDetailRow>, sqlx::Error> {
    sqlx::query_as(&format!("{DETAIL_SELECT} where c.id = $1 or c.slug = $1"))
        .bind(id_or_slug)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone, FromRow)]
pub struct SectionRow {
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub position: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct LessonRow {
    pub id: String,
    pub section_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    pub free_preview: i64,
    pub position: i64,
}

/// The sections of a course in order, each with its lessons in order.
pub async fn curriculum(pool: &Pool, course_id: &str) -> Result<Vec<(SectionRow, Vec<LessonRow>)>, sqlx::Error> {
    let sections: Vec<SectionRow> = sqlx::query_as(
        "select id, title_vi, title_en, position from course_sections where course_id = $1 order by position, id",
    )
    .bind(course_id)
    .fetch_all(pool)
    .await?;
    let lessons: Vec<LessonRow> = sqlx::query_as(
        "select id, section_id, title_vi, title_en, duration_seconds, video_url, free_preview, position \
         from course_lessons where course_id = $1 order by position, id",
    )
    .bind(course_id)
    .fetch_all(pool)
    .await?;
    Ok(sections
        .into_iter()
        .map(|section| {
            let own = lessons.iter().filter(|l| l.section_id == section.id).cloned().collect();
            (section, own)
        })
        .collect())
}

/// Published courses of one instructor, most popular first.
pub async fn published_by(pool: &Pool, instructor_id: &str, limit: i64) -> Result<Vec<CourseCardRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{CARD_SELECT} where c.instructor_id = $1 and c.status = 'published' \
         order by c.enrollment_count desc, c.seq desc limit $2"
    ))
    .bind(instructor_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Courses of any status for management: one instructor's (`Some`) or everyone's, newest first, with a search.
pub async fn list_managed(
    pool: &Pool,
    instructor_id: Option<&str>,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<CourseCardRow>, i64), sqlx::Error> {
    let mut filter = Filter { clauses: vec!["1 = 1".to_owned()], params: Vec::new() };
    if let Some(id) = instructor_id {
        filter.push("c.instructor_id = {}", Param::Text(id.to_owned()));
    }
    for word in search.map(search_words).unwrap_or_default() {
        filter.push("c.search_text like {} escape '\\'", Param::Text(format!("%{}%", like_escape(&word))));
    }
    let (total,): (i64,) =
        bind_all(sqlx::query_as(&format!("select count(*) from courses c where {}", filter.sql())), &filter.params)
            .fetch_one(pool)
            .await?;
    let sql = format!(
        "{CARD_SELECT} where {} order by c.created_at desc, c.seq desc limit {} offset {}",
        filter.sql(),
        filter.next_placeholder(1),
        filter.next_placeholder(2)
    );
    let mut params = filter.params;
    params.push(Param::Int(limit));
    params.push(Param::Int(offset));
    let items = bind_all(sqlx::query_as(&sql), &params).fetch_all(pool).await?;
    Ok((items, total))
}

// ---------------------------------------------------------------------------------------------------------
// Writes

/// The editable fields of a course.
#[derive(Debug, Clone)]
pub struct CourseInput {
    pub slug: String,
    pub title: Localized,
    pub description: Localized,
    pub outcomes: Vec<Localized>,
    pub requirements: Vec<Localized>,
    pub thumbnail: Option<String>,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: String,
    pub badge: Option<Localized>,
    pub level: String,
    pub total_seat: i64,
    pub category_id: String,
    pub type_id: Option<String>,
    pub language: String,
}

/// Figures a new course starts with (zero for a real new course; the demo brings its own).
#[derive(Debug, Clone, Default)]
pub struct CourseFigures {
    pub rating_avg: f64,
    pub rating_count: i64,
    pub enrollment_count: i64,
    pub sales_count: i64,
    pub created_at: Option<i64>,
    pub updated_at: Option<i64>,
}

/// A section of a curriculum as written by the editor; a known `id` is kept.
#[derive(Debug, Clone)]
pub struct SectionInput {
    pub id: Option<String>,
    pub title: Localized,
    pub lessons: Vec<LessonInput>,
}

#[derive(Debug, Clone)]
pub struct LessonInput {
    pub id: Option<String>,
    pub title: Localized,
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    pub free_preview: bool,
}

/// The normalised text the search matches: both titles, the instructor's name and the category's names.
pub fn search_text(
    title: &Localized,
    first_name: Option<&str>,
    last_name: Option<&str>,
    category: &Localized,
) -> String {
    normalize_search(&format!(
        "{} {} {} {} {} {}",
        title.vi,
        title.en,
        last_name.unwrap_or_default(),
        first_name.unwrap_or_default(),
        category.vi,
        category.en
    ))
}

async fn search_text_for(
    conn: &mut sqlx::AnyConnection,
    title: &Localized,
    instructor_id: &str,
    category_id: &str,
) -> Result<String, sqlx::Error> {
    let (first, last): (Option<String>, Option<String>) =
        sqlx::query_as("select first_name, last_name from users where id = $1")
            .bind(instructor_id)
            .fetch_one(&mut *conn)
            .await?;
    let (vi, en): (String, String) = sqlx::query_as("select name_vi, name_en from categories where id = $1")
        .bind(category_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(search_text(title, first.as_deref(), last.as_deref(), &Localized { vi, en }))
}

/// Recounts the published (and free published) courses of a category.
pub async fn refresh_category_counts(conn: &mut sqlx::AnyConnection, category_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update categories set \
         course_count = (select count(*) from courses where category_id = $1 and status = 'published'), \
         free_course_count = (select count(*) from courses where category_id = $1 and status = 'published' \
            and price = 0) \
         where id = $1",
    )
    .bind(category_id)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Recomputes the search text of the courses matching `filter` (a condition on `courses` with one
/// parameter, `$1`), e.g. after a category or an instructor was renamed.
pub async fn refresh_search_text_where(
    conn: &mut sqlx::AnyConnection,
    filter: &str,
    param: &str,
) -> Result<(), sqlx::Error> {
    #[derive(FromRow)]
    struct Source {
        seq: i64,
        title_vi: String,
        title_en: String,
        first_name: Option<String>,
        last_name: Option<String>,
        category_vi: String,
        category_en: String,
    }
    let rows: Vec<Source> = sqlx::query_as(&format!(
        "select c.seq, c.title_vi, c.title_en, u.first_name, u.last_name, k.name_vi as category_vi, \
         k.name_en as category_en from courses c join users u on u.id = c.instructor_id \
         join categories k on k.id = c.category_id where c.{filter}"
    ))
    .bind(param)
    .fetch_all(&mut *conn)
    .await?;
    for row in rows {
        let text = search_text(
            &Localized::new(row.title_vi, row.title_en),
            row.first_name.as_deref(),
            row.last_name.as_deref(),
            &Localized::new(row.category_vi, row.category_en),
        );
        sqlx::query("update courses set search_text = $2 where seq = $1 and search_text <> $2")
            .bind(row.seq)
            .bind(text)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Inserts a course (status `status`) and returns its id. Call inside a transaction.
pub async fn insert(
    conn: &mut sqlx::AnyConnection,
    instructor_id: &str,
    input: &CourseInput,
    status: &str,
    figures: &CourseFigures,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    let text = search_text_for(conn, &input.title, instructor_id, &input.category_id).await?;
    let badge = input.badge.clone().filter(|b| !b.vi.is_empty() || !b.en.is_empty());
    sqlx::query(
        "insert into courses (id, slug, title_vi, title_en, description_vi, description_en, outcomes, requirements, \
         thumbnail, price, discount, currency, badge_vi, badge_en, level, total_seat, instructor_id, category_id, \
         type_id, status, language, rating_avg, rating_count, enrollment_count, sales_count, search_text, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)",
    )
    .bind(&id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(to_json(&input.outcomes))
    .bind(to_json(&input.requirements))
    .bind(&input.thumbnail)
    .bind(input.price)
    .bind(input.discount)
    .bind(&input.currency)
    .bind(badge.as_ref().map(|b| b.vi.clone()))
    .bind(badge.as_ref().map(|b| b.en.clone()))
    .bind(&input.level)
    .bind(input.total_seat)
    .bind(instructor_id)
    .bind(&input.category_id)
    .bind(&input.type_id)
    .bind(status)
    .bind(&input.language)
    .bind(figures.rating_avg)
    .bind(figures.rating_count)
    .bind(figures.enrollment_count)
    .bind(figures.sales_count)
    .bind(text)
    .bind(figures.created_at.unwrap_or(now))
    .bind(figures.updated_at.unwrap_or(now))
    .execute(&mut *conn)
    .await?;
    refresh_category_counts(conn, &input.category_id).await?;
    Ok(id)
}

/// Who owns a course and where it is filed, for permission checks and count upkeep.
#[derive(Debug, Clone, FromRow)]
pub struct Ownership {
    pub id: String,
    pub instructor_id: String,
    pub category_id: String,
    pub status: String,
}

pub async fn ownership(conn: &mut sqlx::AnyConnection, id_or_slug: &str) -> Result<Option<Ownership>, sqlx::Error> {
    sqlx::query_as("select id, instructor_id, category_id, status from courses where id = $1 or slug = $1")
        .bind(id_or_slug)
        .fetch_optional(conn)
        .await
}

/// Replaces a course's editable fields. Call inside a transaction, after checking [`ownership`].
pub async fn update(
    conn: &mut sqlx::AnyConnection,
    before: &Ownership,
    input: &CourseInput,
) -> Result<(), sqlx::Error> {
    let text = search_text_for(conn, &input.title, &before.instructor_id, &input.category_id).await?;
    let badge = input.badge.clone().filter(|b| !b.vi.is_empty() || !b.en.is_empty());
    sqlx::query(
        "update courses set slug = $2, title_vi = $3, title_en = $4, description_vi = $5, description_en = $6, \
         outcomes = $7, requirements = $8, thumbnail = $9, price = $10, discount = $11, currency = $12, \
         badge_vi = $13, badge_en = $14, level = $15, total_seat = $16, category_id = $17, type_id = $18, \
         language = $19, search_text = $20, updated_at = $21 where id = $1",
    )
    .bind(&before.id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(to_json(&input.outcomes))
    .bind(to_json(&input.requirements))
    .bind(&input.thumbnail)
    .bind(input.price)
    .bind(input.discount)
    .bind(&input.currency)
    .bind(badge.as_ref().map(|b| b.vi.clone()))
    .bind(badge.as_ref().map(|b| b.en.clone()))
    .bind(&input.level)
    .bind(input.total_seat)
    .bind(&input.category_id)
    .bind(&input.type_id)
    .bind(&input.language)
    .bind(text)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    refresh_category_counts(conn, &input.category_id).await?;
    if before.category_id != input.category_id {
        refresh_category_counts(conn, &before.category_id).await?;
    }
    Ok(())
}

/// Publishes, unpublishes (draft) or archives a course. Call inside a transaction.
pub async fn set_status(conn: &mut sqlx::AnyConnection, before: &Ownership, status: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update courses set status = $2, updated_at = $3 where id = $1")
        .bind(&before.id)
        .bind(status)
        .bind(now_ms())
        .execute(&mut *conn)
        .await?;
    refresh_category_counts(conn, &before.category_id).await
}

/// Deletes a course with its curriculum. Call inside a transaction.
pub async fn delete(conn: &mut sqlx::AnyConnection, before: &Ownership) -> Result<(), sqlx::Error> {
    sqlx::query("delete from course_lessons where course_id = $1").bind(&before.id).execute(&mut *conn).await?;
    sqlx::query("delete from course_sections where course_id = $1").bind(&before.id).execute(&mut *conn).await?;
    sqlx::query("delete from course_enrollments where course_id = $1").bind(&before.id).execute(&mut *conn).await?;
    sqlx::query("delete from courses where id = $1").bind(&before.id).execute(&mut *conn).await?;
    refresh_category_counts(conn, &before.category_id).await
}

/// Replaces the whole curriculum of a course (sections and lessons in the given order) and its totals.
/// Call inside a transaction.
pub async fn replace_curriculum(
    conn: &mut sqlx::AnyConnection,
    course_id: &str,
    sections: &[SectionInput],
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query("delete from course_lessons where course_id = $1").bind(course_id).execute(&mut *conn).await?;
    sqlx::query("delete from course_sections where course_id = $1").bind(course_id).execute(&mut *conn).await?;
    let (mut lesson_count, mut duration) = (0_i64, 0_i64);
    for (s, section) in (1_i64..).zip(sections) {
        let section_id = section.id.clone().filter(|id| !id.is_empty()).unwrap_or_else(new_id);
        sqlx::query(
            "insert into course_sections (id, course_id, title_vi, title_en, position, created_at, updated_at) \
             values ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&section_id)
        .bind(course_id)
        .bind(&section.title.vi)
        .bind(&section.title.en)
        .bind(s)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        for (l, lesson) in (1_i64..).zip(&section.lessons) {
            sqlx::query(
                "insert into course_lessons (id, section_id, course_id, title_vi, title_en, duration_seconds, \
                 video_url, free_preview, position, created_at, updated_at) \
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
            )
            .bind(lesson.id.clone().filter(|id| !id.is_empty()).unwrap_or_else(new_id))
            .bind(&section_id)
            .bind(course_id)
            .bind(&lesson.title.vi)
            .bind(&lesson.title.en)
            .bind(lesson.duration_seconds)
            .bind(&lesson.video_url)
            .bind(i64::from(lesson.free_preview))
            .bind(l)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            lesson_count += 1;
            duration += lesson.duration_seconds;
        }
    }
    sqlx::query("update courses set lesson_count = $2, duration_seconds = $3, updated_at = $4 where id = $1")
        .bind(course_id)
        .bind(lesson_count)
        .bind(duration)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------
// Enrolments

/// A course a user is enrolled in, with its progress.
#[derive(Debug, Clone, FromRow)]
pub struct EnrolledRow {
    pub id: String,
    pub course_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    pub instructor_first_name: Option<String>,
    pub instructor_last_name: Option<String>,
    pub instructor_avatar: Option<String>,
    pub progress: i64,
    pub completed: i64,
    pub created_at: i64,
}

pub async fn enrolled_courses_of(pool: &Pool, user_id: &str) -> Result<Vec<EnrolledRow>, sqlx::Error> {
    sqlx::query_as(
        "select e.id, c.id as course_id, c.title_vi, c.title_en, c.thumbnail, u.first_name as instructor_first_name, \
         u.last_name as instructor_last_name, u.avatar as instructor_avatar, e.progress, e.completed, e.created_at \
         from course_enrollments e join courses c on c.id = e.course_id join users u on u.id = c.instructor_id \
         where e.user_id = $1 order by e.created_at desc, e.id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

pub async fn is_enrolled(pool: &Pool, user_id: &str, course_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("select 1 from course_enrollments where user_id = $1 and course_id = $2")
            .bind(user_id)
            .bind(course_id)
            .fetch_optional(pool)
            .await?;
    Ok(found.is_some())
}

pub async fn insert_enrollment(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    course_id: &str,
    progress: i64,
    created_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, progress, completed, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(course_id)
    .bind(progress)
    .bind(i64::from(progress >= 100))
    .bind(created_at)
    .execute(conn)
    .await
    .map(|_| ())
}

/// A teacher's courses of any status, newest first, with their enrolment counts (the profile's "My courses").
pub async fn of_instructor(pool: &Pool, instructor_id: &str) -> Result<Vec<CourseCardRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CARD_SELECT} where c.instructor_id = $1 order by c.created_at desc, c.seq desc"))
        .bind(instructor_id)
        .fetch_all(pool)
        .await
}
