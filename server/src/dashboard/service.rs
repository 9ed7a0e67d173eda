//! Each role's home, read on one connection (the home is one request).

use academy_shared::{
    Lang,
    money::Currency,
    reports::{Grouping, LocalDate},
    roles::Role,
};

use super::{
    repo::{self, Material},
    views::{
        AdminHomeView, DayRevenueView, HomeOrderView, HomeReviewView, HomeView, MaterialView, SetupView, StaffHomeView,
        TeacherHomeView, UpcomingView,
    },
};
use crate::{
    catalogue::routes::courses::iso,
    finance::{balance, settings},
    platform::db::Pool,
    reports::service::daily_net,
};

const DAY_MS: i64 = 86_400_000;

fn pick(vi: &str, en: &str, lang: Lang) -> String {
    let text = lang.pick(vi, en);
    if text.is_empty() { lang.pick(en, vi) } else { text }.to_owned()
}

/// The home of `role` for `user_id` at `now`; `None` for roles without one (students).
pub async fn home(
    pool: &Pool,
    user_id: &str,
    role: Role,
    lang: Lang,
    now: i64,
) -> Result<Option<HomeView>, sqlx::Error> {
    let (admin, teacher, staff) = match role {
        Role::Admin => (Some(admin_home(pool, now).await?), None, None),
        Role::Teacher => (None, Some(teacher_home(pool, user_id, lang, now).await?), None),
        Role::Staff => (None, None, Some(staff_home(pool, lang, now).await?)),
        _ => return Ok(None),
    };
    Ok(Some(HomeView { role: role.as_str().to_owned(), admin, teacher, staff }))
}

async fn admin_home(pool: &Pool, now: i64) -> Result<AdminHomeView, sqlx::Error> {
    let today = LocalDate::of_instant(now);
    let first = today.add_days(-29);
    let days = daily_net(pool, None, first, today).await?;
    let net = |s: &crate::reports::repo::Sums| s.gross - s.discounts - s.refunds;
    let mut conn = pool.acquire().await?;
    let (unread_contact, unread_admission) = repo::unread_messages(&mut conn).await?;
    let orders = repo::latest_orders(&mut conn, 5).await?;
    Ok(AdminHomeView {
        revenue_today: days.last().map(|(_, s)| net(s)).unwrap_or(0),
        revenue_last_30_days: days.iter().map(|(_, s)| net(s)).sum(),
        revenue_series: days.iter().map(|(d, s)| DayRevenueView { day: d.to_string(), net_sales: net(s) }).collect(),
        orders_today: days.last().map(|(_, s)| s.orders).unwrap_or(0),
        orders_last_30_days: days.iter().map(|(_, s)| s.orders).sum(),
        new_students_last_30_days: repo::registered_since(&mut conn, Some("STUDENT"), first.start_ms()).await?,
        transfers_to_review: repo::transfers_to_review(&mut conn).await?,
        payout_requests_waiting: repo::payout_requests_waiting(&mut conn).await?,
        unread_contact_messages: unread_contact,
        unread_admission_messages: unread_admission,
        latest_orders: orders
            .into_iter()
            .map(|o| HomeOrderView {
                id: o.id,
                code: o.code,
                student_name: o.student_name,
                total: o.total,
                currency: o.currency.code().to_owned(),
                status: o.status.as_str().to_owned(),
                created_at: iso(o.created_at),
            })
            .collect(),
    })
}

async fn teacher_home(pool: &Pool, teacher_id: &str, lang: Lang, now: i64) -> Result<TeacherHomeView, sqlx::Error> {
    let today = LocalDate::of_instant(now);
    let month_start = today.group_start(Grouping::Month);
    let last_month_start = month_start.add_days(-1).group_start(Grouping::Month);
    let days = daily_net(pool, Some(teacher_id), last_month_start, today).await?;
    let (mut this_month, mut last_month) = ((0, 0), (0, 0));
    for (day, s) in &days {
        let target = if *day >= month_start { &mut this_month } else { &mut last_month };
        target.0 += s.gross - s.discounts - s.refunds;
        target.1 += s.teacher_share;
    }
    let rules = settings::read(pool).await?.rules;
    let mut conn = pool.acquire().await?;
    let figures = balance::figures(&mut conn, teacher_id, &rules, now).await?;
    let vnd = figures.iter().find(|f| f.currency == Currency::Vnd);
    let (average, review_count) = repo::rating_of(&mut conn, teacher_id).await?;
    let upcoming = repo::upcoming(&mut conn, teacher_id, now, now + 7 * DAY_MS).await?;
    let reviews = repo::latest_reviews(&mut conn, teacher_id, 5).await?;
    let [profile_picture, first_course, payout_account, available_hours] =
        repo::setup_of(&mut conn, teacher_id).await?;
    Ok(TeacherHomeView {
        available: vnd.map(|f| f.available).unwrap_or(0),
        maturing: vnd.map(|f| f.maturing).unwrap_or(0),
        reserved: vnd.map(|f| f.reserved).unwrap_or(0),
        students: repo::students_of(&mut conn, teacher_id).await?,
        average_rating: average.map(|a| (a * 10.0).round() / 10.0),
        review_count,
        sales_this_month: this_month.0,
        sales_last_month: last_month.0,
        earnings_this_month: this_month.1,
        earnings_last_month: last_month.1,
        upcoming: upcoming
            .into_iter()
            .map(|u| UpcomingView {
                kind: u.kind.to_owned(),
                id: u.id,
                title: pick(&u.title_vi, &u.title_en, lang),
                starts_at: iso(u.starts_at),
                ends_at: iso(u.ends_at),
            })
            .collect(),
        latest_reviews: reviews
            .into_iter()
            .map(|r| HomeReviewView {
                id: r.id,
                course_id: r.course_id,
                course_title: pick(&r.course_title_vi, &r.course_title_en, lang),
                student_name: r.student_name,
                rating: r.rating,
                body: r.body,
                created_at: iso(r.created_at),
            })
            .collect(),
        setup: SetupView {
            profile_picture,
            first_course,
            payout_account,
            available_hours,
            complete: profile_picture && first_course && payout_account && available_hours,
        },
    })
}

async fn staff_home(pool: &Pool, lang: Lang, now: i64) -> Result<StaffHomeView, sqlx::Error> {
    let monday = LocalDate::of_instant(now).group_start(Grouping::Week);
    let mut conn = pool.acquire().await?;
    let (unread_contact, unread_admission) = repo::unread_messages(&mut conn).await?;
    let material = |rows: Vec<repo::MaterialRow>| {
        rows.into_iter()
            .map(|m| MaterialView {
                id: m.id,
                code: m.code,
                name: pick(&m.name_vi, &m.name_en, lang),
                updated_at: iso(m.updated_at),
            })
            .collect::<Vec<_>>()
    };
    Ok(StaffHomeView {
        unread_contact_messages: unread_contact,
        unread_admission_messages: unread_admission,
        recent_syllabuses: material(repo::recently_changed(&mut conn, Material::Syllabuses, 5).await?),
        recent_subjects: material(repo::recently_changed(&mut conn, Material::Subjects, 5).await?),
        users_this_week: repo::registered_since(&mut conn, None, monday.start_ms()).await?,
    })
}
