//! The demo catalogue (`academy serve --demo`): loads `server/demo/catalogue.json` into an empty database.
//!
//! Idempotent: nothing happens when the database already has categories. The catalogue is written in one
//! transaction, so a failed load leaves no catalogue behind. Besides the catalogue's teachers and students it
//! creates one admin and one staff account (credentials in `server/demo/README.md`). Then [`commerce`] adds the
//! payment settings and the promotion coupon, [`purchases`] the students' courses and mentorships bought through
//! checkout, the learning, classes and notifications of every account follow ([`crate::notifications::demo`]),
//! then [`commerce`] adds the shop's orders, [`payouts`] teachers' payouts, [`schedule`] a mentor's week with
//! a session booked, and [`chat`] two conversations, one of them reported.

mod chat;
pub mod commerce;
mod file;
pub mod payouts;
pub mod purchases;
pub mod schedule;

use std::collections::HashMap;

use anyhow::Context as _;

use crate::{
    catalogue::repo::{
        self,
        banners::BannerInput,
        categories::CategoryInput,
        course_types::CourseTypeInput,
        courses::{CourseFigures, CourseInput, LessonInput, SectionInput},
        mentors::{PlanInput, ProfileInput},
        posts::PostInput,
    },
    material::repo::{SubjectInput, SyllabusInput},
    platform::db::{new_id, now_ms},
    state::AppState,
};

use file::{Catalogue, Lesson, Section};

/// The catalogue file, built into the binary.
pub const CATALOGUE_JSON: &str = include_str!("../demo/catalogue.json");

/// The demo's staff accounts: (username, password, role, first name, last name, email).
pub const STAFF_ACCOUNTS: [(&str, &str, &str, &str, &str, &str); 2] = [
    ("admin01", "Admin@2026", "ADMIN", "Quản trị", "Hệ thống", "admin@academy.vn"),
    ("staff01", "Staff@2026", "STAFF", "Hỗ trợ", "Nhân viên", "staff@academy.vn"),
];

fn millis(iso: &str) -> anyhow::Result<i64> {
    Ok(chrono::DateTime::parse_from_rfc3339(iso)
        .with_context(|| format!("reading the time {iso:?}"))?
        .timestamp_millis())
}

/// Hashes a password with argon2id (the `argon2` crate's defaults, OWASP's parameters) on the blocking pool.
/// The same password hashes once per process: the demo's accounts share theirs, and tests load the demo often.
async fn hash_password(password: &str) -> anyhow::Result<String> {
    static CACHE: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    if let Some((_, hash)) = CACHE.lock().ok().and_then(|c| c.iter().find(|(p, _)| p == password).cloned()) {
        return Ok(hash);
    }
    let owned = password.to_owned();
    let hash = tokio::task::spawn_blocking(move || {
        use argon2::password_hash::{PasswordHasher as _, SaltString, rand_core::OsRng};
        let salt = SaltString::generate(&mut OsRng);
        argon2::Argon2::default()
            .hash_password(owned.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await??;
    if let Ok(mut cache) = CACHE.lock() {
        cache.push((password.to_owned(), hash.clone()));
    }
    Ok(hash)
}

/// A demo user to create, unless one with the same username exists (then it is reused).
struct NewUser<'a> {
    username: &'a str,
    email: &'a str,
    password_hash: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    phone: Option<&'a str>,
    address: Option<&'a str>,
    dob: Option<&'a str>,
    avatar: Option<&'a str>,
    role: &'a str,
}

async fn ensure_user(conn: &mut sqlx::AnyConnection, user: &NewUser<'_>) -> anyhow::Result<String> {
    let existing: Option<String> = sqlx::query_scalar("select id from users where username = $1")
        .bind(user.username)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some(id) = existing {
        return Ok(id);
    }
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "insert into users (id, username, email, email_lower, password_hash, first_name, last_name, phone_number, \
         address, dob, avatar, role, status, created_at, updated_at, name_search) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'active', $13, $13, $14)",
    )
    .bind(&id)
    .bind(user.username)
    .bind(user.email)
    .bind(user.email.trim().to_lowercase())
    .bind(user.password_hash)
    .bind(user.first_name)
    .bind(user.last_name)
    .bind(user.phone)
    .bind(user.address)
    .bind(user.dob)
    .bind(user.avatar)
    .bind(user.role)
    .bind(now)
    .bind(crate::identity::repo::name_search(user.first_name, user.last_name))
    .execute(&mut *conn)
    .await
    .with_context(|| format!("creating the demo user {}", user.username))?;
    Ok(id)
}

/// A stable pseudo-random number from a text (for figures the catalogue does not give, like sales).
fn spread(text: &str, modulo: i64) -> i64 {
    let hash = text.bytes().fold(2_166_136_261_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(16_777_619));
    i64::from(hash) % modulo.max(1)
}

/// Loads the demo catalogue unless the database already has a catalogue. `Ok(true)` when it loaded.
pub async fn load(state: &AppState) -> anyhow::Result<bool> {
    let existing: i64 = sqlx::query_scalar("select count(*) from categories").fetch_one(&state.pool).await?;
    if existing > 0 {
        tracing::info!("demo: the database already has a catalogue; nothing loaded");
        return Ok(false);
    }
    let catalogue: Catalogue = serde_json::from_str(CATALOGUE_JSON).context("reading server/demo/catalogue.json")?;
    anyhow::ensure!(
        catalogue.format == "academy-demo-catalogue" && catalogue.version == 1,
        "unsupported demo catalogue {} v{}",
        catalogue.format,
        catalogue.version
    );
    let demo_hash = hash_password(&catalogue.demo_password).await?;
    let mut staff_hashes = Vec::new();
    for (_, password, ..) in STAFF_ACCOUNTS {
        staff_hashes.push(hash_password(password).await?);
    }

    let mut tx = crate::platform::db::begin_write(&state.pool).await?;
    let conn = &mut *tx;

    for ((username, _, role, first, last, email), hash) in STAFF_ACCOUNTS.iter().zip(&staff_hashes) {
        let user = NewUser {
            username,
            email,
            password_hash: hash,
            first_name: first,
            last_name: last,
            phone: None,
            address: None,
            dob: None,
            avatar: None,
            role,
        };
        ensure_user(conn, &user).await?;
    }

    let mut users: HashMap<String, String> = HashMap::new();
    for (order, person) in (1_i64..).zip(catalogue.teachers.iter().chain(&catalogue.students)) {
        let role = person.role_name.to_uppercase();
        let user = NewUser {
            username: &person.username,
            email: &person.email,
            password_hash: &demo_hash,
            first_name: &person.first_name,
            last_name: &person.last_name,
            phone: Some(&person.phone_number),
            address: Some(&person.address),
            dob: Some(&person.dob),
            avatar: Some(&person.avatar),
            role: &role,
        };
        let id = ensure_user(conn, &user).await?;
        if role == "TEACHER" {
            let profile = ProfileInput {
                profession: person.profession.clone().unwrap_or_default(),
                expertise: person.expertise.clone(),
                bio: person.bio.clone().unwrap_or_default(),
                sort_order: order,
            };
            repo::mentors::upsert_profile(conn, &id, &profile).await?;
            for plan in &person.mentorship_plans {
                let input = PlanInput {
                    slug: plan.key.clone(),
                    title: plan.title.clone(),
                    price: plan.price,
                    currency: plan.currency.clone(),
                    short_description: plan.short_description.clone(),
                    services: plan.services.clone(),
                    duration_days: plan.duration_days,
                };
                repo::mentors::insert_plan(conn, &new_id(), &id, &input).await?;
            }
        }
        users.insert(person.username.clone(), id);
    }
    let user = |name: &str| users.get(name).cloned().with_context(|| format!("unknown demo user {name:?}"));

    let mut types = HashMap::new();
    for kind in &catalogue.course_types {
        let id = new_id();
        let input =
            CourseTypeInput { slug: kind.key.clone(), name: kind.name.clone(), description: kind.description.clone() };
        repo::course_types::insert_course_type(conn, &id, &input).await?;
        types.insert(kind.key.clone(), id);
    }
    let mut categories = HashMap::new();
    for category in &catalogue.categories {
        let id = new_id();
        let input = CategoryInput {
            slug: category.key.clone(),
            name: category.name.clone(),
            description: category.description.clone(),
            image: Some(category.image.clone()),
            sort_order: category.order,
        };
        repo::categories::insert_category(conn, &id, &input).await?;
        categories.insert(category.key.clone(), id);
    }

    for course in &catalogue.courses {
        let input = CourseInput {
            slug: course.slug.clone(),
            title: course.title.clone(),
            description: course.description.clone(),
            outcomes: course.what_you_will_learn.clone(),
            requirements: course.requirements.clone(),
            thumbnail: Some(course.thumbnail.clone()),
            price: course.price,
            discount: course.discount,
            currency: course.currency.clone(),
            badge: course.course_badge.clone(),
            level: course.level.clone(),
            total_seat: course.total_seat,
            category_id: categories.get(&course.category).cloned().context("unknown category")?,
            type_id: types.get(&course.course_type).cloned(),
            language: course.language.clone(),
        };
        let sales = if course.price == 0 { 0 } else { course.enrollment_count * (35 + spread(&course.slug, 55)) / 100 };
        let figures = CourseFigures {
            rating_avg: course.rating_average,
            rating_count: course.rating_count,
            enrollment_count: course.enrollment_count,
            sales_count: sales,
            created_at: Some(millis(&course.created_at)?),
            updated_at: Some(millis(&course.updated_at)?),
        };
        let status = academy_shared::catalogue::CourseStatus::try_from(course.status.clone())?;
        let id = repo::courses::insert(conn, &user(&course.instructor)?, &input, status, &figures)
            .await
            .with_context(|| format!("loading the course {}", course.slug))?;
        let mut sections: Vec<&Section> = course.sections.iter().collect();
        sections.sort_by_key(|s| s.order);
        let sections: Vec<SectionInput> = sections
            .into_iter()
            .map(|section| {
                let mut lessons: Vec<&Lesson> = section.lessons.iter().collect();
                lessons.sort_by_key(|l| l.order);
                SectionInput {
                    id: None,
                    title: section.title.clone(),
                    lessons: lessons
                        .into_iter()
                        .map(|lesson| LessonInput {
                            id: None,
                            title: lesson.title.clone(),
                            duration_seconds: lesson.duration_seconds,
                            video_url: Some(lesson.video_url.clone()),
                            free_preview: lesson.free_preview,
                        })
                        .collect(),
                }
            })
            .collect();
        repo::courses::replace_curriculum(conn, &id, &sections).await?;
        // Keep the catalogue's own update time rather than the load time.
        sqlx::query("update courses set updated_at = $2 where id = $1")
            .bind(&id)
            .bind(millis(&course.updated_at)?)
            .execute(&mut *conn)
            .await?;
    }

    for post in &catalogue.posts {
        let input = PostInput {
            slug: post.slug.clone(),
            author_id: Some(user(&post.author)?),
            title: post.title.clone(),
            excerpt: post.excerpt.clone(),
            content: post.content.clone(),
            images: post.images.clone(),
            tags: post.tags.clone(),
            status: academy_shared::catalogue::PostStatus::try_from(post.status.clone())?,
            created_at: millis(&post.created_at)?,
            updated_at: millis(&post.updated_at)?,
        };
        repo::posts::insert_post(conn, &new_id(), &input).await?;
    }
    for item in &catalogue.feed {
        repo::feed::insert_feed_post(
            conn,
            &user(&item.author)?,
            &item.text,
            item.image.as_deref(),
            item.likes,
            millis(&item.created_at)?,
        )
        .await?;
    }
    for banner in &catalogue.banners {
        let input = BannerInput {
            slug: banner.key.clone(),
            title: banner.title.clone(),
            subtitle: banner.subtitle.clone(),
            image: banner.image.clone(),
            link: banner.link.clone(),
            active: banner.active,
            sort_order: banner.order,
        };
        repo::banners::insert_banner(conn, &new_id(), &input).await?;
    }
    for (order, t) in (1_i64..).zip(&catalogue.testimonials) {
        repo::banners::insert_testimonial(conn, &t.name, t.avatar.as_deref(), t.rating, &t.position, &t.quote, order)
            .await?;
    }
    let mut subjects = HashMap::new();
    for subject in &catalogue.subjects {
        let id = new_id();
        let input = SubjectInput {
            code: subject.code.clone(),
            credits: subject.credits,
            name: subject.name.clone(),
            description: subject.description.clone(),
        };
        crate::material::repo::insert_subject(conn, &id, Some(&user(&subject.owner)?), &input).await?;
        subjects.insert(subject.code.clone(), id);
    }
    for syllabus in &catalogue.syllabuses {
        let input = SyllabusInput {
            code: syllabus.code.clone(),
            owner_id: Some(user(&syllabus.owner)?),
            duration_weeks: syllabus.duration_weeks,
            name: syllabus.name.clone(),
            description: syllabus.description.clone(),
            status: academy_shared::catalogue::SyllabusStatus::try_from(syllabus.status.clone())?,
            subject_ids: syllabus.subjects.iter().filter_map(|code| subjects.get(code).cloned()).collect(),
            created_at: millis(&syllabus.created_at)?,
        };
        crate::material::repo::save_syllabus(conn, &new_id(), &input, false).await?;
    }

    tx.commit().await?;
    tracing::info!(
        courses = catalogue.courses.len(),
        teachers = catalogue.teachers.len(),
        students = catalogue.students.len(),
        "demo: catalogue loaded"
    );
    commerce::settings(state).await?;
    let students: Vec<&str> = catalogue.students.iter().map(|s| s.username.as_str()).collect();
    let slugs: Vec<&str> = catalogue.courses.iter().map(|c| c.slug.as_str()).collect();
    purchases::load(state, &students, &slugs).await?;

    let mut tx = crate::platform::db::begin_write(&state.pool).await?;
    let conn = &mut *tx;
    crate::learning::demo::load(conn, now_ms()).await?;
    crate::classes::demo::load(conn, now_ms()).await?;
    let admin: Option<String> = sqlx::query_scalar("select id from users where username = $1")
        .bind(STAFF_ACCOUNTS[0].0)
        .fetch_optional(&mut *conn)
        .await?;
    crate::notifications::demo::load(conn, admin.as_deref(), now_ms()).await?;
    tx.commit().await?;
    commerce::load(state).await?;
    payouts::load(state).await?;
    schedule::load(state).await?;
    chat::load(state).await?;
    Ok(true)
}
