//! Important notifications also go by mail: the job queue's [`MailNotification`] handler sends them through the
//! server's mailer, once (a notification already mailed is not mailed again when its job runs twice).
//!
//! Accounts keep no language, so the mail carries both: Vietnamese first, then English.

use academy_shared::notifications::is_action_link;

use super::repo::{self, MailDetails};
use crate::{
    platform::{
        db::now_ms,
        jobs::{Job, JobHandler},
        mail::Mail,
    },
    state::AppState,
};

/// The job kind of a notification's mail; its payload is `{"notificationId": …}`.
pub const MAIL_JOB: &str = "notifications.mail";

/// Sends a notification's mail when the queue hands its job out.
#[derive(Debug)]
pub struct MailNotification;

#[async_trait::async_trait]
impl JobHandler<AppState> for MailNotification {
    fn kind(&self) -> &'static str {
        MAIL_JOB
    }

    async fn run(&self, state: &AppState, job: &Job) -> anyhow::Result<()> {
        let Some(id) = job.payload["notificationId"].as_str() else {
            anyhow::bail!("a notification mail job without a notification id");
        };
        // Deleted since (with its account), or mailed by an earlier run: nothing to do.
        let Some(details) = repo::mail_details(&state.pool, id).await? else { return Ok(()) };
        if details.mail == 0 || details.mailed_at.is_some() {
            return Ok(());
        }
        let mail = compose(&details, state.config.public_url.as_deref());
        state.mailer.send(&mail).await?;
        repo::set_mailed(&state.pool, id, now_ms()).await?;
        Ok(())
    }
}

/// The mail of a notification: its title as the subject, its message and link in both languages.
pub fn compose(details: &MailDetails, public_url: Option<&str>) -> Mail {
    let link = details.action_link.as_deref().filter(|link| is_action_link(link)).map(|link| {
        match (link.starts_with('/'), public_url.map(|url| url.trim_end_matches('/'))) {
            (true, Some(base)) if !base.is_empty() => format!("{base}{link}"),
            _ => link.to_owned(),
        }
    });
    let (open_vi, open_en) = match &link {
        Some(link) => (format!("\n\nXem chi tiết: {link}"), format!("\n\nSee more: {link}")),
        None => (String::new(), String::new()),
    };
    let subject = if details.title_vi == details.title_en {
        details.title_vi.clone()
    } else {
        format!("{} / {}", details.title_vi, details.title_en)
    };
    let body_text = format!(
        "{title_vi}\n\n{message_vi}{open_vi}\n\n-----\n\n{title_en}\n\n{message_en}{open_en}\n\nAcademy",
        title_vi = details.title_vi,
        message_vi = details.message_vi,
        title_en = details.title_en,
        message_en = details.message_en,
    );
    Mail { to: details.email.clone(), subject, body_text }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details(link: Option<&str>) -> MailDetails {
        MailDetails {
            email: "an@example.com".into(),
            title_vi: "Mua khóa học thành công".into(),
            title_en: "Course purchased".into(),
            message_vi: "Cảm ơn bạn".into(),
            message_en: "Thank you".into(),
            action_link: link.map(str::to_owned),
            mail: 1,
            mailed_at: None,
        }
    }

    #[test]
    fn the_mail_speaks_both_languages_and_links_to_the_site() {
        let mail = compose(&details(Some("/profile")), Some("https://academy.vn/"));
        assert_eq!(mail.to, "an@example.com");
        assert_eq!(mail.subject, "Mua khóa học thành công / Course purchased");
        assert!(mail.body_text.find("Cảm ơn bạn") < mail.body_text.find("Thank you"));
        assert!(mail.body_text.contains("https://academy.vn/profile"), "{}", mail.body_text);
    }

    #[test]
    fn a_mail_without_a_link_or_with_an_unsafe_one_has_none() {
        for link in [None, Some("javascript:alert(1)")] {
            let mail = compose(&details(link), Some("https://academy.vn"));
            assert!(!mail.body_text.contains("See more"), "{}", mail.body_text);
        }
    }
}
