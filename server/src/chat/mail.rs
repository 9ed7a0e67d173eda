//! A message left unread for 15 minutes is mailed to its recipient, once: the job queue's [`MailUnread`] runs a
//! message's job when it is due; a message read by then is not mailed, and one mail covers every message of the
//! conversation that was waiting unread (the later messages' jobs then find them mailed).
//!
//! Accounts keep no language, so the mail speaks both: Vietnamese first, then English.

use academy_shared::names::full_name;

use super::repo::{self, PersonRow};
use crate::{
    platform::{
        db::now_ms,
        jobs::{Job, JobHandler},
        mail::Mail,
    },
    state::AppState,
};

/// The job kind of a message's unread mail; its payload is `{"messageId": …}`.
pub const MAIL_JOB: &str = "chat.unread-mail";
/// How long a message stays unread before its recipient is mailed: 15 minutes.
pub const MAIL_AFTER_MS: i64 = 15 * 60 * 1000;
/// Characters of each message the mail quotes at most.
const PREVIEW_CHARS: usize = 200;
/// Messages the mail quotes at most (the oldest waiting ones; the link opens the rest).
const QUOTED_MESSAGES: i64 = 5;

/// Mails a message's recipient when it is still unread as its job comes due.
#[derive(Debug)]
pub struct MailUnread;

#[async_trait::async_trait]
impl JobHandler<AppState> for MailUnread {
    fn kind(&self) -> &'static str {
        MAIL_JOB
    }

    async fn run(&self, state: &AppState, job: &Job) -> anyhow::Result<()> {
        let Some(id) = job.payload["messageId"].as_str() else {
            anyhow::bail!("a chat mail job without a message id");
        };
        // Gone (with its booking or account), read, or already covered by an earlier mail: nothing to do.
        let Some(message) = repo::mail_row(&state.pool, id).await? else { return Ok(()) };
        if message.read_at.is_some() || message.mailed_at.is_some() {
            return Ok(());
        }
        let (Some(sender), Some(recipient)) = (
            repo::person(&state.pool, &message.sender_id).await?,
            repo::person(&state.pool, &message.recipient_id).await?,
        ) else {
            return Ok(());
        };
        // What is waiting for them in this conversation, oldest first (whichever message's job runs first).
        let waiting = sqlx::query_scalar::<_, String>(
            "select body from chat_messages where booking_id = $1 and recipient_id = $2 and read_at is null \
             and mailed_at is null order by created_at, id limit $3",
        )
        .bind(&message.booking_id)
        .bind(&message.recipient_id)
        .bind(QUOTED_MESSAGES)
        .fetch_all(&state.pool)
        .await?;
        // Claimed before sending: of two runs, one mails.
        let at = now_ms();
        if repo::set_mailed(&state.pool, &message.booking_id, &message.recipient_id, at).await? == 0 {
            return Ok(());
        }
        let mail = compose(&sender, &recipient, &waiting, &message.booking_id, state.config.public_url.as_deref());
        if let Err(e) = state.mailer.send(&mail).await {
            repo::unset_mailed(&state.pool, &message.booking_id, &message.recipient_id, at).await?;
            return Err(e.into());
        }
        Ok(())
    }
}

/// The mail telling `recipient` that `sender` wrote to them: who, the messages waiting (each cut to a preview),
/// and the link to the conversation.
pub fn compose(
    sender: &PersonRow,
    recipient: &PersonRow,
    waiting: &[String],
    booking_id: &str,
    public_url: Option<&str>,
) -> Mail {
    let name = full_name(sender.first_name.as_deref(), sender.last_name.as_deref(), &sender.username);
    let preview = waiting
        .iter()
        .map(|body| {
            let mut cut: String = body.chars().take(PREVIEW_CHARS).collect();
            if body.chars().nth(PREVIEW_CHARS).is_some() {
                cut.push('…');
            }
            cut
        })
        .collect::<Vec<_>>()
        .join("\n\n");
    let base = public_url.map(|url| url.trim_end_matches('/')).unwrap_or_default();
    let link = format!("{base}/profile/chat/{booking_id}");
    let body_text = format!(
        "{name} đã nhắn cho bạn:\n\n{preview}\n\nTrả lời: {link}\n\n-----\n\n{name} sent you a message:\n\n{preview}\n\n\
         Reply: {link}\n\nAcademy"
    );
    Mail {
        to: recipient.email.clone(),
        subject: format!("Tin nhắn mới từ {name} / New message from {name}"),
        body_text,
    }
}
