//! What a change to a class tells its registered students. The notifications domain delivers the messages.

use academy_shared::{Lang, display::NotificationType};
use chrono::{DateTime, FixedOffset};

use super::repo::{self, ClassRow};
use crate::{
    notifications::service::{self, Notice},
    platform::text::Text,
    state::AppState,
};

/// The class was cancelled: each registered student is told once (and by mail, so nobody waits in vain).
pub async fn cancelled(state: &AppState, class: &ClassRow) {
    let notice = |user_id: String| Notice {
        user_id,
        kind: NotificationType::Other,
        title: Text::new("Lớp học đã bị hủy", "Class cancelled"),
        message: Text::new(
            format!("Lớp «{}» lúc {} đã bị hủy.", class.topic, when(class.starts_at, Lang::Vi)),
            format!("The class «{}» at {} was cancelled.", class.topic, when(class.starts_at, Lang::En)),
        ),
        image: None,
        link: Some("/profile".to_owned()),
        mail: true,
    };
    tell_registrants(state, class, "cancelled", notice).await;
}

/// The class moved to another time: each registered student is told once per new time.
pub async fn moved(state: &AppState, class: &ClassRow) {
    let notice = |user_id: String| Notice {
        user_id,
        kind: NotificationType::Other,
        title: Text::new("Lớp học đổi giờ", "Class moved"),
        message: Text::new(
            format!("Lớp «{}» nay bắt đầu lúc {}.", class.topic, when(class.starts_at, Lang::Vi)),
            format!("The class «{}» now starts at {}.", class.topic, when(class.starts_at, Lang::En)),
        ),
        image: None,
        link: Some("/profile".to_owned()),
        mail: true,
    };
    tell_registrants(state, class, &format!("moved:{}", class.starts_at), notice).await;
}

async fn tell_registrants(state: &AppState, class: &ClassRow, event: &str, notice: impl Fn(String) -> Notice) {
    let registrants = match repo::registrants(&state.pool, &class.id).await {
        Ok(registrants) => registrants,
        Err(e) => {
            tracing::error!(error = %e, class = %class.id, event, "reading a class's students to tell them failed");
            return;
        }
    };
    for registrant in registrants {
        let key = format!("class:{}:{event}:{}", class.id, registrant.user_id);
        if let Err(e) = service::notify_once(state, notice(registrant.user_id.clone()), &key).await {
            tracing::error!(error = %e, class = %class.id, user = %registrant.user_id, "telling of a class failed");
        }
    }
}

/// A class's start as the academy's students read it: Vietnam time, named.
fn when(starts_at_ms: i64, lang: Lang) -> String {
    let (Some(vietnam), Some(start)) = (FixedOffset::east_opt(7 * 3600), DateTime::from_timestamp_millis(starts_at_ms))
    else {
        return String::new();
    };
    let local = start.with_timezone(&vietnam);
    match lang {
        Lang::Vi => local.format("%H:%M ngày %d/%m/%Y (giờ Việt Nam)").to_string(),
        Lang::En => local.format("%H:%M on %b %-d, %Y (Vietnam time)").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_told_in_vietnam_time_in_each_language() {
        let start = DateTime::parse_from_rfc3339("2026-12-01T12:30:00Z").expect("time").timestamp_millis();
        assert_eq!(when(start, Lang::Vi), "19:30 ngày 01/12/2026 (giờ Việt Nam)");
        assert_eq!(when(start, Lang::En), "19:30 on Dec 1, 2026 (Vietnam time)");
    }
}
