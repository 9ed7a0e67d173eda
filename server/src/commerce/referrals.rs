//! Referral links: a teacher shares `/course/details/<course id>?ref=<code>`; a visitor who arrives through it is
//! remembered by the server for [`WINDOW_MS`] (a signed cookie, and a stored visit once they are signed in), and
//! a course of that teacher's they check out within that time is credited to the teacher (the order item's
//! `referrer_id`), who is told when it is paid (a `Referral` notification).
//!
//! The browser only carries the code the link names and the cookie the server signed: a teacher id, or a time,
//! sent by a browser is never believed.

use academy_shared::commerce::{Commission, split_line};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::AnyConnection;

use super::{orders::Order, repo};
use crate::state::AppState;

/// How long a referral link's visit counts: 7 days.
pub const WINDOW_MS: i64 = 7 * 24 * 60 * 60 * 1000;
/// The cookie holding a visitor's referral (`<code>.<visited at>.<signature>`).
pub const COOKIE: &str = "academy.ref";
/// Letters and digits a code is made of (no look-alikes: 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH: usize = 8;

/// The teacher's referral code, made the first time it is asked for.
pub async fn code_of(state: &AppState, teacher_id: &str) -> Result<String, sqlx::Error> {
    if let Some(code) = repo::referrals::code_of(&state.pool, teacher_id).await? {
        return Ok(code);
    }
    let mut bytes = [0u8; CODE_LENGTH];
    getrandom::fill(&mut bytes).map_err(|e| sqlx::Error::Protocol(format!("no system randomness: {e}")))?;
    let code: String = bytes.iter().map(|b| char::from(CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()])).collect();
    repo::referrals::insert_code(&state.pool, teacher_id, &code, crate::platform::db::now_ms()).await?;
    // Another request may have made one first: the stored one is the teacher's.
    Ok(repo::referrals::code_of(&state.pool, teacher_id).await?.unwrap_or(code))
}

fn signature(state: &AppState, code: &str, at: i64) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(state.token_secret.as_bytes()) else { return String::new() };
    mac.update(format!("referral:{code}:{at}").as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// The cookie value of a visit through `code` at `at`.
fn cookie_value(state: &AppState, code: &str, at: i64) -> String {
    format!("{code}.{at}.{}", signature(state, code, at))
}

/// The code and time of a cookie this server signed; `None` for anything else.
fn read_cookie(state: &AppState, value: &str) -> Option<(String, i64)> {
    let mut parts = value.splitn(3, '.');
    let (code, at, sig) = (parts.next()?, parts.next()?.parse::<i64>().ok()?, parts.next()?);
    let expected = signature(state, code, at);
    let same = !expected.is_empty() && expected.len() == sig.len() && {
        // Compared in constant time.
        expected.bytes().zip(sig.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    };
    same.then(|| (code.to_owned(), at))
}

/// A visitor arrived through link `code` at `now`: remembered for the signed-in `user_id` (when given), and the
/// signed cookie value to set; `None` when no teacher has this code.
pub async fn visit(
    state: &AppState,
    code: &str,
    user_id: Option<&str>,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let code = code.trim().to_ascii_uppercase();
    let Some(teacher_id) = repo::referrals::teacher_of(&state.pool, &code).await? else { return Ok(None) };
    if let Some(user_id) = user_id.filter(|u| *u != teacher_id) {
        repo::referrals::record_visit(&state.pool, user_id, &teacher_id, now).await?;
    }
    Ok(Some(cookie_value(state, &code, now)))
}

/// Keeps the visit a signed-in person's cookie records (signed here, within the window), so their checkout is
/// credited to that teacher.
pub async fn claim_cookie(state: &AppState, user_id: &str, cookie: Option<&str>, now: i64) -> Result<(), sqlx::Error> {
    let Some((code, at)) = cookie.and_then(|value| read_cookie(state, value)) else { return Ok(()) };
    if at > now || now - at > WINDOW_MS {
        return Ok(());
    }
    if let Some(teacher_id) = repo::referrals::teacher_of(&state.pool, &code).await?
        && teacher_id != user_id
    {
        repo::referrals::record_visit(&state.pool, user_id, &teacher_id, at).await?;
    }
    Ok(())
}

/// Credits the items of a new order to the teachers whose links its buyer arrived through within the window,
/// each credited item shared between its teacher and the platform with `commission` (the referral commission)
/// instead of the normal one; the order as stored afterwards.
pub async fn attribute(
    conn: &mut AnyConnection,
    order: Order,
    user_id: &str,
    commission: Commission,
    now: i64,
) -> Result<Order, super::error::CommerceError> {
    if repo::referrals::attribute(conn, &order.row.id, user_id, now - WINDOW_MS).await? == 0 {
        return Ok(order);
    }
    let order = super::orders::load(conn, &order.row.id).await?.ok_or(super::error::CommerceError::OrderNotFound)?;
    let mut changed = false;
    for item in order.items.iter().filter(|item| item.referrer_id.is_some()) {
        let split = split_line(item.paid, commission);
        if (split.teacher, split.platform) != (item.teacher_share, item.platform_share) {
            repo::referrals::set_shares(conn, &item.id, split.teacher, split.platform).await?;
            changed = true;
        }
    }
    if !changed {
        return Ok(order);
    }
    super::orders::load(conn, &order.row.id).await?.ok_or(super::error::CommerceError::OrderNotFound)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_code_has_no_look_alike_characters() {
        for c in super::CODE_ALPHABET {
            assert!(!b"0O1IL".contains(c));
        }
    }
}
