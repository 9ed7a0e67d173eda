//! Teaching material as the dashboard lists it: subjects and syllabuses with their owners' names, and the checks
//! a syllabus save needs, and the rows and writes of single items.

use academy_shared::catalogue::SyllabusStatus;
use sqlx::FromRow;

use crate::{
    platform::db::{Pool, now_ms},
    platform::localized::Localized,
};

/// The owner's display name: family name then given name (the Vietnamese order), else the username; empty without
/// an owner.
const OWNER_NAME: &str = "coalesce(nullif(trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')), ''), \
     u.username, '') as owner_name";

#[derive(Debug, Clone, FromRow)]
pub struct SubjectListRow {
    #[sqlx(flatten)]
    pub subject: SubjectRow,
    pub owner_name: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct SyllabusListRow {
    #[sqlx(flatten)]
    pub syllabus: SyllabusRow,
    pub owner_name: String,
    pub subject_count: i64,
}

/// Every subject with its owner's name, by code.
pub async fn list_subjects(pool: &Pool) -> Result<Vec<SubjectListRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select s.id, s.code, s.owner_id, s.credits, s.name_vi, s.name_en, s.description_vi, s.description_en, \
         s.created_at, s.updated_at, {OWNER_NAME} from subjects s left join users u on u.id = s.owner_id \
         order by s.code"
    ))
    .fetch_all(pool)
    .await
}

/// Syllabuses with owner name and subject count, newest first; `owner` limits them to one teacher's.
pub async fn list_syllabuses(pool: &Pool, owner: Option<&str>) -> Result<Vec<SyllabusListRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select y.id, y.code, y.owner_id, y.duration_weeks, y.name_vi, y.name_en, y.description_vi, \
         y.description_en, y.status, y.created_at, y.updated_at, {OWNER_NAME}, \
         (select count(*) from syllabus_subjects l where l.syllabus_id = y.id) as subject_count \
         from syllabuses y left join users u on u.id = y.owner_id \
         where ($1 = '' or y.owner_id = $1) order by y.created_at desc, y.id"
    ))
    .bind(owner.unwrap_or(""))
    .fetch_all(pool)
    .await
}

/// The display name of a user (see [`OWNER_NAME`]), `None` for an unknown id.
pub async fn owner_name(conn: &mut sqlx::AnyConnection, user_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(&format!("select {OWNER_NAME} from users u where u.id = $1"))
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// How many of `ids` are existing subjects.
pub async fn count_subjects(conn: &mut sqlx::AnyConnection, ids: &[String]) -> Result<i64, sqlx::Error> {
    let mut found = 0;
    for id in ids {
        let n: i64 =
            sqlx::query_scalar("select count(*) from subjects where id = $1").bind(id).fetch_one(&mut *conn).await?;
        found += n;
    }
    Ok(found)
}

#[derive(Debug, Clone, FromRow)]
pub struct SubjectRow {
    pub id: String,
    pub code: String,
    pub owner_id: Option<String>,
    pub credits: i64,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const SUBJECT_COLUMNS: &str =
    "id, code, owner_id, credits, name_vi, name_en, description_vi, description_en, created_at, updated_at";

#[derive(Debug, Clone)]
pub struct SubjectInput {
    pub code: String,
    pub credits: i64,
    pub name: Localized,
    pub description: Localized,
}

pub async fn find_subject(pool: &Pool, id: &str) -> Result<Option<SubjectRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {SUBJECT_COLUMNS} from subjects where id = $1 or code = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await
}

pub async fn insert_subject(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    owner_id: Option<&str>,
    input: &SubjectInput,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("insert into subjects ({SUBJECT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)"))
        .bind(id)
        .bind(&input.code)
        .bind(owner_id)
        .bind(input.credits)
        .bind(&input.name.vi)
        .bind(&input.name.en)
        .bind(&input.description.vi)
        .bind(&input.description.en)
        .bind(now_ms())
        .execute(conn)
        .await
        .map(|_| ())
}

pub async fn update_subject(pool: &Pool, id: &str, input: &SubjectInput) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update subjects set code = $2, credits = $3, name_vi = $4, name_en = $5, description_vi = $6, \
         description_en = $7, updated_at = $8 where id = $1",
    )
    .bind(id)
    .bind(&input.code)
    .bind(input.credits)
    .bind(&input.name.vi)
    .bind(&input.name.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

#[derive(Debug, Clone, FromRow)]
pub struct SyllabusRow {
    pub id: String,
    pub code: String,
    pub owner_id: Option<String>,
    pub duration_weeks: i64,
    pub name_vi: String,
    pub name_en: String,
    pub description_vi: String,
    pub description_en: String,
    #[sqlx(try_from = "String")]
    pub status: SyllabusStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

const SYLLABUS_COLUMNS: &str = "id, code, owner_id, duration_weeks, name_vi, name_en, description_vi, \
    description_en, status, created_at, updated_at";

#[derive(Debug, Clone)]
pub struct SyllabusInput {
    pub code: String,
    pub owner_id: Option<String>,
    pub duration_weeks: i64,
    pub name: Localized,
    pub description: Localized,
    pub status: SyllabusStatus,
    /// Subject ids in order.
    pub subject_ids: Vec<String>,
    pub created_at: i64,
}

pub async fn find_syllabus(pool: &Pool, id: &str) -> Result<Option<(SyllabusRow, Vec<SubjectRow>)>, sqlx::Error> {
    let Some(row) = sqlx::query_as::<_, SyllabusRow>(&format!(
        "select {SYLLABUS_COLUMNS} from syllabuses where id = $1 or code = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let subjects = sqlx::query_as(
        "select s.id, s.code, s.owner_id, s.credits, s.name_vi, s.name_en, s.description_vi, s.description_en, \
         s.created_at, s.updated_at from syllabus_subjects l join subjects s on s.id = l.subject_id \
         where l.syllabus_id = $1 order by l.position",
    )
    .bind(&row.id)
    .fetch_all(pool)
    .await?;
    Ok(Some((row, subjects)))
}

/// Writes a syllabus and its ordered subjects (insert when `existing` is false).
pub async fn save_syllabus(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    input: &SyllabusInput,
    existing: bool,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let sql = if existing {
        "update syllabuses set code = $2, owner_id = coalesce($3, owner_id), duration_weeks = $4, name_vi = $5, \
         name_en = $6, description_vi = $7, description_en = $8, status = $9, updated_at = $11 where id = $1"
    } else {
        "insert into syllabuses (id, code, owner_id, duration_weeks, name_vi, name_en, description_vi, \
         description_en, status, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    };
    let done = sqlx::query(sql)
        .bind(id)
        .bind(&input.code)
        .bind(&input.owner_id)
        .bind(input.duration_weeks)
        .bind(&input.name.vi)
        .bind(&input.name.en)
        .bind(&input.description.vi)
        .bind(&input.description.en)
        .bind(input.status.as_str())
        .bind(input.created_at)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("delete from syllabus_subjects where syllabus_id = $1").bind(id).execute(&mut *conn).await?;
    for (position, subject_id) in input.subject_ids.iter().enumerate() {
        sqlx::query("insert into syllabus_subjects (syllabus_id, subject_id, position) values ($1, $2, $3)")
            .bind(id)
            .bind(subject_id)
            .bind(i64::try_from(position).unwrap_or(i64::MAX) + 1)
            .execute(&mut *conn)
            .await?;
    }
    Ok(true)
}
