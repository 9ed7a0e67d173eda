//! The SQL of a person's data: reading all of it for the export, what stands in the way of deleting an account,
//! and the deletion itself (details erased, rows of personal content deleted, kept records left pointing at the
//! anonymous account).

use serde_json::{Map, Value};
use sqlx::{AnyConnection, Row as _, any::AnyRow};

use crate::platform::{db::Pool, time::iso};

/// The rows `sql` selects with `binds` as `$1..$n`, each an object keyed by its columns in camelCase; columns
/// ending in `_at` (epoch milliseconds) are written as ISO 8601 instants.
pub async fn rows(pool: &Pool, sql: &str, binds: &[&str]) -> Result<Vec<Value>, sqlx::Error> {
    let mut query = sqlx::query(sql);
    for bind in binds {
        query = query.bind(*bind);
    }
    Ok(query.fetch_all(pool).await?.iter().map(row_json).collect())
}

fn row_json(row: &AnyRow) -> Value {
    use sqlx::Column as _;
    let mut object = Map::new();
    for (i, column) in row.columns().iter().enumerate() {
        let name = column.name();
        let value = if let Ok(number) = row.try_get::<Option<i64>, _>(i) {
            match number {
                Some(ms) if name.ends_with("_at") => Value::String(iso(ms)),
                Some(n) => Value::from(n),
                None => Value::Null,
            }
        } else if let Ok(real) = row.try_get::<Option<f64>, _>(i) {
            real.map_or(Value::Null, Value::from)
        } else {
            row.try_get::<Option<String>, _>(i).ok().flatten().map_or(Value::Null, Value::String)
        };
        object.insert(camel_case(name), value);
    }
    Value::Object(object)
}

fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// What a person's account is tied to that a deletion must wait for, counted as at `now_ms`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ties {
    /// Their orders waiting for payment.
    pub pending_orders: i64,
    /// Non-zero sums of their earnings account per currency (money owed to them, or by them after a late refund).
    pub earnings: Vec<(String, i64)>,
    /// Non-zero sums reserved by their payout requests per currency.
    pub reserved: Vec<(String, i64)>,
    /// Their payout requests not decided yet.
    pub open_payouts: i64,
    /// Booked mentorship sessions still to come, as teacher or student.
    pub upcoming_sessions: i64,
    /// Mentorship bookings of their students still running.
    pub running_mentorships: i64,
    /// Their scheduled classes still to come with students registered.
    pub upcoming_classes: i64,
    /// Whether they are the only active administrator.
    pub last_admin: bool,
}

/// Reads the [`Ties`] of `user_id` in `conn` (the deletion's transaction, so what it checked is what it sees).
pub async fn ties(conn: &mut AnyConnection, user_id: &str, role: &str, now_ms: i64) -> Result<Ties, sqlx::Error> {
    let pending_orders =
        count(conn, "select count(*) from orders where user_id = $1 and status = 'pending'", user_id, None).await?;
    let open_payouts =
        count(conn, "select count(*) from payout_requests where teacher_id = $1 and status = 'pending'", user_id, None)
            .await?;
    let upcoming_sessions = count(
        conn,
        "select count(*) from mentorship_sessions where (teacher_id = $1 or student_id = $1) and status = 'booked' \
         and end_at > $2",
        user_id,
        Some(now_ms),
    )
    .await?;
    let running_mentorships = count(
        conn,
        "select count(*) from mentorship_enrollments where mentor_id = $1 and end_at > $2",
        user_id,
        Some(now_ms),
    )
    .await?;
    let upcoming_classes = count(
        conn,
        "select count(*) from classes where teacher_id = $1 and status = 'scheduled' and ends_at > $2 and taken > 0",
        user_id,
        Some(now_ms),
    )
    .await?;
    let last_admin = role == "ADMIN"
        && sqlx::query_scalar::<_, i64>(
            "select count(*) from users where role = 'ADMIN' and status = 'active' and id <> $1",
        )
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await?
            == 0;
    Ok(Ties {
        pending_orders,
        earnings: balances(conn, &format!("teacher:{user_id}")).await?,
        reserved: balances(conn, &format!("payout:reserved:{user_id}")).await?,
        open_payouts,
        upcoming_sessions,
        running_mentorships,
        upcoming_classes,
        last_admin,
    })
}

async fn count(conn: &mut AnyConnection, sql: &str, user_id: &str, now_ms: Option<i64>) -> Result<i64, sqlx::Error> {
    let query = sqlx::query_scalar(sql).bind(user_id);
    match now_ms {
        Some(now) => query.bind(now).fetch_one(conn).await,
        None => query.fetch_one(conn).await,
    }
}

/// The non-zero sums of a ledger account per currency.
async fn balances(conn: &mut AnyConnection, account: &str) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "select currency, cast(sum(amount) as bigint) from ledger_entries where account_code = $1 group by currency \
         order by currency",
    )
    .bind(account)
    .fetch_all(conn)
    .await?;
    let sums: Vec<(String, i64)> =
        rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect::<Result<_, sqlx::Error>>()?;
    Ok(sums.into_iter().filter(|(_, sum)| *sum != 0).collect())
}

/// What a teacher's deletion does to what they sell: (courses with buyers, courses without, mentorship plans on
/// sale).
pub async fn teaching(pool: &Pool, user_id: &str) -> Result<(i64, i64, i64), sqlx::Error> {
    let with_buyers: i64 = sqlx::query_scalar(
        "select count(*) from courses c where c.instructor_id = $1 \
         and exists (select 1 from course_enrollments e where e.course_id = c.id)",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    let all: i64 = sqlx::query_scalar("select count(*) from courses where instructor_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    let plans: i64 =
        sqlx::query_scalar("select count(*) from mentorship_plans where owner_id = $1 and status = 'active'")
            .bind(user_id)
            .fetch_one(pool)
            .await?;
    Ok((with_buyers, all - with_buyers, plans))
}

/// The records kept after a deletion: (orders, payout requests).
pub async fn kept_records(pool: &Pool, user_id: &str) -> Result<(i64, i64), sqlx::Error> {
    let orders: i64 =
        sqlx::query_scalar("select count(*) from orders where user_id = $1").bind(user_id).fetch_one(pool).await?;
    let payouts: i64 = sqlx::query_scalar("select count(*) from payout_requests where teacher_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    Ok((orders, payouts))
}

/// Locks the account's row for the deletion (PostgreSQL; SQLite's write transaction already holds the database).
pub async fn lock_user(conn: &mut AnyConnection, user_id: &str, postgres: bool) -> Result<(), sqlx::Error> {
    let sql = if postgres {
        "select id from users where id = $1 and deleted_at is null for update"
    } else {
        "select id from users where id = $1 and deleted_at is null"
    };
    sqlx::query_scalar::<_, String>(sql).bind(user_id).fetch_optional(conn).await.map(|_| ())
}

/// The storage keys of the person's avatars (removed with their rows by [`erase`]).
pub async fn avatar_keys(conn: &mut AnyConnection, user_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("select storage_key from files where owner_id = $1 and purpose = 'avatar'")
        .bind(user_id)
        .fetch_all(conn)
        .await
}

/// Erases the person's details from their account and deletes what is theirs alone: sessions and refresh tokens,
/// password resets and e-mail changes, notifications, cart, reviews (the courses' ratings recomputed), their
/// teacher profile, availability and calendar address, room presence, avatar rows and newsletter subscription.
/// Payout accounts and requests keep the bank and the last four digits only. The account itself stays, locked
/// and anonymous, with a new token version: orders, payments, payouts and ledger entries keep their reference.
pub async fn erase(conn: &mut AnyConnection, user_id: &str, email_lower: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    let placeholder = anonymous_name(user_id);
    sqlx::query(
        "update users set username = $2, email = $3, email_lower = $3, password_hash = '!', first_name = null, \
         last_name = null, phone_number = null, address = null, dob = null, avatar = null, name_search = '', \
         status = 'locked', token_version = token_version + 1, deleted_at = $4, updated_at = $4 where id = $1",
    )
    .bind(user_id)
    .bind(&placeholder)
    .bind(format!("{placeholder}@deleted.invalid"))
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    let reviewed: Vec<String> = sqlx::query_scalar("select course_id from course_reviews where user_id = $1")
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await?;
    for sql in [
        "delete from refresh_tokens where user_id = $1",
        "delete from sessions where user_id = $1",
        "delete from password_resets where user_id = $1",
        "delete from email_changes where user_id = $1",
        "delete from notifications where user_id = $1",
        "delete from cart_items where cart_id in (select id from carts where user_id = $1)",
        "delete from carts where user_id = $1",
        "delete from course_reviews where user_id = $1",
        "delete from instructor_profiles where user_id = $1",
        "delete from teacher_availability where teacher_id = $1",
        "delete from calendar_feeds where teacher_id = $1",
        "delete from meeting_presence where user_id = $1",
        "delete from files where owner_id = $1 and purpose = 'avatar'",
        "update mentorship_plans set status = 'inactive' where owner_id = $1",
        "update course_reviews set replied_by = null where replied_by = $1",
    ] {
        sqlx::query(sql).bind(user_id).execute(&mut *conn).await?;
    }
    for course_id in reviewed {
        sqlx::query(
            "update courses set \
             rating_count = (select count(*) from course_reviews r where r.course_id = $1 and r.hidden = 0), \
             rating_avg = coalesce((select avg(r.rating) from course_reviews r where r.course_id = $1 and r.hidden = 0), 0) \
             where id = $1",
        )
        .bind(course_id)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("delete from newsletter_subscriptions where email = $1").bind(email_lower).execute(&mut *conn).await?;
    sqlx::query("delete from outbox_mails where lower(recipient) = $1").bind(email_lower).execute(&mut *conn).await?;
    for table in ["payout_accounts", "payout_requests"] {
        let rows = sqlx::query(&format!("select id, account_number from {table} where {} = $1", owner(table)))
            .bind(user_id)
            .fetch_all(&mut *conn)
            .await?;
        for row in rows {
            let (id, number): (String, String) = (row.try_get(0)?, row.try_get(1)?);
            sqlx::query(&format!("update {table} set account_number = $2, holder_name = '' where id = $1"))
                .bind(id)
                .bind(mask_account_number(&number))
                .execute(&mut *conn)
                .await?;
        }
    }
    sqlx::query("update payout_accounts set removed_at = $2 where user_id = $1 and removed_at is null")
        .bind(user_id)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

fn owner(table: &str) -> &'static str {
    if table == "payout_requests" { "teacher_id" } else { "user_id" }
}

/// The name a deleted account is shown by: unique, and nothing of the person's.
pub fn anonymous_name(user_id: &str) -> String {
    let tail: String = user_id.chars().filter(char::is_ascii_alphanumeric).collect();
    format!("deleted-{}", tail.to_ascii_lowercase())
}

/// A bank account number as kept or shown without exposing it: its last four digits.
pub fn mask_account_number(number: &str) -> String {
    let digits: Vec<char> = number.chars().filter(|c| !c.is_whitespace()).collect();
    let tail: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("••••{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_number_keeps_only_its_last_four_digits() {
        assert_eq!(mask_account_number("0011004356789"), "••••6789");
        assert_eq!(mask_account_number("0011 0043 5678 9"), "••••6789");
        assert_eq!(mask_account_number("12"), "••••12");
    }

    #[test]
    fn columns_are_named_in_camel_case() {
        assert_eq!(camel_case("last_used_at"), "lastUsedAt");
        assert_eq!(camel_case("id"), "id");
    }
}
