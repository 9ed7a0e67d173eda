//! The benchmarks' catalogue: categories, teachers with Vietnamese names and courses with realistic bilingual
//! titles, seeded in bulk and the same on every run.

use academy_server::{
    AppState,
    catalogue::repo::{Localized, courses},
    platform::db::{self, Backend},
};

const PREFIXES: [(&str, &str); 12] = [
    ("Lập trình", "Programming"),
    ("Thiết kế", "Design"),
    ("Nhập môn", "Introduction to"),
    ("Làm chủ", "Mastering"),
    ("Thực chiến", "Hands-on"),
    ("Cơ bản về", "Basics of"),
    ("Nâng cao", "Advanced"),
    ("Khóa học", "Course on"),
    ("Bí quyết", "Secrets of"),
    ("Học nhanh", "Quick"),
    ("Chinh phục", "Conquering"),
    ("Tự học", "Self-taught"),
];
const TOPICS: [(&str, &str); 24] = [
    ("Python", "Python"),
    ("đồ họa", "graphic design"),
    ("Digital Marketing", "Digital Marketing"),
    ("tiếng Anh giao tiếp", "spoken English"),
    ("nhiếp ảnh", "photography"),
    ("kế toán doanh nghiệp", "business accounting"),
    ("đầu tư chứng khoán", "stock investing"),
    ("Excel văn phòng", "Office Excel"),
    ("UI/UX", "UI/UX"),
    ("piano đệm hát", "piano accompaniment"),
    ("ReactJS", "ReactJS"),
    ("SQL", "SQL"),
    ("quản trị dòng tiền", "cash flow management"),
    ("thuyết trình", "public speaking"),
    ("quảng cáo Facebook", "Facebook ads"),
    ("khởi nghiệp", "startups"),
    ("Rust", "Rust"),
    ("phân tích dữ liệu", "data analysis"),
    ("luyện thi IELTS", "IELTS preparation"),
    ("nhạc lý", "music theory"),
    ("bán hàng đa kênh", "omnichannel sales"),
    ("Machine Learning", "Machine Learning"),
    ("chụp ảnh điện thoại", "phone photography"),
    ("viết nội dung", "copywriting"),
];
const SUFFIXES: [(&str, &str); 10] = [
    ("cho người mới bắt đầu", "for beginners"),
    ("từ A đến Z", "from A to Z"),
    ("trong 30 ngày", "in 30 days"),
    ("thực tế", "in practice"),
    ("2026", "2026"),
    ("cho người đi làm", "for professionals"),
    ("qua dự án", "through projects"),
    ("chuyên sâu", "in depth"),
    ("cấp tốc", "crash course"),
    ("toàn tập", "complete guide"),
];
const CATEGORIES: [(&str, &str, &str); 10] = [
    ("programming", "Lập trình", "Programming"),
    ("design", "Thiết kế", "Design"),
    ("marketing", "Marketing", "Marketing"),
    ("business", "Kinh doanh", "Business"),
    ("languages", "Ngoại ngữ", "Languages"),
    ("photography", "Nhiếp ảnh", "Photography"),
    ("music", "Âm nhạc", "Music"),
    ("finance", "Tài chính", "Finance"),
    ("soft-skills", "Kỹ năng mềm", "Soft skills"),
    ("data", "Dữ liệu", "Data"),
];
const FAMILY: [&str; 10] = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng"];
const MIDDLE: [&str; 6] = ["Văn", "Thị", "Minh", "Ngọc", "Đức", "Thanh"];
const GIVEN: [&str; 12] = ["An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Khoa", "Lan", "Minh", "Nam", "Phương", "Quân"];
/// `count` distinct search terms people type, the same on every run: topics, a prefix and a topic, a topic and
/// its suffix, teachers' names and English titles' words, each with its Vietnamese marks and without (as typed
/// on a keyboard without them), mixed in a fixed order. Most find many courses; names and long phrases few.
pub fn search_terms(count: usize) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    let mut add = |term: String| {
        for typed in [term.clone(), academy_shared::search::normalize_search(&term)] {
            if !terms.contains(&typed) {
                terms.push(typed);
            }
        }
    };
    for (topic, english) in TOPICS {
        add(topic.to_owned());
        add(english.to_owned());
    }
    for (family, given) in FAMILY.iter().flat_map(|f| GIVEN.iter().map(move |g| (f, g))) {
        add(format!("{family} {given}"));
    }
    for ((prefix, _), (topic, _)) in PREFIXES.iter().flat_map(|p| TOPICS.iter().map(move |t| (p, t))) {
        add(format!("{prefix} {topic}"));
    }
    for ((topic, _), (suffix, _)) in TOPICS.iter().flat_map(|t| SUFFIXES.iter().map(move |s| (t, s))) {
        add(format!("{topic} {suffix}"));
    }
    let mut rng = Rng(0x5eed_7e27);
    for i in (1..terms.len()).rev() {
        terms.swap(i, rng.below(i + 1));
    }
    terms.truncate(count);
    terms
}

/// A small deterministic generator (xorshift), so every run seeds the same catalogue.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % (n as u64)).unwrap()
    }
}

/// Seeds 10 categories, 400 teachers and `n` published courses (5% free, 3% drafts) in bulk.
pub async fn seed(state: &AppState, n: usize) -> anyhow::Result<Vec<String>> {
    let pool = &state.pool;
    let now = db::now_ms();
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut tx = pool.begin().await?;
    let mut categories = Vec::new();
    for (order, (slug, vi, en)) in (1_i64..).zip(CATEGORIES) {
        let id = db::new_id();
        sqlx::query(
            "insert into categories (id, slug, name_vi, name_en, sort_order, created_at, updated_at) \
             values ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&id)
        .bind(slug)
        .bind(vi)
        .bind(en)
        .bind(order)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        categories.push((id, Localized::new(vi, en)));
    }
    let mut teachers = Vec::new();
    for t in 0..400 {
        let id = db::new_id();
        let (last, first) = (
            format!("{} {}", FAMILY[rng.below(FAMILY.len())], MIDDLE[rng.below(MIDDLE.len())]),
            GIVEN[rng.below(GIVEN.len())].to_owned(),
        );
        sqlx::query(
            "insert into users (id, username, email, email_lower, password_hash, first_name, last_name, role, \
             created_at, updated_at) values ($1, $2, $3, $3, 'x', $4, $5, 'TEACHER', $6, $6)",
        )
        .bind(&id)
        .bind(format!("teacher{t:04}"))
        .bind(format!("teacher{t:04}@bench.academy.vn"))
        .bind(&first)
        .bind(&last)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        teachers.push((id, first, last));
    }
    tx.commit().await?;

    const COLUMNS: &str = "id, slug, title_vi, title_en, description_vi, description_en, thumbnail, price, discount, \
        currency, level, total_seat, instructor_id, category_id, status, rating_avg, rating_count, \
        enrollment_count, sales_count, lesson_count, duration_seconds, search_text, created_at, updated_at";
    const PER_ROW: usize = 24;
    const BATCH: usize = 500;
    let levels = ["beginner", "intermediate", "advanced"];
    let mut made = 0;
    while made < n {
        let rows = BATCH.min(n - made);
        let mut sql = format!("insert into courses ({COLUMNS}) values ");
        for r in 0..rows {
            let base = r * PER_ROW;
            let placeholders: Vec<String> = (1..=PER_ROW).map(|k| format!("${}", base + k)).collect();
            if r > 0 {
                sql.push(',');
            }
            sql.push('(');
            sql.push_str(&placeholders.join(","));
            sql.push(')');
        }
        let mut tx = pool.begin().await?;
        let mut query = sqlx::query(&sql);
        for _ in 0..rows {
            made += 1;
            let (p, t, s) = (PREFIXES[rng.below(12)], TOPICS[rng.below(24)], SUFFIXES[rng.below(10)]);
            let title = Localized::new(format!("{} {} {}", p.0, t.0, s.0), format!("{} {} {}", p.1, t.1, s.1));
            let (teacher_id, first, last) = &teachers[rng.below(teachers.len())];
            let (category_id, category) = &categories[rng.below(categories.len())];
            let free = rng.below(20) == 0;
            let price: i64 = if free { 0 } else { 99_000 * (1 + i64::try_from(rng.below(30)).unwrap()) };
            let discount = (!free && rng.below(3) == 0).then(|| price * 6 / 10);
            let enrollments = i64::try_from(rng.below(50_000)).unwrap();
            let created = now - i64::try_from(rng.below(700)).unwrap() * 86_400_000 - i64::try_from(made).unwrap();
            let text = courses::search_text(&title, Some(first), Some(last), category);
            query = query
                .bind(db::new_id())
                .bind(format!("bench-course-{made}"))
                .bind(title.vi.clone())
                .bind(title.en.clone())
                .bind(format!("Mô tả khóa học {}", title.vi))
                .bind(format!("About the course {}", title.en))
                .bind("/demo/course-placeholder.svg")
                .bind(price)
                .bind(discount)
                .bind("VND")
                .bind(levels[rng.below(3)])
                .bind(i64::try_from(50 + rng.below(1000)).unwrap())
                .bind(teacher_id.clone())
                .bind(category_id.clone())
                .bind(if rng.below(33) == 0 { "draft" } else { "published" })
                .bind(3.5 + f64::from(u32::try_from(rng.below(15)).unwrap()) / 10.0)
                .bind(i64::try_from(rng.below(5000)).unwrap())
                .bind(enrollments)
                .bind(if free { 0 } else { enrollments * i64::try_from(30 + rng.below(60)).unwrap() / 100 })
                .bind(i64::try_from(8 + rng.below(40)).unwrap())
                .bind(i64::try_from(3600 + rng.below(36_000)).unwrap())
                .bind(text)
                .bind(created)
                .bind(created);
        }
        query.execute(&mut *tx).await?;
        tx.commit().await?;
    }
    let mut tx = pool.begin().await?;
    for (id, _) in &categories {
        courses::refresh_category_counts(&mut tx, id).await?;
    }
    tx.commit().await?;
    match state.backend {
        Backend::Sqlite => sqlx::query("analyze").execute(pool).await?,
        Backend::Postgres => sqlx::query("vacuum analyze").execute(pool).await?,
    };
    Ok(categories.into_iter().map(|(id, _)| id).collect())
}
