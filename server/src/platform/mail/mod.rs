//! Outgoing mail: SMTP when `ACADEMY_SMTP_URL` is set, otherwise an outbox table the admin can read, with each
//! mail also logged (so a developer sees the reset link in the console).

pub mod templates;

use std::sync::Arc;

use lettre::message::{Mailbox, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use sqlx::AnyPool;

/// One plain-text mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body_text: String,
}

/// Why a mail could not be sent or kept.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid address: {0}")]
    Address(#[from] lettre::address::AddressError),
    #[error("building the mail: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Sends mail. Object-safe so the server holds an `Arc<dyn Mailer>` chosen at start (and tests a fake).
#[async_trait::async_trait]
pub trait Mailer: Send + Sync + std::fmt::Debug {
    async fn send(&self, mail: &Mail) -> Result<(), MailError>;
}

/// The mailer the configuration asks for: SMTP if `smtp_url` is set, the outbox otherwise.
///
/// `smtp_url` is lettre's form: `smtps://user:pass@host` (TLS, port 465), `smtp://user:pass@host:587?tls=required`
/// (STARTTLS), or `smtp://host:25` (plain, for a local relay). `from` is like `Academy <no-reply@example.com>`.
/// `chosen` is the sender an administrator chose in the academy's settings, used instead of `from` while set.
pub fn from_config(
    smtp_url: Option<&str>,
    from: &str,
    pool: &AnyPool,
    chosen: ChosenSender,
) -> Result<Arc<dyn Mailer>, MailError> {
    match smtp_url.map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) => {
            let inner = SmtpMailer { chosen, ..SmtpMailer::new(url, from)? };
            Ok(Arc::new(Counted { inner, transport: "smtp" }))
        }
        None => Ok(Arc::new(Counted { inner: OutboxMailer::new(pool.clone()), transport: "outbox" })),
    }
}

/// Counts the mails its mailer sends and fails to send (`academy_mails_total`).
struct Counted<M> {
    inner: M,
    transport: &'static str,
}

impl<M: std::fmt::Debug> std::fmt::Debug for Counted<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f)
    }
}

#[async_trait::async_trait]
impl<M: Mailer> Mailer for Counted<M> {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let sent = self.inner.send(mail).await;
        let outcome = if sent.is_ok() { "sent" } else { "failed" };
        metrics::counter!(crate::platform::metrics::names::MAILS, "transport" => self.transport, "outcome" => outcome)
            .increment(1);
        sent
    }
}

/// The sender an administrator chose for the academy's mail (none: the configured one). Cheap to clone; every
/// clone sees the same choice.
#[derive(Debug, Clone, Default)]
pub struct ChosenSender(Arc<std::sync::RwLock<Option<Mailbox>>>);

impl ChosenSender {
    /// Chooses `sender` (`Name <address>` or an address); `None`, or one that cannot be read, goes back to the
    /// configured sender.
    pub fn set(&self, sender: Option<&str>) {
        let mailbox = sender.and_then(|s| s.parse::<Mailbox>().ok());
        *self.0.write().unwrap_or_else(std::sync::PoisonError::into_inner) = mailbox;
    }

    pub fn get(&self) -> Option<Mailbox> {
        self.0.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }
}

/// Sends through an SMTP server (rustls, pooled connections).
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    chosen: ChosenSender,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpMailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        Ok(Self {
            transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build(),
            from: from.parse()?,
            chosen: ChosenSender::default(),
        })
    }
}

#[async_trait::async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let message = Message::builder()
            .from(self.chosen.get().unwrap_or_else(|| self.from.clone()))
            .to(mail.to.parse()?)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body_text.clone())?;
        self.transport.send(message).await?;
        tracing::info!(to = %mail.to, subject = %mail.subject, "mail sent");
        Ok(())
    }
}

/// Keeps mails in `outbox_mails` and logs them, for installations without SMTP.
#[derive(Debug, Clone)]
pub struct OutboxMailer {
    pool: AnyPool,
}

/// A kept mail, for the admin's outbox page.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxMail {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub created_at: i64,
}

impl OutboxMailer {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    /// The newest kept mails first.
    pub async fn list(pool: &AnyPool, limit: i64, offset: i64) -> Result<Vec<OutboxMail>, sqlx::Error> {
        sqlx::query_as(
            "select id, recipient, subject, body_text, created_at from outbox_mails \
             order by created_at desc, id desc limit $1 offset $2",
        )
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await
    }
}

#[async_trait::async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        sqlx::query(
            "insert into outbox_mails (id, recipient, subject, body_text, created_at) values ($1, $2, $3, $4, $5)",
        )
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(&mail.to)
        .bind(&mail.subject)
        .bind(&mail.body_text)
        .bind(crate::platform::db::now_ms())
        .execute(&self.pool)
        .await?;
        // The body carries the link; logging it is the point of the outbox (no SMTP = development or a demo).
        tracing::info!(to = %mail.to, subject = %mail.subject, body = %mail.body_text, "mail kept in the outbox (no SMTP configured)");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::platform::test_db;

    #[tokio::test]
    async fn without_smtp_mails_are_kept_in_the_outbox() {
        for db in test_db::all().await {
            let mailer =
                from_config(None, "Academy <no-reply@example.com>", &db.pool, ChosenSender::default()).unwrap();
            let mail =
                Mail { to: "a@example.com".into(), subject: "Hi".into(), body_text: "https://x/reset?token=1".into() };
            mailer.send(&mail).await.unwrap();
            let kept = OutboxMailer::list(&db.pool, 10, 0).await.unwrap();
            assert_eq!(kept.len(), 1, "{}", db.backend);
            assert_eq!(
                (kept[0].recipient.as_str(), kept[0].body_text.as_str()),
                ("a@example.com", "https://x/reset?token=1")
            );
        }
    }

    #[tokio::test]
    async fn an_smtp_url_selects_smtp_and_bad_settings_are_reported() {
        let db = test_db::all().await.remove(0);
        let mailer = from_config(
            Some("smtp://127.0.0.1:2525"),
            "Academy <no-reply@example.com>",
            &db.pool,
            ChosenSender::default(),
        )
        .unwrap();
        assert!(format!("{mailer:?}").starts_with("SmtpMailer"));
        assert!(
            from_config(Some("smtp://127.0.0.1:2525"), "not an address", &db.pool, ChosenSender::default()).is_err()
        );
        assert!(from_config(Some("ftp://x"), "a@b.c", &db.pool, ChosenSender::default()).is_err());
    }

    #[tokio::test]
    async fn smtp_delivers_a_plain_text_mail() {
        // A one-shot fake SMTP server that records the DATA section.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
            let (socket, _) = listener.accept().await.unwrap();
            let (read, mut write) = socket.into_split();
            let mut lines = BufReader::new(read).lines();
            write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
            let mut data = String::new();
            let mut in_data = false;
            while let Some(line) = lines.next_line().await.unwrap() {
                if in_data {
                    if line == "." {
                        in_data = false;
                        write.write_all(b"250 queued\r\n").await.unwrap();
                    } else {
                        data.push_str(&line);
                        data.push('\n');
                    }
                    continue;
                }
                let reply: &[u8] = match line.get(..4).unwrap_or("").to_ascii_uppercase().as_str() {
                    "EHLO" | "HELO" => b"250 fake\r\n",
                    "DATA" => {
                        in_data = true;
                        b"354 go on\r\n"
                    }
                    "QUIT" => {
                        write.write_all(b"221 bye\r\n").await.unwrap();
                        break;
                    }
                    _ => b"250 ok\r\n",
                };
                write.write_all(reply).await.unwrap();
            }
            data
        });
        let mailer = SmtpMailer {
            transport: AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
                .port(port)
                .pool_config(lettre::transport::smtp::PoolConfig::new().max_size(0))
                .build(),
            from: "Academy <no-reply@example.com>".parse().unwrap(),
            chosen: ChosenSender::default(),
        };
        let (subject, body) = templates::password_reset(
            academy_shared::i18n::Lang::En,
            "https://academy.test/reset-password?token=abc",
            30,
        );
        mailer.send(&Mail { to: "u@example.com".into(), subject, body_text: body }).await.unwrap();
        drop(mailer);
        let data = tokio::time::timeout(std::time::Duration::from_secs(5), server).await.unwrap().unwrap();
        assert!(data.contains("To: u@example.com"), "{data}");
        // Bodies may be quoted-printable (`=` becomes `=3D`).
        assert!(data.contains("reset-password?token="), "{data}");
    }
}
