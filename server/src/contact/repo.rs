//! What visitors send: contact and admission messages (the dashboard's inboxes) and newsletter subscriptions.

use academy_shared::{
    contact::{AdmissionForm, ContactForm},
    search::normalize_search,
};
use sqlx::FromRow;

use crate::platform::db::{Flag, Pool, new_id, now_ms};

/// Which inbox: the contact page's messages or the admission form's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inbox {
    Contact,
    Admission,
}

impl Inbox {
    fn table(self) -> &'static str {
        match self {
            Inbox::Contact => "contact_messages",
            Inbox::Admission => "admission_messages",
        }
    }
}

/// A message of either inbox (`subject` is the course name for admission messages).
#[derive(Debug, Clone, FromRow)]
pub struct MessageRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
    #[sqlx(try_from = "i64")]
    pub is_read: Flag,
    pub created_at: i64,
}

pub async fn insert_admission(pool: &Pool, form: &AdmissionForm) -> Result<String, sqlx::Error> {
    let id = new_id();
    let search =
        normalize_search(&format!("{} {} {} {} {}", form.name, form.email, form.phone, form.course_name, form.message));
    sqlx::query(
        "insert into admission_messages (id, name, email, phone, course_name, message, is_read, search_text, \
         created_at) values ($1, $2, $3, $4, $5, $6, 0, $7, $8)",
    )
    .bind(&id)
    .bind(&form.name)
    .bind(&form.email)
    .bind(&form.phone)
    .bind(&form.course_name)
    .bind(&form.message)
    .bind(search)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(id)
}

pub async fn insert_contact(pool: &Pool, form: &ContactForm) -> Result<String, sqlx::Error> {
    let id = new_id();
    let search =
        normalize_search(&format!("{} {} {} {} {}", form.name, form.email, form.phone, form.subject, form.message));
    sqlx::query(
        "insert into contact_messages (id, name, email, phone, subject, message, is_read, search_text, created_at) \
         values ($1, $2, $3, $4, $5, $6, 0, $7, $8)",
    )
    .bind(&id)
    .bind(&form.name)
    .bind(&form.email)
    .bind(&form.phone)
    .bind(&form.subject)
    .bind(&form.message)
    .bind(search)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(id)
}

/// Filters of an inbox listing.
#[derive(Debug, Clone, Default)]
pub struct InboxQuery {
    pub search: Option<String>,
    /// `Some(true)`: read only; `Some(false)`: unread only.
    pub read: Option<bool>,
    pub limit: i64,
    pub offset: i64,
}

/// One page of an inbox, newest first, with the total and the unread count.
pub async fn list(pool: &Pool, inbox: Inbox, query: &InboxQuery) -> Result<(Vec<MessageRow>, i64, i64), sqlx::Error> {
    let table = inbox.table();
    let subject = match inbox {
        Inbox::Contact => "subject",
        Inbox::Admission => "course_name as subject",
    };
    let mut clauses = vec!["1 = 1".to_owned()];
    let mut params: Vec<String> = Vec::new();
    for word in normalize_search(query.search.as_deref().unwrap_or_default()).split(' ').filter(|w| !w.is_empty()) {
        let escaped: String =
            word.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
        params.push(format!("%{escaped}%"));
        clauses.push(format!("search_text like ${} escape '\\'", params.len()));
    }
    match query.read {
        Some(true) => clauses.push("is_read = 1".to_owned()),
        Some(false) => clauses.push("is_read = 0".to_owned()),
        None => {}
    }
    let filter = clauses.join(" and ");
    let sql = format!(
        "select id, name, email, phone, {subject}, message, is_read, created_at from {table} where {filter} \
         order by created_at desc, id limit {} offset {}",
        query.limit.clamp(1, 100),
        query.offset.max(0)
    );
    let mut rows = sqlx::query_as::<_, MessageRow>(&sql);
    let count_sql = format!("select count(*) from {table} where {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for param in &params {
        rows = rows.bind(param.as_str());
        count = count.bind(param.as_str());
    }
    let items = rows.fetch_all(pool).await?;
    let total = count.fetch_one(pool).await?;
    let unread = sqlx::query_scalar(&format!("select count(*) from {table} where is_read = 0")).fetch_one(pool).await?;
    Ok((items, total, unread))
}

/// Marks a message read or unread; `false` when it does not exist.
pub async fn set_read(pool: &Pool, inbox: Inbox, id: &str, read: bool) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!("update {} set is_read = $2 where id = $1", inbox.table()))
        .bind(id)
        .bind(i64::from(read))
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete(pool: &Pool, inbox: Inbox, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!("delete from {} where id = $1", inbox.table())).bind(id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

/// Subscribes an e-mail (already normalised); subscribing twice is not an error. `true` when it is new.
pub async fn subscribe(pool: &Pool, email: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into newsletter_subscriptions (id, email, created_at) values ($1, $2, $3) \
         on conflict (email) do nothing",
    )
    .bind(new_id())
    .bind(email)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Whether an address is subscribed.
pub async fn is_subscribed(pool: &Pool, email: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("select 1 from newsletter_subscriptions where email = $1")
        .bind(email)
        .fetch_optional(pool)
        .await?;
    Ok(found.is_some())
}
