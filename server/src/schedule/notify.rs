//! What a change to a mentorship session tells the other person in it: the mentor hears of a booking, each
//! hears when the other moves or cancels. The notifications domain delivers the messages.

use academy_shared::{Lang, display::NotificationType};

use super::{repo, views::SessionView};
use crate::{
    notifications::service::{self, Notice},
    platform::{
        db::Pool,
        text::{Text, vietnam_time},
    },
    state::AppState,
};

/// What happened to a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Booked,
    Moved,
    Cancelled,
}

impl Change {
    fn name(self) -> &'static str {
        match self {
            Change::Booked => "booked",
            Change::Moved => "moved",
            Change::Cancelled => "cancelled",
        }
    }
}

/// Tells the person in session `id` who did not make `change` (its student or its teacher), once per change
/// and time, in the app and by mail.
pub async fn tell(state: &AppState, id: &str, by_user_id: &str, change: Change) {
    match notice(&state.pool, id, by_user_id, change).await {
        Ok(Some((notice, key))) => {
            if let Err(e) = service::notify_once(state, notice, &key).await {
                tracing::error!(error = %e, session = id, change = change.name(), "telling of a session failed");
            }
        }
        Ok(None) => {}
        Err(e) => tracing::error!(error = %e, session = id, "reading a session to tell of it failed"),
    }
}

async fn notice(
    pool: &Pool,
    id: &str,
    by_user_id: &str,
    change: Change,
) -> Result<Option<(Notice, String)>, sqlx::Error> {
    let Some(row) = repo::listed_session(pool, id).await? else { return Ok(None) };
    let view = SessionView::listed(&row);
    let by_student = by_user_id == row.student_id;
    let (recipient, actor, link) = if by_student {
        (row.teacher_id.clone(), view.student_name, "/dashboard/available".to_owned())
    } else {
        (row.student_id.clone(), view.teacher_name, format!("/profile/sessions?booking={}", row.enrollment_id))
    };
    let at = |lang| vietnam_time(row.start_at, lang);
    let (title, message) = match change {
        Change::Booked => (
            Text::new("Buổi học mới được đặt", "New session booked"),
            Text::new(
                format!("{actor} đã đặt buổi học với bạn lúc {}.", at(Lang::Vi)),
                format!("{actor} booked a session with you at {}.", at(Lang::En)),
            ),
        ),
        Change::Moved => (
            Text::new("Buổi học đổi giờ", "Session moved"),
            Text::new(
                format!("{actor} đã dời buổi học sang {}.", at(Lang::Vi)),
                format!("{actor} moved your session to {}.", at(Lang::En)),
            ),
        ),
        Change::Cancelled => (
            Text::new("Buổi học đã bị hủy", "Session cancelled"),
            Text::new(
                format!("{actor} đã hủy buổi học lúc {}.", at(Lang::Vi)),
                format!("{actor} cancelled the session at {}.", at(Lang::En)),
            ),
        ),
    };
    let key = format!("session:{id}:{}:{}:{recipient}", change.name(), row.start_at);
    let notice = Notice {
        user_id: recipient,
        kind: NotificationType::BookMentorShip,
        title,
        message,
        image: None,
        link: Some(link),
        mail: true,
    };
    Ok(Some((notice, key)))
}
