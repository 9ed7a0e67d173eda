//! Mentorship plans as their teachers manage them: each checked by the shared rules, written by its owner (an
//! administrator: any plan). A plan that was ever booked is paused, never deleted: its bookings and orders keep
//! pointing at it. Changing a plan never changes a booking: each keeps the price paid for it.

use academy_shared::{
    catalogue::slugify,
    mentorship::plan::{DurationUnit, PlanError, PlanFacts, PlanField, validate_plan},
    roles::Role,
    validation::FieldErrors,
};

use super::{
    MentorshipError,
    repo::{self, PlanInput, PlanRow},
};
use crate::{
    platform::db::{Pool, new_id, now_ms},
    platform::localized::Localized,
};

/// A plan as the editor sends it.
#[derive(Debug, Clone)]
pub struct PlanForm {
    pub title: Localized,
    pub short_description: Localized,
    pub services: Vec<Localized>,
    pub price: i64,
    pub currency: String,
    pub duration_value: i64,
    pub duration_unit: String,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub max_mentees: i64,
    pub active: bool,
}

/// Who acts on a plan.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user_id: &'a str,
    pub role: Role,
}

impl Actor<'_> {
    fn may_manage(&self, plan: &PlanRow) -> bool {
        self.role == Role::Admin || (self.role == Role::Teacher && plan.owner_id == self.user_id)
    }
}

fn trimmed(l: &Localized) -> Localized {
    Localized::new(l.vi.trim(), l.en.trim())
}

/// Checks the form with the shared rules; the input to store.
pub fn validated(form: &PlanForm) -> Result<PlanInput, FieldErrors<PlanField, PlanError>> {
    let services: Vec<(&str, &str)> = form.services.iter().map(|s| (s.vi.as_str(), s.en.as_str())).collect();
    let facts = PlanFacts {
        title_vi: &form.title.vi,
        title_en: &form.title.en,
        short_description_vi: &form.short_description.vi,
        short_description_en: &form.short_description.en,
        services: &services,
        price: form.price,
        currency: &form.currency,
        duration_value: form.duration_value,
        duration_unit: &form.duration_unit,
        sessions_per_period: form.sessions_per_period,
        session_minutes: form.session_minutes,
        max_mentees: form.max_mentees,
    };
    let duration = validate_plan(&facts)?;
    let days = match duration.unit {
        DurationUnit::Days => duration.value,
        DurationUnit::Months => duration.value * 30,
    };
    Ok(PlanInput {
        title: trimmed(&form.title),
        short_description: trimmed(&form.short_description),
        services: form.services.iter().map(trimmed).collect(),
        price: form.price,
        currency: form.currency.clone(),
        duration_value: duration.value,
        duration_unit: duration.unit,
        duration_days: days,
        sessions_per_period: form.sessions_per_period,
        session_minutes: form.session_minutes,
        max_mentees: form.max_mentees,
        active: form.active,
    })
}

/// Creates a plan owned by the teacher (or administrator) acting.
pub async fn create(pool: &Pool, actor: Actor<'_>, form: &PlanForm) -> Result<PlanRow, MentorshipError> {
    require_manager(actor)?;
    let input = validated(form).map_err(MentorshipError::Invalid)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let base = slugify(&input.title.vi);
    let base = if base.is_empty() { "plan".to_owned() } else { base };
    let mut slug = base.clone();
    let mut n = 2;
    while repo::slug_taken(&mut tx, actor.user_id, &slug).await? {
        slug = format!("{base}-{n}");
        n += 1;
    }
    let id = new_id();
    repo::insert_plan(&mut tx, &id, actor.user_id, &slug, &input, now_ms()).await?;
    let row = repo::find_plan(&mut tx, &id).await?.ok_or(MentorshipError::PlanNotFound)?;
    tx.commit().await?;
    Ok(row)
}

fn require_manager(actor: Actor<'_>) -> Result<(), MentorshipError> {
    if actor.role.teaches() { Ok(()) } else { Err(MentorshipError::Forbidden) }
}

async fn managed(conn: &mut sqlx::AnyConnection, actor: Actor<'_>, id: &str) -> Result<PlanRow, MentorshipError> {
    require_manager(actor)?;
    let plan = repo::find_plan(conn, id).await?.ok_or(MentorshipError::PlanNotFound)?;
    if actor.may_manage(&plan) { Ok(plan) } else { Err(MentorshipError::Forbidden) }
}

/// A plan its owner (or an administrator) reads.
pub async fn read(pool: &Pool, actor: Actor<'_>, id: &str) -> Result<PlanRow, MentorshipError> {
    let mut conn = pool.acquire().await?;
    managed(&mut conn, actor, id).await
}

/// Rewrites a plan. Bookings made of it keep what was paid.
pub async fn update(pool: &Pool, actor: Actor<'_>, id: &str, form: &PlanForm) -> Result<PlanRow, MentorshipError> {
    let input = validated(form).map_err(MentorshipError::Invalid)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    managed(&mut tx, actor, id).await?;
    repo::update_plan(&mut tx, id, &input, now_ms()).await?;
    let row = repo::find_plan(&mut tx, id).await?.ok_or(MentorshipError::PlanNotFound)?;
    tx.commit().await?;
    Ok(row)
}

/// Deletes a plan never booked; one that was booked is refused (pause it instead).
pub async fn delete(pool: &Pool, actor: Actor<'_>, id: &str) -> Result<(), MentorshipError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    managed(&mut tx, actor, id).await?;
    if repo::plan_was_sold(&mut tx, id).await? {
        return Err(MentorshipError::PlanInUse);
    }
    repo::delete_plan(&mut tx, id).await?;
    tx.commit().await?;
    Ok(())
}

/// The plans a teacher manages (an administrator: every plan), with their active mentees.
pub async fn list(pool: &Pool, actor: Actor<'_>) -> Result<Vec<(PlanRow, i64)>, MentorshipError> {
    require_manager(actor)?;
    let owner = (actor.role != Role::Admin).then_some(actor.user_id);
    Ok(repo::list_plans(pool, owner, now_ms()).await?)
}
