//! Deleting one's own account. The person gives their password and types their username; then, in one
//! transaction, their details are erased (name, e-mail, phone, address, birth date, avatar, search name), what is
//! theirs alone is deleted (sessions and refresh tokens, notifications, cart, reviews, teacher profile,
//! availability, calendar address, newsletter subscription, mails kept for them), and the account stays as a
//! locked, anonymous row so the records the law keeps (orders, payments, ledger entries, tax withheld, payouts)
//! keep pointing at it without naming anyone. No ledger entry is written or changed. The avatar files are
//! removed from storage once the transaction committed.
//!
//! The rule for what must be settled first (each is a [`Tie`], shown on the page before anything is typed):
//! - an order waiting for payment (cancel it, or let it expire);
//! - money the academy holds for a teacher, or a teacher owes after a late refund, or a payout request not
//!   decided yet (ask for the payout and wait for it: money is never dropped with an account);
//! - mentorship sessions still to come, as teacher or student, mentorship bookings of a teacher's students still
//!   running, and a teacher's classes to come with students registered (the students paid for them);
//! - the only active administrator (another administrator must exist first).
//!
//! And what happens to what a teacher sells: every course leaves the catalogue (archived); its buyers keep
//! learning it, shown by an anonymous author. Mentorship plans stop being sold.

use std::net::IpAddr;

use academy_shared::{Lang, roles::Role};

use super::repo::{self, Ties};
use crate::{
    catalogue,
    identity::{
        profile::{ProfileRefusal, confirm_own_password},
        repo as users,
    },
    platform::db::{self, Backend},
    state::AppState,
};

/// Something to settle before the account can be deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tie {
    PendingOrders(i64),
    /// Money the academy holds for the teacher (positive) or the teacher owes (negative), in this currency.
    Earnings {
        amount: i64,
        currency: String,
    },
    OpenPayouts(i64),
    UpcomingSessions(i64),
    RunningMentorships(i64),
    UpcomingClasses(i64),
    LastAdmin,
}

impl Tie {
    /// A stable name for clients.
    pub fn code(&self) -> &'static str {
        match self {
            Tie::PendingOrders(_) => "pending_orders",
            Tie::Earnings { .. } => "earnings",
            Tie::OpenPayouts(_) => "open_payouts",
            Tie::UpcomingSessions(_) => "upcoming_sessions",
            Tie::RunningMentorships(_) => "running_mentorships",
            Tie::UpcomingClasses(_) => "upcoming_classes",
            Tie::LastAdmin => "last_admin",
        }
    }
}

fn ties_list(ties: Ties) -> Vec<Tie> {
    let mut list = Vec::new();
    if ties.pending_orders > 0 {
        list.push(Tie::PendingOrders(ties.pending_orders));
    }
    // Money reserved by a request is the request's: the request is the tie.
    for (currency, amount) in ties.earnings {
        list.push(Tie::Earnings { amount, currency });
    }
    if ties.open_payouts > 0 || !ties.reserved.is_empty() {
        list.push(Tie::OpenPayouts(ties.open_payouts.max(1)));
    }
    if ties.upcoming_sessions > 0 {
        list.push(Tie::UpcomingSessions(ties.upcoming_sessions));
    }
    if ties.running_mentorships > 0 {
        list.push(Tie::RunningMentorships(ties.running_mentorships));
    }
    if ties.upcoming_classes > 0 {
        list.push(Tie::UpcomingClasses(ties.upcoming_classes));
    }
    if ties.last_admin {
        list.push(Tie::LastAdmin);
    }
    list
}

/// What deleting the account would do now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    /// What must be settled first; empty when the account can be deleted.
    pub ties: Vec<Tie>,
    pub courses_with_buyers: i64,
    pub courses_without_buyers: i64,
    pub mentorship_plans: i64,
    /// Orders and payout requests kept without the person's details.
    pub orders_kept: i64,
    pub payouts_kept: i64,
}

/// Why a deletion was refused.
#[derive(Debug, thiserror::Error)]
pub enum DeletionRefusal {
    #[error("the typed confirmation is not the username")]
    Confirmation,
    #[error("the password is wrong")]
    WrongPassword,
    #[error("too many wrong passwords")]
    Throttled { retry_after_secs: u64 },
    #[error("something must be settled first")]
    Tied(Vec<Tie>),
    #[error("no such account")]
    NotFound,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// What deleting `user_id`'s account would do now.
pub async fn preview(state: &AppState, user_id: &str, role: Role) -> Result<Preview, sqlx::Error> {
    let mut conn = state.pool.acquire().await?;
    let ties = ties_list(repo::ties(&mut conn, user_id, role.as_str(), db::now_ms()).await?);
    drop(conn);
    let (courses_with_buyers, courses_without_buyers, mentorship_plans) = repo::teaching(&state.pool, user_id).await?;
    let (orders_kept, payouts_kept) = repo::kept_records(&state.pool, user_id).await?;
    Ok(Preview { ties, courses_with_buyers, courses_without_buyers, mentorship_plans, orders_kept, payouts_kept })
}

/// Whether `typed` confirms the deletion of the account named `username` (the same name, any case).
pub fn confirms(typed: &str, username: &str) -> bool {
    typed.trim().to_lowercase() == username.to_lowercase()
}

/// Deletes the account `user_id` (see the module's documentation).
pub async fn delete_account(
    state: &AppState,
    user_id: &str,
    password: &str,
    confirmation: &str,
    ip: IpAddr,
    lang: Lang,
) -> Result<(), DeletionRefusal> {
    let user = users::find_by_id(&state.pool, user_id).await?.ok_or(DeletionRefusal::NotFound)?;
    if !confirms(confirmation, &user.username) {
        return Err(DeletionRefusal::Confirmation);
    }
    match confirm_own_password(state, user_id, password, ip).await {
        Ok(true) => {}
        Ok(false) => return Err(DeletionRefusal::WrongPassword),
        Err(ProfileRefusal::Throttled { retry_after_secs }) => {
            return Err(DeletionRefusal::Throttled { retry_after_secs });
        }
        Err(other) => return Err(anyhow::anyhow!("checking a password: {other}").into()),
    }
    let now = db::now_ms();
    let mut tx = db::begin_write(&state.pool).await?;
    repo::lock_user(&mut tx, user_id, state.backend == Backend::Postgres).await?;
    let ties = ties_list(repo::ties(&mut tx, user_id, user.role().as_str(), now).await?);
    if !ties.is_empty() {
        return Err(DeletionRefusal::Tied(ties));
    }
    let avatars = repo::avatar_keys(&mut tx, user_id).await?;
    repo::erase(&mut tx, user_id, &user.email.trim().to_lowercase(), now).await?;
    catalogue::service::courses::teacher_left(&mut tx, user_id).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user_id, "account deleted by its owner; personal details erased");
    // Sent to the address the account had, in the language the deletion was asked in. The account is gone: a
    // confirmation that cannot be sent is logged, not turned into a failure.
    let (subject, body_text) = crate::platform::mail::templates::account_deleted(lang, &user.username);
    if let Err(e) = state.mailer.send(&crate::platform::mail::Mail { to: user.email.clone(), subject, body_text }).await
    {
        tracing::warn!(user_id = %user_id, error = %e, "the account deletion confirmation was not sent");
    }
    for key in avatars {
        if let Err(e) = state.storage.delete(&key).await {
            tracing::warn!(user_id = %user_id, error = %e, "a deleted account's avatar file could not be removed");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_confirmation_is_the_username_in_any_case_with_spaces_around() {
        assert!(confirms("  LanAnh92 ", "lananh92"));
        assert!(!confirms("lananh9", "lananh92"));
        assert!(!confirms("", "lananh92"));
    }

    #[test]
    fn money_reserved_by_a_request_is_one_tie_with_the_request() {
        let ties = Ties {
            earnings: vec![("VND".into(), 250_000)],
            reserved: vec![("VND".into(), 100_000)],
            open_payouts: 1,
            ..Ties::default()
        };
        assert_eq!(ties_list(ties), [Tie::Earnings { amount: 250_000, currency: "VND".into() }, Tie::OpenPayouts(1)]);
        assert!(ties_list(Ties::default()).is_empty());
    }
}
