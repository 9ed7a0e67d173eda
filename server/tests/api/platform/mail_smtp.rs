//! Mail through a real SMTP server: aiosmtpd (from PyPI), run by the test with the Python named in
//! `ACADEMY_TEST_SMTPD_PYTHON` (the test command installs it: `.ci/setup.sh`'s `ensure_mail_server`), keeping
//! what it receives in a maildir; Python's own `email` parser reads it back, as a mail program would. A second
//! server refuses every mail: the job queue retries and gives up after the job's last attempt. Without that
//! variable the tests say they are skipped.

use std::{
    io::Write as _,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use academy_shared::{i18n::Lang, roles::Role};
use serde_json::{Value, json};

use crate::{helpers::spawn_app_with, notifications::notice};

/// A running aiosmtpd keeping mails in a maildir.
struct Smtpd {
    child: Child,
    port: u16,
    python: String,
    maildir: PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for Smtpd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn smtpd_python() -> Option<String> {
    std::env::var("ACADEMY_TEST_SMTPD_PYTHON").ok().filter(|p| !p.trim().is_empty())
}

async fn start_smtpd(python: String) -> Smtpd {
    start_smtpd_with(python, false).await
}

/// A server that keeps mails, or (`refusing`) one that answers every mail 554 at its end of data.
async fn start_smtpd_with(python: String, refusing: bool) -> Smtpd {
    let dir = tempfile::tempdir().expect("temp dir");
    let maildir = dir.path().join("mail");
    std::fs::write(
        dir.path().join("refusing.py"),
        "class Refuse:\n    async def handle_DATA(self, server, session, envelope):\n        \
         return '554 5.7.1 Message refused'\n",
    )
    .expect("handler written");
    let handler: &[&str] = if refusing { &["refusing.Refuse"] } else { &["aiosmtpd.handlers.Mailbox"] };
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
    let mut command = Command::new(&python);
    command.env("PYTHONPATH", dir.path()).args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c"]);
    command.args(handler);
    if !refusing {
        command.arg(&maildir);
    }
    let child =
        command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::inherit()).spawn().expect("aiosmtpd started");
    let smtpd = Smtpd { child, port, python, maildir, _dir: dir };
    let deadline = Instant::now() + Duration::from_secs(15);
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(Instant::now() < deadline, "aiosmtpd did not listen");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    smtpd
}

/// The mails received so far, each read by Python's `email` package: recipient, decoded subject and body.
fn received(smtpd: &Smtpd) -> Vec<Value> {
    let new = smtpd.maildir.join("new");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&new).map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
    // Python's maildir names a mail `<seconds>.M<microseconds>P<pid>Q<count>.<host>`, its microseconds not
    // zero-padded: the order received is the count's.
    files.sort_by_key(|file| {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let count = name.split_once('Q').and_then(|(_, rest)| rest.split('.').next()?.parse::<u64>().ok());
        (count, name)
    });
    files.iter().map(|file| read_mail(&smtpd.python, file)).collect()
}

fn read_mail(python: &str, file: &Path) -> Value {
    const READ: &str = "import email, json, sys\n\
        from email import policy\n\
        m = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=policy.default)\n\
        print(json.dumps({'to': str(m['to']), 'from': str(m['from']), 'subject': str(m['subject']), \
        'rawSubject': next((l for l in open(sys.argv[1], 'rb').read().decode('latin-1').splitlines() \
            if l.lower().startswith('subject:')), ''), \
        'type': m.get_content_type(), 'charset': m.get_content_charset(), 'body': m.get_content()}))\n";
    let output = Command::new(python).args(["-c", READ]).arg(file).output().expect("python ran");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("json")
}

#[tokio::test]
async fn a_password_reset_mail_reaches_a_real_smtp_server_with_its_link_and_its_vietnamese_encoded_correctly() {
    let Some(python) = smtpd_python() else {
        let _ = writeln!(std::io::stderr(), "skipped: ACADEMY_TEST_SMTPD_PYTHON names no Python with aiosmtpd");
        return;
    };
    let smtpd = start_smtpd(python).await;
    let smtp_url = format!("smtp://127.0.0.1:{}", smtpd.port);
    let app = spawn_app_with(move |config| {
        config.smtp_url = Some(smtp_url);
        config.public_url = Some("https://academy.test".to_owned());
        config.mail_from = "Học viện <no-reply@academy.test>".to_owned();
    })
    .await;
    let user = app.create_user("smtpreset", Role::Student).await;

    let answer = app
        .client
        .post(app.url("/auth/forgot-password"))
        .header("accept-language", "vi")
        .json(&json!({ "email": user.email }))
        .send()
        .await
        .expect("sent");
    assert_eq!(answer.status(), 200);

    let deadline = Instant::now() + Duration::from_secs(15);
    let mail = loop {
        if let Some(mail) = received(&smtpd).into_iter().next() {
            break mail;
        }
        assert!(Instant::now() < deadline, "no mail reached the SMTP server");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let body = mail["body"].as_str().expect("body");
    let link =
        body.split_whitespace().find(|w| w.starts_with("https://academy.test/reset-password?token=")).expect("link");
    let (subject, text) = academy_server::platform::mail::templates::password_reset(
        Lang::Vi,
        link,
        academy_server::identity::reset::RESET_LINK_LIFETIME.as_secs() / 60,
    );
    assert_eq!(mail["to"], user.email);
    assert_eq!(mail["from"], "Học viện <no-reply@academy.test>");
    assert_eq!(mail["subject"], subject, "the subject decodes to its Vietnamese");
    assert!(mail["rawSubject"].as_str().is_some_and(str::is_ascii), "the subject is sent encoded: {mail}");
    assert_eq!((mail["type"].as_str(), mail["charset"].as_str()), (Some("text/plain"), Some("utf-8")));
    assert_eq!(body.trim_end(), text.trim_end(), "the body decodes to its Vietnamese");
    // The link works: it is a real reset token.
    let token = link.split("token=").nth(1).expect("token");
    let check = app.post_json("/auth/reset-password/check", json!({ "token": token })).await;
    assert_eq!(check.status(), 200);
}

#[tokio::test]
async fn a_mail_the_smtp_server_refuses_is_retried_by_the_job_queue_and_given_up_after_its_last_attempt() {
    let Some(python) = smtpd_python() else {
        let _ = writeln!(std::io::stderr(), "skipped: ACADEMY_TEST_SMTPD_PYTHON names no Python with aiosmtpd");
        return;
    };
    let smtpd = start_smtpd_with(python, true).await;
    let smtp_url = format!("smtp://127.0.0.1:{}", smtpd.port);
    let app = spawn_app_with(move |config| config.smtp_url = Some(smtp_url)).await;
    let user = app.create_user("smtprefused", Role::Student).await;
    let notification = academy_server::notifications::service::notify(
        &app.state,
        academy_server::notifications::service::Notice {
            mail: true,
            ..notice(&user.id, academy_shared::display::NotificationType::CoursePurchase, 1)
        },
    )
    .await
    .expect("notified");
    let job: String = sqlx::query_scalar("select id from jobs where kind = 'notifications.mail'")
        .fetch_one(&app.state.pool)
        .await
        .expect("the mail's job");
    let worker = academy_server::platform::jobs::Worker::new(
        app.state.jobs.clone(),
        app.state.clone(),
        academy_server::job_handlers(),
    );

    // The first run is refused: the job waits for its next attempt, with the server's answer.
    let mut now = academy_server::platform::db::now_ms();
    worker.run_due(now).await.expect("ran");
    let first = app.state.jobs.find(&job).await.expect("row").expect("job");
    assert_eq!((first.status.as_str(), first.attempts), ("queued", 1));
    assert!(first.last_error.as_deref().is_some_and(|e| e.contains("554")), "{first:?}");
    assert!(first.run_at > now, "retried later");
    // Each later run is refused too, until the last attempt gives up.
    let mut row = first;
    while row.status == academy_server::platform::jobs::JobStatus::Queued {
        now = row.run_at;
        worker.run_due(now).await.expect("ran");
        row = app.state.jobs.find(&job).await.expect("row").expect("job");
    }
    assert_eq!((row.status.as_str(), row.attempts), ("failed", 8));
    let mailed: Option<i64> = sqlx::query_scalar("select mailed_at from notifications where id = $1")
        .bind(&notification)
        .fetch_one(&app.state.pool)
        .await
        .expect("row");
    assert_eq!(mailed, None, "the notification is not marked mailed");
}

#[tokio::test]
async fn the_mail_sender_chosen_in_the_academys_settings_signs_the_next_mail_and_empty_goes_back_to_the_configured_one()
{
    let Some(python) = smtpd_python() else {
        let _ = writeln!(std::io::stderr(), "skipped: ACADEMY_TEST_SMTPD_PYTHON names no Python with aiosmtpd");
        return;
    };
    let smtpd = start_smtpd(python).await;
    let smtp_url = format!("smtp://127.0.0.1:{}", smtpd.port);
    let app = spawn_app_with(move |config| {
        config.smtp_url = Some(smtp_url);
        config.mail_from = "Academy <no-reply@academy.test>".to_owned();
    })
    .await;
    let user = app.create_user("smtpsender", Role::Student).await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let sender = |name: &str, email: &str| {
        let mut body = serde_json::to_value(academy_shared::site::SiteSettings::default()).expect("json");
        body["mailFromName"] = json!(name);
        body["mailFromEmail"] = json!(email);
        body
    };
    let save = |body: Value| app.client.put(app.url("/api/admin/site-settings")).bearer_auth(&admin).json(&body).send();
    assert_eq!(save(sender("Phòng đào tạo", "daotao@academy.test")).await.expect("sent").status(), 200);

    let reset = || app.client.post(app.url("/auth/forgot-password")).json(&json!({ "email": user.email })).send();
    assert_eq!(reset().await.expect("sent").status(), 200);
    let next_mail = |count: usize| {
        let smtpd = &smtpd;
        async move {
            let deadline = Instant::now() + Duration::from_secs(15);
            loop {
                let mails = received(smtpd);
                if mails.len() >= count {
                    break mails[count - 1].clone();
                }
                assert!(Instant::now() < deadline, "no mail reached the SMTP server");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    };
    assert_eq!(next_mail(1).await["from"], "Phòng đào tạo <daotao@academy.test>");

    assert_eq!(save(sender("", "")).await.expect("sent").status(), 200);
    assert_eq!(reset().await.expect("sent").status(), 200);
    assert_eq!(next_mail(2).await["from"], "Academy <no-reply@academy.test>");
}
