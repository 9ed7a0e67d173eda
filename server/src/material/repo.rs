//! Teaching material as the dashboard lists it: subjects and syllabuses with their owners' names, and the checks
//! a syllabus save needs. Rows and writes of single items live in [`crate::catalogue::repo::catalogue`].

use sqlx::FromRow;

use crate::{
    catalogue::repo::catalogue::{SubjectRow, SyllabusRow},
    platform::db::Pool,
};

/// The owner's display name: first and last name, else the username; empty without an owner.
const OWNER_NAME: &str = "coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), \
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
