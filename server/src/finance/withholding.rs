//! A teacher's yearly withholding statement: every payout sent to them in a year (by the day the money was sent),
//! with what it was before tax, the personal income tax withheld from it, the fee and what reached them, the
//! totals, and the academy as payer — what the academy hands a teacher for their own tax return.

use super::{
    error::FinanceError,
    repo::{self, RequestRow},
    settings::{self, Payer},
};
use crate::state::AppState;

/// The years a statement can be asked for.
pub const YEARS: std::ops::RangeInclusive<i64> = 2000..=2100;

/// A teacher's withholding statement of one year.
#[derive(Debug, Clone)]
pub struct Statement {
    pub year: i64,
    pub teacher_id: String,
    pub teacher_username: String,
    pub teacher_name: String,
    /// The academy (its name filled from the mail sender's when not set).
    pub payer: Payer,
    /// The day the teacher declared the commitment form for the year (no tax withheld), if they did.
    pub commitment_declared_on: Option<String>,
    pub payouts: Vec<RequestRow>,
    pub gross: i64,
    pub tax: i64,
    pub fee: i64,
    pub net: i64,
}

/// The name a mail sender shows (`Academy <no-reply@…>` → `Academy`).
fn sender_name(mail_from: &str) -> String {
    mail_from
        .split('<')
        .next()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(mail_from)
        .trim_matches('"')
        .to_owned()
}

/// The statement of `teacher_id` (already allowed to the reader) for `year`.
pub async fn statement(state: &AppState, teacher_id: &str, year: i64) -> Result<Statement, FinanceError> {
    if !YEARS.contains(&year) {
        return Err(FinanceError::Invalid {
            field: "year",
            message: crate::platform::text::Text::new("Năm không hợp lệ.", "The year is not valid."),
        });
    }
    let (username, first, last) = repo::person(&state.pool, teacher_id).await?.ok_or(FinanceError::TeacherNotFound)?;
    let name = [last.as_deref(), first.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut payer = settings::read(&state.pool).await?.payer;
    if payer.name.trim().is_empty() {
        payer.name = sender_name(&state.config.mail_from);
    }
    let payouts = repo::paid_in_year(&state.pool, teacher_id, year).await?;
    let sum = |f: fn(&RequestRow) -> i64| payouts.iter().map(f).sum::<i64>();
    Ok(Statement {
        year,
        teacher_id: teacher_id.to_owned(),
        teacher_name: if name.is_empty() { username.clone() } else { name },
        teacher_username: username,
        payer,
        commitment_declared_on: repo::commitment(&state.pool, teacher_id, year).await?,
        gross: sum(|r| r.amount),
        tax: sum(|r| r.tax),
        fee: sum(|r| r.fee),
        net: sum(|r| r.net),
        payouts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_academys_name_defaults_to_its_mail_senders_name() {
        assert_eq!(sender_name("Academy <no-reply@academy.local>"), "Academy");
        assert_eq!(sender_name("\"Học viện ABC\" <a@b.vn>"), "Học viện ABC");
        assert_eq!(sender_name("no-reply@academy.local"), "no-reply@academy.local");
    }
}
