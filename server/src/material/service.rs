//! Teaching material's use cases: subjects (every dashboard role lists, reads and creates them; a teacher edits
//! only their own) and syllabuses (administrators and staff write them; a teacher reads their own). Every write
//! is checked by the shared rules first and runs in one transaction.

use std::collections::HashMap;

use academy_shared::{
    catalogue::{self as rules, CatalogueError, CatalogueField, SubjectFacts, SyllabusFacts, SyllabusStatus},
    roles::Role,
    search::normalize_search,
    validation::FieldErrors,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::repo::{self, SubjectInput, SubjectListRow, SubjectRow, SyllabusInput, SyllabusListRow, SyllabusRow};
use crate::{
    platform::db::{Pool, new_id, now_ms},
    platform::localized::Localized,
};

/// Why a change to teaching material is refused.
#[derive(Debug, thiserror::Error)]
pub enum MaterialError {
    #[error("not found")]
    NotFound,
    /// A teacher asked for another teacher's subject or syllabus.
    #[error("another teacher's material")]
    NotYours,
    /// The form breaks the shared rules, field by field.
    #[error("invalid form")]
    Invalid(FieldErrors<CatalogueField, CatalogueError>),
    /// One value is refused (`field` as the API names it).
    #[error("{field} refused")]
    Refused { field: &'static str, error: CatalogueError },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Who works on the material: the signed-in person's id and role.
#[derive(Debug, Clone, Copy)]
pub struct Editor<'a> {
    pub id: &'a str,
    pub role: Role,
}

impl Editor<'_> {
    /// Administrators and staff edit every subject, a teacher only their own.
    pub fn may_edit_subject(&self, owner_id: Option<&str>) -> bool {
        match self.role {
            Role::Admin | Role::Staff => true,
            Role::Teacher => owner_id == Some(self.id),
            _ => false,
        }
    }
}

/// A subject as its form sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SubjectBody)]
pub struct SubjectForm {
    pub code: String,
    pub name: Localized,
    #[serde(default)]
    pub description: Localized,
    #[serde(default)]
    pub credits: i64,
}

impl SubjectForm {
    fn validated(self) -> Result<SubjectInput, MaterialError> {
        let facts = SubjectFacts {
            name_vi: &self.name.vi,
            name_en: &self.name.en,
            code: &self.code,
            credits: self.credits,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
        };
        rules::validate_subject(&facts).map_err(MaterialError::Invalid)?;
        Ok(SubjectInput {
            code: self.code.trim().to_owned(),
            credits: self.credits,
            name: trimmed(self.name),
            description: self.description,
        })
    }
}

/// A syllabus as its form sends it. `ownerId` (a user id) defaults to the editor on create and is kept on edit
/// when absent.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SyllabusBody)]
pub struct SyllabusForm {
    pub code: String,
    pub name: Localized,
    #[serde(default)]
    pub description: Localized,
    pub duration_weeks: i64,
    #[serde(default = "draft")]
    pub status: String,
    pub owner_id: Option<String>,
    /// Subject ids in teaching order.
    #[serde(default)]
    pub subjects: Vec<String>,
}

fn draft() -> String {
    "draft".to_owned()
}

impl SyllabusForm {
    fn validated(self, owner_id: Option<String>) -> Result<SyllabusInput, MaterialError> {
        let facts = SyllabusFacts {
            name_vi: &self.name.vi,
            name_en: &self.name.en,
            code: &self.code,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
            duration_weeks: self.duration_weeks,
            status: &self.status,
            owner_id: self.owner_id.as_deref().unwrap_or_default(),
            subject_ids: self.subjects.iter().map(String::as_str).collect(),
        };
        rules::validate_syllabus(&facts).map_err(MaterialError::Invalid)?;
        let Some(status) = SyllabusStatus::parse(&self.status) else {
            let mut errors = FieldErrors::default();
            errors.add(CatalogueField::Status, CatalogueError::StatusUnknown);
            return Err(MaterialError::Invalid(errors));
        };
        Ok(SyllabusInput {
            code: self.code.trim().to_owned(),
            owner_id: self.owner_id.filter(|o| !o.trim().is_empty()).or(owner_id),
            duration_weeks: self.duration_weeks,
            name: trimmed(self.name),
            description: self.description,
            status,
            subject_ids: self.subjects,
            created_at: now_ms(),
        })
    }
}

fn trimmed(text: Localized) -> Localized {
    Localized::new(text.vi.trim(), text.en.trim())
}

/// Whether `search` (marks ignored) is in one of the texts; an empty search matches everything.
fn matches(search: Option<&str>, texts: [&str; 3]) -> bool {
    let wanted = search.map(normalize_search).unwrap_or_default();
    wanted.trim().is_empty() || normalize_search(&texts.join(" ")).contains(wanted.trim())
}

/// Every subject by code, with its owner's name, filtered by `search`.
pub async fn subjects(pool: &Pool, search: Option<&str>) -> Result<Vec<SubjectListRow>, MaterialError> {
    let rows = repo::list_subjects(pool).await?;
    Ok(rows
        .into_iter()
        .filter(|r| matches(search, [&r.subject.code, &r.subject.name_vi, &r.subject.name_en]))
        .collect())
}

/// Creates a subject owned by the editor; answers its id. A taken code is refused by the database.
pub async fn create_subject(pool: &Pool, editor: Editor<'_>, form: SubjectForm) -> Result<String, MaterialError> {
    let input = form.validated()?;
    let id = new_id();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::insert_subject(&mut tx, &id, Some(editor.id), &input).await?;
    tx.commit().await?;
    Ok(id)
}

/// A subject (by id or code) with its owner's name.
pub async fn subject(pool: &Pool, id_or_code: &str) -> Result<(SubjectRow, String), MaterialError> {
    let row = repo::find_subject(pool, id_or_code).await?.ok_or(MaterialError::NotFound)?;
    let mut conn = pool.acquire().await?;
    let name = match &row.owner_id {
        Some(owner) => repo::owner_name(&mut conn, owner).await?.unwrap_or_default(),
        None => String::new(),
    };
    Ok((row, name))
}

/// Edits a subject (a teacher, only their own); answers its id.
pub async fn update_subject(
    pool: &Pool,
    editor: Editor<'_>,
    id_or_code: &str,
    form: SubjectForm,
) -> Result<String, MaterialError> {
    let existing = repo::find_subject(pool, id_or_code).await?.ok_or(MaterialError::NotFound)?;
    if !editor.may_edit_subject(existing.owner_id.as_deref()) {
        return Err(MaterialError::NotYours);
    }
    let input = form.validated()?;
    if !repo::update_subject(pool, &existing.id, &input).await? {
        return Err(MaterialError::NotFound);
    }
    Ok(existing.id)
}

/// Syllabuses, newest first: every one for administrators and staff, a teacher's own for a teacher; filtered by
/// `search`.
pub async fn syllabuses(
    pool: &Pool,
    editor: Editor<'_>,
    search: Option<&str>,
) -> Result<Vec<SyllabusListRow>, MaterialError> {
    let owner = (editor.role == Role::Teacher).then_some(editor.id);
    let rows = repo::list_syllabuses(pool, owner).await?;
    Ok(rows
        .into_iter()
        .filter(|r| matches(search, [&r.syllabus.code, &r.syllabus.name_vi, &r.syllabus.name_en]))
        .collect())
}

/// Adds a syllabus with its ordered subjects; answers its id.
pub async fn create_syllabus(pool: &Pool, editor: Editor<'_>, form: SyllabusForm) -> Result<String, MaterialError> {
    let input = form.validated(Some(editor.id.to_owned()))?;
    let id = new_id();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    check_references(&mut tx, &input).await?;
    repo::save_syllabus(&mut tx, &id, &input, false).await?;
    tx.commit().await?;
    Ok(id)
}

/// Edits a syllabus and replaces its subjects.
pub async fn update_syllabus(pool: &Pool, id: &str, form: SyllabusForm) -> Result<(), MaterialError> {
    let input = form.validated(None)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    check_references(&mut tx, &input).await?;
    if !repo::save_syllabus(&mut tx, id, &input, true).await? {
        return Err(MaterialError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// A syllabus read whole: its row, its owner's name, and its subjects in order with their owners' names.
#[derive(Debug)]
pub struct SyllabusRead {
    pub row: SyllabusRow,
    pub owner_name: String,
    pub subjects: Vec<(SubjectRow, String)>,
}

/// One syllabus with its subjects in order: any for administrators and staff, their own for a teacher.
pub async fn syllabus(pool: &Pool, editor: Editor<'_>, id_or_code: &str) -> Result<SyllabusRead, MaterialError> {
    let (row, subjects) = repo::find_syllabus(pool, id_or_code).await?.ok_or(MaterialError::NotFound)?;
    if editor.role == Role::Teacher && row.owner_id.as_deref() != Some(editor.id) {
        return Err(MaterialError::NotYours);
    }
    let mut conn = pool.acquire().await?;
    let mut names = HashMap::new();
    for owner in row.owner_id.iter().chain(subjects.iter().filter_map(|s| s.owner_id.as_ref())) {
        if !names.contains_key(owner) {
            let name = repo::owner_name(&mut conn, owner).await?.unwrap_or_default();
            names.insert(owner.clone(), name);
        }
    }
    let name_of = |owner: &Option<String>| owner.as_ref().and_then(|o| names.get(o).cloned()).unwrap_or_default();
    let owner_name = name_of(&row.owner_id);
    let subjects = subjects
        .into_iter()
        .map(|s| {
            let name = name_of(&s.owner_id);
            (s, name)
        })
        .collect();
    Ok(SyllabusRead { row, owner_name, subjects })
}

/// Checks what only the database knows: every subject exists and the owner is a user.
async fn check_references(conn: &mut sqlx::AnyConnection, input: &SyllabusInput) -> Result<(), MaterialError> {
    let found = repo::count_subjects(conn, &input.subject_ids).await?;
    if usize::try_from(found).unwrap_or(0) != input.subject_ids.len() {
        return Err(MaterialError::Refused { field: "subjects", error: CatalogueError::SubjectUnknown });
    }
    if let Some(owner) = &input.owner_id
        && repo::owner_name(conn, owner).await?.is_none()
    {
        return Err(MaterialError::Refused { field: "ownerId", error: CatalogueError::Required });
    }
    Ok(())
}
