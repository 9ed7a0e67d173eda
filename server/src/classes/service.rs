//! The use cases of live classes: a teacher schedules, edits and cancels a class and reads its roster; a student
//! registers and withdraws; a teacher's calendar reads their classes over a range.

use academy_shared::{
    classes::{
        ClassError, ClassFacts, ClassField, RegistrationRefusal, Seating, registration_refusal, validate_class,
        withdrawal_refusal,
    },
    roles::Role,
    validation::FieldErrors,
};

use super::{
    ClassesError,
    repo::{self, ClassInput, ClassRow},
};
use crate::platform::db::{Pool, begin_write, now_ms};

const MINUTE_MS: i64 = 60 * 1000;

/// A class as the editor sends it (`starts_at` a UTC instant in milliseconds).
#[derive(Debug, Clone)]
pub struct ClassForm {
    pub topic: String,
    pub description: String,
    pub course_id: Option<String>,
    pub plan_id: Option<String>,
    pub starts_at: i64,
    pub minutes: i64,
    pub seats: i64,
}

/// Who acts.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user_id: &'a str,
    pub role: Role,
}

impl Actor<'_> {
    fn manages(&self, class: &ClassRow) -> bool {
        self.role == Role::Admin || (self.role == Role::Teacher && class.teacher_id == self.user_id)
    }
}

fn non_blank(id: &Option<String>) -> Option<String> {
    id.as_deref().map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned)
}

/// Checks the form with the shared rules; the input to store.
fn validated(form: &ClassForm, now: i64) -> Result<ClassInput, ClassesError> {
    let facts = ClassFacts {
        topic: &form.topic,
        description: &form.description,
        course_id: form.course_id.as_deref(),
        plan_id: form.plan_id.as_deref(),
        starts_at_ms: form.starts_at,
        minutes: form.minutes,
        seats: form.seats,
    };
    validate_class(&facts, now).map_err(ClassesError::Invalid)?;
    Ok(ClassInput {
        topic: form.topic.trim().to_owned(),
        description: form.description.trim().to_owned(),
        course_id: non_blank(&form.course_id),
        plan_id: non_blank(&form.plan_id),
        starts_at: form.starts_at,
        ends_at: form.starts_at + form.minutes * MINUTE_MS,
        seats: form.seats,
    })
}

/// The class's course or plan must exist and, for a teacher, be their own (an administrator schedules for any
/// teacher's course or plan; the class is then the audience owner's).
async fn audience_teacher(
    conn: &mut sqlx::AnyConnection,
    actor: Actor<'_>,
    input: &ClassInput,
) -> Result<String, ClassesError> {
    let (course, plan) = (input.course_id.as_deref(), input.plan_id.as_deref());
    if !repo::audience_exists(conn, course, plan).await? {
        let mut errors = FieldErrors::default();
        errors.add(ClassField::Audience, ClassError::AudienceMissing);
        return Err(ClassesError::Invalid(errors));
    }
    if repo::owns_audience(conn, actor.user_id, course, plan).await? {
        return Ok(actor.user_id.to_owned());
    }
    if actor.role != Role::Admin {
        return Err(ClassesError::Forbidden);
    }
    repo::audience_owner(conn, course, plan).await?.ok_or(ClassesError::NotFound)
}

fn require_teacher(actor: Actor<'_>) -> Result<(), ClassesError> {
    if actor.role.teaches() { Ok(()) } else { Err(ClassesError::Forbidden) }
}

/// Schedules a class.
pub async fn create(pool: &Pool, actor: Actor<'_>, form: &ClassForm) -> Result<ClassRow, ClassesError> {
    require_teacher(actor)?;
    let now = now_ms();
    let input = validated(form, now)?;
    let mut tx = begin_write(pool).await?;
    let teacher = audience_teacher(&mut tx, actor, &input).await?;
    let id = repo::insert(&mut tx, &teacher, &input, now).await?;
    let row = repo::find(&mut tx, &id).await?.ok_or(ClassesError::NotFound)?;
    tx.commit().await?;
    Ok(row)
}

async fn managed(conn: &mut sqlx::AnyConnection, actor: Actor<'_>, id: &str) -> Result<ClassRow, ClassesError> {
    require_teacher(actor)?;
    let class = repo::find(conn, id).await?.ok_or(ClassesError::NotFound)?;
    if actor.manages(&class) { Ok(class) } else { Err(ClassesError::Forbidden) }
}

/// Rewrites a class not yet started; its seats never go below its registrations. Returns the class and when it
/// started before.
pub async fn update(
    pool: &Pool,
    actor: Actor<'_>,
    id: &str,
    form: &ClassForm,
) -> Result<(ClassRow, i64), ClassesError> {
    let now = now_ms();
    let input = validated(form, now)?;
    let mut tx = begin_write(pool).await?;
    let class = managed(&mut tx, actor, id).await?;
    if let Some(refusal) = registration_refusal(Seating { seats: i64::MAX, ..seating(&class) }, now) {
        return Err(ClassesError::Refused(refusal));
    }
    audience_teacher(&mut tx, actor, &input).await?;
    if input.seats < class.taken {
        let mut errors = FieldErrors::default();
        errors.add(ClassField::Seats, ClassError::SeatsBelowRegistered { registered: class.taken });
        return Err(ClassesError::Invalid(errors));
    }
    repo::update(&mut tx, id, &input, now).await?;
    let row = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
    tx.commit().await?;
    Ok((row, class.starts_at))
}

/// Cancels a class not yet over; its registrations stay, so the students see it cancelled.
pub async fn cancel(pool: &Pool, actor: Actor<'_>, id: &str) -> Result<ClassRow, ClassesError> {
    let mut tx = begin_write(pool).await?;
    let class = managed(&mut tx, actor, id).await?;
    if !class.cancelled() {
        repo::cancel(&mut tx, id, now_ms()).await?;
    }
    let row = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
    tx.commit().await?;
    Ok(row)
}

/// A class its teacher (or an administrator) reads, with the registered students.
pub async fn roster(
    pool: &Pool,
    actor: Actor<'_>,
    id: &str,
) -> Result<(ClassRow, Vec<repo::RegistrantRow>), ClassesError> {
    let mut conn = pool.acquire().await?;
    let class = managed(&mut conn, actor, id).await?;
    drop(conn);
    let registrants = repo::registrants(pool, id).await?;
    Ok((class, registrants))
}

pub fn seating(class: &ClassRow) -> Seating {
    Seating { starts_at_ms: class.starts_at, seats: class.seats, taken: class.taken, cancelled: class.cancelled() }
}

/// Registers the student for the class. Registering again changes nothing; the class as it stands after.
pub async fn register(pool: &Pool, student_id: &str, id: &str) -> Result<ClassRow, ClassesError> {
    let now = now_ms();
    let mut tx = begin_write(pool).await?;
    let class = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
    if repo::is_registered(&mut tx, id, student_id).await? {
        return Ok(class);
    }
    if class.teacher_id == student_id || !repo::in_audience(&mut tx, &class, student_id, now).await? {
        return Err(ClassesError::NotInAudience);
    }
    if !repo::take_seat(&mut tx, id, now).await? {
        let current = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
        let refusal = registration_refusal(seating(&current), now).unwrap_or(RegistrationRefusal::Full);
        return Err(ClassesError::Refused(refusal));
    }
    match repo::insert_registration(&mut tx, id, student_id, now).await {
        // The same student registering twice at once: the other request holds the seat.
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            drop(tx);
            let mut conn = pool.acquire().await?;
            return repo::find(&mut conn, id).await?.ok_or(ClassesError::NotFound);
        }
        result => result?,
    }
    let row = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
    tx.commit().await?;
    Ok(row)
}

/// Withdraws the student's registration before the class starts (a cancelled class may be left at any time).
/// Withdrawing without a registration changes nothing.
pub async fn withdraw(pool: &Pool, student_id: &str, id: &str) -> Result<ClassRow, ClassesError> {
    let now = now_ms();
    let mut tx = begin_write(pool).await?;
    let class = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
    if let Some(refusal) = withdrawal_refusal(seating(&class), now) {
        return Err(ClassesError::Refused(refusal));
    }
    repo::withdraw(&mut tx, id, student_id).await?;
    let row = repo::find(&mut tx, id).await?.ok_or(ClassesError::NotFound)?;
    tx.commit().await?;
    Ok(row)
}

/// The classes a teacher holds overlapping [from_ms, to_ms), cancelled ones too, in time order (their calendar).
pub async fn teaching_between(
    pool: &Pool,
    teacher_id: &str,
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<ClassRow>, sqlx::Error> {
    repo::between(pool, teacher_id, from_ms, to_ms).await
}
