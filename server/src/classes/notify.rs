//! What a change to a class tells its registered students. The notifications domain delivers the messages.

use academy_shared::{Lang, display::NotificationType};

use super::repo::{self, ClassRow};
use crate::{
    notifications::service::{self, Notice},
    platform::text::{Text, vietnam_time as when},
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
