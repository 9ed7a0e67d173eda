//! The in-memory catalogue index answers every course list exactly as the database does (pages, totals,
//! estimates), on SQLite and on PostgreSQL: the same queries are put to both and the answers compared.

use academy_server::{
    catalogue::repo::{
        Localized,
        courses::{self, CoursePage, ListQuery, Price, SEARCH_SAMPLE, Sort},
    },
    platform::db,
};

use crate::{catalogue::spawn_demo_app, helpers::TestApp};

/// Courses added beside the demo's: more than the search sample, so common words get estimated totals.
const ADDED: i64 = 1300;
const _: () = assert!(ADDED > SEARCH_SAMPLE, "the scope must be bigger than the sample");

const TOPICS: [(&str, &str); 10] = [
    ("Lập trình Python", "Python programming"),
    ("Đồ họa", "Graphic design"),
    ("Đầu tư chứng khoán", "Stock investing"),
    ("Tiếng Anh giao tiếp", "Spoken English"),
    ("Nhiếp ảnh", "Photography"),
    ("Quản trị dòng tiền", "Cash flow"),
    ("Excel văn phòng", "Office Excel"),
    ("Elixir", "Elixir"),
    ("ĐÀN piano", "Piano"),
    ("Kế toán", "Accounting"),
];
const SUFFIXES: [(&str, &str); 6] = [
    ("cơ bản", "basics"),
    ("nâng cao", "advanced"),
    ("cho người mới", "for beginners"),
    ("từ A đến Z", "from A to Z"),
    ("2026", "2026"),
    ("thực chiến", "hands-on"),
];

/// Three categories (`index-0`…`index-2`) and [`ADDED`] courses in them by the demo's teachers: every seventh
/// free, every seventeenth a draft, with tied enrolments, ratings and dates so that the tie-breaker matters.
/// Answers the categories' ids.
async fn add_courses(app: &TestApp) -> Vec<String> {
    let pool = &app.state.pool;
    let now = db::now_ms();
    let teachers: Vec<(String, Option<String>, Option<String>)> =
        sqlx::query_as("select id, first_name, last_name from users where role = 'TEACHER' order by username")
            .fetch_all(pool)
            .await
            .expect("teachers");
    let mut tx = pool.begin().await.expect("transaction");
    let names = [("Đồ họa & Thiết kế", "Design"), ("Lập trình", "Programming"), ("Đầu tư", "Investing")];
    let mut categories = Vec::new();
    for (n, (vi, en)) in names.iter().enumerate() {
        let id = db::new_id();
        sqlx::query(
            "insert into categories (id, slug, name_vi, name_en, sort_order, created_at, updated_at) \
             values ($1, $2, $3, $4, $5, 0, 0)",
        )
        .bind(&id)
        .bind(format!("index-{n}"))
        .bind(vi)
        .bind(en)
        .bind(100 + i64::try_from(n).expect("small"))
        .execute(&mut *tx)
        .await
        .expect("category");
        categories.push((id, Localized::new(*vi, *en)));
    }
    for n in 0..ADDED {
        let k = usize::try_from(n).expect("small");
        let ((topic_vi, topic_en), (suffix_vi, suffix_en)) = (TOPICS[k % 10], SUFFIXES[(k / 10) % 6]);
        let title = Localized::new(format!("{topic_vi} {suffix_vi} {}", n % 40), format!("{topic_en} {suffix_en}"));
        let (teacher, first, last) = &teachers[(k * 7) % teachers.len()];
        let (category, category_names) = &categories[(k / 3) % 3];
        let text = courses::search_text(&title, first.as_deref(), last.as_deref(), category_names);
        sqlx::query(
            "insert into courses (id, slug, title_vi, title_en, price, discount, currency, level, total_seat, \
             instructor_id, category_id, status, rating_avg, rating_count, enrollment_count, sales_count, \
             search_text, created_at, updated_at) \
             values ($1, $2, $3, $4, $5, $6, 'VND', 'beginner', 100, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)",
        )
        .bind(db::new_id())
        .bind(format!("index-course-{n}"))
        .bind(&title.vi)
        .bind(&title.en)
        .bind(if n % 7 == 0 { 0 } else { 100_000 * (1 + n % 9) })
        .bind((n % 5 == 1 && n % 7 != 0).then_some(50_000))
        .bind(teacher)
        .bind(category)
        .bind(if n % 17 == 0 { "draft" } else { "published" })
        .bind(3.0 + f64::from(u32::try_from(n % 5).expect("small")) / 2.0)
        .bind(n % 13)
        .bind((n * 7919) % 400)
        .bind((n * 104_729) % 300)
        .bind(text)
        .bind(now - (n % 50) * 1000)
        .execute(&mut *tx)
        .await
        .expect("course");
    }
    let all: Vec<String> = sqlx::query_scalar("select id from categories").fetch_all(&mut *tx).await.expect("ids");
    for id in &all {
        courses::refresh_category_counts(&mut tx, id).await.expect("counts");
    }
    tx.commit().await.expect("committed");
    categories.into_iter().map(|(id, _)| id).collect()
}

const TERMS: [&str; 34] = [
    "lap trinh",
    "Lập trình",
    "LẬP TRÌNH PYTHON",
    "đồ họa",
    "Đồ Họa",
    "do hoa",
    "đầu tư",
    "ĐẦU",
    "dau tu chung",
    "đàn",
    "Đ",
    "đ",
    "d",
    "py",
    "pyth",
    "ytho",
    "thon",
    "a",
    "ng",
    "co ban",
    "nâng",
    "tu a den z",
    "2026",
    "elixir",
    "elixir 2",
    "Elixir nâng cao 7",
    "excel van phong",
    "tieng anh giao tiep co ban",
    "người mới",
    "nguoi",
    "haskell",
    "zzzz",
    "x y",
    "piano da",
];

const SORTS: [Sort; 5] = [Sort::Popular, Sort::BestSelling, Sort::BestRated, Sort::Newest, Sort::Free];

/// Puts `query` to the index and to the database; a difference is kept.
async fn compare(app: &TestApp, index: &academy_server::catalogue::index::Snapshot, query: ListQuery) -> Compared {
    let from_index = index.list(&query);
    let from_database = courses::list(&app.state.pool, app.state.backend, &query).await.expect("listed");
    Compared {
        listed: !from_database.items.is_empty(),
        estimated: !from_database.total_exact,
        differs: (from_index != from_database).then(|| {
            format!("{query:?}\n  index:    {}\n  database: {}", summary(&from_index), summary(&from_database))
        }),
    }
}

struct Compared {
    listed: bool,
    estimated: bool,
    differs: Option<String>,
}

fn summary(page: &CoursePage) -> String {
    let titles: Vec<&str> = page.items.iter().map(|c| c.title_vi.as_str()).collect();
    format!("total {} exact {} {titles:?}", page.total, page.total_exact)
}

#[tokio::test]
async fn the_index_answers_every_browse_and_search_as_the_database_does() {
    let app = spawn_demo_app().await;
    let added = add_courses(&app).await;
    let index = app.state.courses_index.rebuild(&app.state.pool).await.expect("index built");
    let categories = [None, Some(added[0].clone()), Some("index-1".to_owned()), Some("no-such-category".to_owned())];
    let prices = [None, Some(Price::Free), Some(Price::Paid)];
    let pages = [(1, 12), (2, 12), (3, 5), (9, 100), (400, 12)];
    let mut queries = Vec::new();
    for (c, category) in categories.iter().enumerate() {
        for (p, price) in prices.iter().enumerate() {
            for (s, sort) in SORTS.iter().enumerate() {
                let (page, page_size) = pages[(c + p + s) % pages.len()];
                let query =
                    ListQuery { category: category.clone(), sort: *sort, price: *price, page, page_size, search: None };
                queries.push(query);
            }
        }
    }
    for (t, term) in TERMS.iter().enumerate() {
        for (s, sort) in SORTS.iter().enumerate() {
            let (page, page_size) = pages[(t + 2 * s) % pages.len()];
            queries.push(ListQuery {
                search: Some((*term).to_owned()),
                category: categories[(t * 5 + s) % categories.len()].clone(),
                sort: *sort,
                price: prices[(t + s) % prices.len()],
                page,
                page_size,
            });
        }
        // Every scope once for the first page, where most searches stop.
        for category in &categories[..3] {
            for price in prices {
                let search = Some((*term).to_owned());
                queries.push(ListQuery {
                    search,
                    category: category.clone(),
                    price,
                    page: 1,
                    page_size: 12,
                    ..ListQuery::default()
                });
            }
        }
    }

    let (mut differences, mut listed, mut estimated) = (Vec::new(), 0, 0);
    for query in queries.iter().cloned() {
        let compared = compare(&app, &index, query).await;
        listed += usize::from(compared.listed);
        estimated += usize::from(compared.estimated);
        differences.extend(compared.differs);
    }

    let published: i64 = sqlx::query_scalar("select count(*) from courses where status = 'published'")
        .fetch_one(&app.state.pool)
        .await
        .expect("count");
    assert_eq!(i64::try_from(index.len()).expect("small"), published);
    assert!(listed > queries.len() / 2, "most pages list courses ({listed} of {})", queries.len());
    assert!(estimated > 10, "the estimates were compared too ({estimated} of {})", queries.len());
    assert!(differences.is_empty(), "{} of {} differ:\n{}", differences.len(), queries.len(), differences.join("\n"));
}
