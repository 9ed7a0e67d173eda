//! Browsing and text search of the published courses.
//!
//! Browsing walks one of the partial indexes `courses_pub_[cat_]<sort>_idx`; totals come from the counts kept
//! on `categories`. Text search matches every word of the query, without Vietnamese marks, as a substring of
//! `search_text`: through the FTS5 trigram table on SQLite and the `pg_trgm` GIN index on PostgreSQL. Words
//! shorter than 3 characters cannot use a trigram index: alone, they match word prefixes among the
//! [`SHORT_SEARCH_POOL`] most popular courses.

use academy_shared::search::normalize_search;
use sqlx::FromRow;

use super::{CARD_SELECT, CourseCardRow};
use crate::platform::db::{Backend, Pool};

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
pub enum Prices {
    All,
    Free,
    Paid,
    /// Free courses that are paid: nothing.
    Nothing,
}

impl Prices {
    pub fn of(sort: Sort, price: Option<Price>) -> Prices {
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
#[derive(Debug, Clone, PartialEq)]
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
