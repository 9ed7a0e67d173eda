//! Backups of a SQLite academy, and their restore.
//!
//! A backup is one gzip-compressed tar archive holding `backup.json` (what it is: format, time, server version),
//! `academy.db` (a consistent copy of the database taken with `vacuum into` while the server serves: a read
//! transaction, so it holds exactly the writes committed when it began and never blocks writers), the generated
//! `token-secret` when the data directory has one (sessions then survive a restore), and `files/` (the uploads,
//! when they are on local disk; a bucket keeps its own). The archive is written under a temporary name, synced
//! and renamed, and is readable by its owner only: it holds every account's data.
//!
//! `academy backup <file>` takes one on demand; the server takes one every `ACADEMY_BACKUP_INTERVAL_SECS`
//! through the job queue (so once across instances) into `ACADEMY_BACKUP_DIR`, or into the bucket's `backups/`
//! when the uploads live in S3, keeping the newest `ACADEMY_BACKUP_KEEP`. `academy restore <file>` puts one back into a data directory no server is using
//! (see [`crate::platform::data_lock`]). PostgreSQL is backed up with its own `pg_dump` (docs/operations.md).

use std::{
    fs::File,
    io::{BufWriter, Read as _},
    path::{Path, PathBuf},
    time::Duration,
};

use anyhow::{Context as _, bail};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{Connection as _, any::AnyPoolOptions};
use tokio::sync::watch;

use crate::{
    config::Config,
    platform::{
        data_lock::{DataDirLock, LockError},
        db::{Backend, Pool, new_id, now_ms},
        jobs::{Job, JobHandler, NewJob},
    },
    state::AppState,
};

/// The archive format this server writes and reads.
pub const FORMAT: u32 = 1;
/// The job kind of scheduled backups.
pub const JOB_KIND: &str = "backup";
const MANIFEST: &str = "backup.json";
const DATABASE: &str = "academy.db";
const TOKEN_SECRET: &str = "token-secret";
const UPLOADS: &str = "files";

/// What `backup.json` says.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Manifest {
    format: u32,
    created_at: String,
    server_version: String,
    database: String,
    /// `included`, or `bucket` when the uploads live in S3 and are not in the archive.
    uploads: String,
}

/// A backup written.
#[derive(Debug, Clone)]
pub struct BackupReport {
    pub path: PathBuf,
    /// The key of the archive in the bucket, when scheduled backups go there (the local `path` is then gone).
    pub bucket_key: Option<String>,
    pub bytes: u64,
    /// Uploaded files in the archive.
    pub uploads: usize,
}

/// Writes a backup of the SQLite database behind `pool` (and of `uploads`, the local folder of uploaded files,
/// when given; and of the data directory's generated token secret) to `dest`.
pub async fn back_up(
    pool: &Pool,
    data_dir: &Path,
    uploads: Option<&Path>,
    dest: &Path,
) -> anyhow::Result<BackupReport> {
    let dest = std::path::absolute(dest).with_context(|| format!("resolving {}", dest.display()))?;
    let folder = dest.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&folder).with_context(|| format!("creating {}", folder.display()))?;
    let name = dest.file_name().and_then(|n| n.to_str()).context("the backup needs a file name")?;
    let snapshot = folder.join(format!(".{name}.{}.db", new_id()));
    let snapshot_path = snapshot.to_str().context("the backup's folder is not valid UTF-8")?.to_owned();
    let taken = sqlx::query("vacuum into $1").bind(snapshot_path).execute(pool).await;
    if let Err(e) = taken {
        let _ = std::fs::remove_file(&snapshot);
        return Err(e).context("copying the database (vacuum into)");
    }
    let manifest = Manifest {
        format: FORMAT,
        created_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        server_version: env!("CARGO_PKG_VERSION").to_owned(),
        database: "sqlite".to_owned(),
        uploads: if uploads.is_some() { "included" } else { "bucket" }.to_owned(),
    };
    let secret = data_dir.join(TOKEN_SECRET);
    let secret = secret.is_file().then_some(secret);
    let uploads = uploads.map(Path::to_path_buf);
    let archive = dest.clone();
    let written = tokio::task::spawn_blocking(move || {
        let written = write_archive(&archive, &manifest, &snapshot, secret.as_deref(), uploads.as_deref());
        let _ = std::fs::remove_file(&snapshot);
        written
    })
    .await
    .context("writing the backup")??;
    Ok(BackupReport { path: dest, bucket_key: None, bytes: written.0, uploads: written.1 })
}

/// Writes the archive under a temporary name, syncs it and renames it to `dest`: (its size, uploads in it).
fn write_archive(
    dest: &Path,
    manifest: &Manifest,
    database: &Path,
    secret: Option<&Path>,
    uploads: Option<&Path>,
) -> anyhow::Result<(u64, usize)> {
    let partial =
        dest.with_file_name(format!(".{}.partial", dest.file_name().and_then(|n| n.to_str()).unwrap_or("backup")));
    let result = (|| {
        let file = create_private(&partial).with_context(|| format!("creating {}", partial.display()))?;
        let gzip = flate2::write::GzEncoder::new(BufWriter::new(file), flate2::Compression::fast());
        let mut tar = tar::Builder::new(gzip);
        tar.follow_symlinks(false);
        let manifest = serde_json::to_vec_pretty(manifest)?;
        let mut header = tar::Header::new_gnu();
        header.set_size(u64::try_from(manifest.len())?);
        header.set_mode(0o600);
        header.set_mtime(u64::try_from(now_ms() / 1000).unwrap_or(0));
        header.set_entry_type(tar::EntryType::Regular);
        tar.append_data(&mut header, MANIFEST, manifest.as_slice())?;
        append_file(&mut tar, database, Path::new(DATABASE))?;
        if let Some(secret) = secret {
            append_file(&mut tar, secret, Path::new(TOKEN_SECRET))?;
        }
        let mut count = 0;
        if let Some(root) = uploads.filter(|root| root.is_dir()) {
            count = append_uploads(&mut tar, root, Path::new(UPLOADS))?;
        }
        let gzip = tar.into_inner()?;
        let file = gzip.finish()?.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        let bytes = file.metadata()?.len();
        std::fs::rename(&partial, dest).with_context(|| format!("renaming to {}", dest.display()))?;
        if let Some(folder) = dest.parent() {
            let _ = File::open(folder).and_then(|f| f.sync_all());
        }
        Ok((bytes, count))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

/// Appends one regular file; its length is read once, so the archive stays whole even if the file changed.
fn append_file<W: std::io::Write>(tar: &mut tar::Builder<W>, path: &Path, name: &Path) -> anyhow::Result<()> {
    let file = File::open(path).with_context(|| format!("reading {}", path.display()))?;
    let metadata = file.metadata()?;
    let mut header = tar::Header::new_gnu();
    header.set_metadata(&metadata);
    header.set_mode(0o600);
    let len = metadata.len();
    header.set_size(len);
    let mut reader = file.take(len);
    let mut limited = ExactLen { inner: &mut reader, left: len };
    tar.append_data(&mut header, name, &mut limited).with_context(|| format!("archiving {}", path.display()))?;
    Ok(())
}

/// Reads exactly `left` bytes: what the file holds, padded with zeros if it shrank meanwhile.
struct ExactLen<'a, R> {
    inner: &'a mut R,
    left: u64,
}

impl<R: std::io::Read> std::io::Read for ExactLen<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Ok(0);
        }
        let want = usize::try_from(self.left).unwrap_or(usize::MAX).min(buf.len());
        let mut n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            buf[..want].fill(0);
            n = want;
        }
        self.left -= u64::try_from(n).unwrap_or(0);
        Ok(n)
    }
}

/// Appends the committed uploads under `root` (not the temporary `<name>#<n>` files of writes under way, nor
/// files deleted while the backup runs); answers how many.
fn append_uploads<W: std::io::Write>(tar: &mut tar::Builder<W>, root: &Path, name: &Path) -> anyhow::Result<usize> {
    let mut count = 0;
    let mut folders = vec![(root.to_path_buf(), name.to_path_buf())];
    while let Some((folder, inside)) = folders.pop() {
        let entries = match std::fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("listing {}", folder.display())),
        };
        for entry in entries {
            let entry = entry?;
            let file_name = entry.file_name();
            if file_name.to_string_lossy().contains('#') {
                continue;
            }
            let file_type = entry.file_type()?;
            if file_type.is_dir() {
                folders.push((entry.path(), inside.join(&file_name)));
            } else if file_type.is_file() {
                match append_file(tar, &entry.path(), &inside.join(&file_name)) {
                    Ok(()) => count += 1,
                    Err(e)
                        if e.downcast_ref::<std::io::Error>()
                            .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound) => {}
                    Err(e) => return Err(e),
                }
            }
        }
    }
    Ok(count)
}

fn create_private(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options.open(path)
}

/// The file of a SQLite database URL (`sqlite:///abs/path.db?mode=rwc`, `sqlite:rel.db`).
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// `academy backup <file>`: a backup of the configured SQLite academy, taken while its server serves.
pub async fn backup_command(config: Config, dest: &Path) -> anyhow::Result<()> {
    crate::platform::telemetry::init(&config.log_filter, config.log_format);
    let url = config.database_url();
    if Backend::from_url(&url)? == Backend::Postgres {
        bail!("the database is PostgreSQL: back it up with pg_dump (see docs/operations.md)");
    }
    let file = sqlite_file(&url).context("the SQLite database URL names no file")?;
    if !file.is_file() {
        bail!("there is no database at {}", file.display());
    }
    sqlx::any::install_default_drivers();
    let pool = AnyPoolOptions::new().max_connections(1).connect(&url).await.context("opening the database")?;
    let uploads = match config.s3()? {
        Some(_) => None,
        None => Some(config.data_dir.join(UPLOADS)),
    };
    let report = back_up(&pool, &config.data_dir, uploads.as_deref(), dest).await?;
    pool.close().await;
    tracing::info!(path = %report.path.display(), bytes = report.bytes, uploads = report.uploads, "backup written");
    Ok(())
}

/// What a restore did.
#[derive(Debug, Clone)]
pub struct RestoreReport {
    pub database: PathBuf,
    pub uploads: usize,
    /// Where the data it replaced was kept (`--replace`).
    pub kept_as: Option<String>,
}

/// `academy restore <file>`: puts a backup back into the configured data directory, which no server may be
/// using. A database already there is refused unless `replace`, which keeps it (and the uploads and token secret)
/// beside, named `…before-restore-<time>`.
pub async fn restore_command(config: Config, archive: &Path, replace: bool) -> anyhow::Result<()> {
    crate::platform::telemetry::init(&config.log_filter, config.log_format);
    let report = restore(&config, archive, replace).await?;
    tracing::info!(database = %report.database.display(), uploads = report.uploads, kept_as = ?report.kept_as,
        "backup restored");
    Ok(())
}

/// Restores `archive` into `config`'s data directory (see [`restore_command`]).
pub async fn restore(config: &Config, archive: &Path, replace: bool) -> anyhow::Result<RestoreReport> {
    let url = config.database_url();
    if Backend::from_url(&url)? == Backend::Postgres {
        bail!("the database is PostgreSQL: restore it with pg_restore (see docs/operations.md)");
    }
    let database = sqlite_file(&url).context("the SQLite database URL names no file")?;
    let data_dir = &config.data_dir;
    std::fs::create_dir_all(data_dir).with_context(|| format!("creating {}", data_dir.display()))?;
    let _lock = DataDirLock::exclusive(data_dir).map_err(|e| match e {
        LockError::InUse { dir, .. } => {
            anyhow::anyhow!("a server is using {}: stop it before restoring", dir.display())
        }
        other => other.into(),
    })?;
    if database.exists() && !replace {
        bail!("{} already holds a database: pass --replace to replace it (it is kept beside)", database.display());
    }
    let staging = data_dir.join(format!(".restore-{}", new_id()));
    let unpacked = {
        let (archive, staging) = (archive.to_path_buf(), staging.clone());
        tokio::task::spawn_blocking(move || unpack(&archive, &staging)).await.context("reading the backup")?
    };
    let result = match unpacked {
        Ok(uploads) => put_in_place(config, &database, &staging, uploads).await,
        Err(e) => Err(e),
    };
    let _ = std::fs::remove_dir_all(&staging);
    result
}

/// Unpacks `archive` into `staging`, checking what it holds; answers how many uploads it has.
fn unpack(archive: &Path, staging: &Path) -> anyhow::Result<usize> {
    let file = File::open(archive).with_context(|| format!("opening {}", archive.display()))?;
    std::fs::create_dir_all(staging)?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(std::io::BufReader::new(file)));
    let mut uploads = 0;
    for entry in tar.entries().context("not a backup of the academy (a gzip-compressed tar archive)")? {
        let mut entry = entry.context("the backup is damaged")?;
        let path = entry.path()?.into_owned();
        let known = path == Path::new(MANIFEST)
            || path == Path::new(DATABASE)
            || path == Path::new(TOKEN_SECRET)
            || path.starts_with(UPLOADS);
        let kind = entry.header().entry_type();
        if !known || !(kind.is_file() || kind.is_dir()) {
            bail!("the backup holds an unexpected entry {}", path.display());
        }
        if !entry.unpack_in(staging).with_context(|| format!("unpacking {}", path.display()))? {
            bail!("the backup holds an entry outside its folder: {}", path.display());
        }
        if kind.is_file() && path.starts_with(UPLOADS) {
            uploads += 1;
        }
    }
    let manifest = std::fs::read(staging.join(MANIFEST)).context("not a backup of the academy (no backup.json)")?;
    let manifest: Manifest = serde_json::from_slice(&manifest).context("the backup's backup.json is unreadable")?;
    if manifest.format != FORMAT || manifest.database != "sqlite" {
        bail!(
            "this backup is of format {} ({}); this server reads format {FORMAT} (sqlite)",
            manifest.format,
            manifest.database
        );
    }
    if !staging.join(DATABASE).is_file() {
        bail!("the backup holds no database");
    }
    Ok(uploads)
}

/// Checks the unpacked database, then moves it, the uploads and the token secret into place.
async fn put_in_place(
    config: &Config,
    database: &Path,
    staging: &Path,
    uploads: usize,
) -> anyhow::Result<RestoreReport> {
    let restored = staging.join(DATABASE);
    sqlx::any::install_default_drivers();
    let check_url = format!("sqlite://{}?mode=ro", restored.display());
    let mut conn = sqlx::AnyConnection::connect(&check_url).await.context("opening the restored database")?;
    let integrity: String =
        sqlx::query_scalar("pragma integrity_check").fetch_one(&mut conn).await.context("checking the database")?;
    conn.close().await?;
    if integrity != "ok" {
        bail!("the backup's database is damaged: {integrity}");
    }
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ").to_string();
    let suffix = format!("before-restore-{stamp}");
    let mut kept = false;
    let with_suffix = |path: &Path, extra: &str| {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        path.with_file_name(format!("{name}.{suffix}{extra}"))
    };
    // The write-ahead log and its index belong to the database beside them: they move with it.
    if database.exists() {
        std::fs::rename(database, with_suffix(database, ""))?;
        kept = true;
    }
    for extra in ["-wal", "-shm"] {
        let companion = PathBuf::from(format!("{}{extra}", database.display()));
        if companion.exists() {
            if kept {
                std::fs::rename(&companion, with_suffix(database, extra))?;
            } else {
                std::fs::remove_file(&companion)?;
            }
        }
    }
    if let Some(folder) = database.parent() {
        std::fs::create_dir_all(folder)?;
    }
    move_file(&restored, database)?;
    let data_dir = &config.data_dir;
    if staging.join(TOKEN_SECRET).is_file() {
        let secret = data_dir.join(TOKEN_SECRET);
        if secret.exists() {
            std::fs::rename(&secret, with_suffix(&secret, ""))?;
            kept = true;
        }
        move_file(&staging.join(TOKEN_SECRET), &secret)?;
    }
    if staging.join(UPLOADS).is_dir() {
        let files = data_dir.join(UPLOADS);
        if files.exists() {
            std::fs::rename(&files, with_suffix(&files, ""))?;
            kept = true;
        }
        std::fs::rename(staging.join(UPLOADS), &files)?;
    }
    let _ = File::open(data_dir).and_then(|f| f.sync_all());
    Ok(RestoreReport { database: database.to_path_buf(), uploads, kept_as: kept.then_some(suffix) })
}

/// Renames, or copies and syncs when `to` is on another file system.
fn move_file(from: &Path, to: &Path) -> anyhow::Result<()> {
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    std::fs::copy(from, to).with_context(|| format!("writing {}", to.display()))?;
    File::open(to)?.sync_all()?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------
// Scheduled backups.

/// Asks the job queue for a backup at each multiple of the configured interval (counted from the Unix epoch in
/// UTC, so a daily one is taken at midnight UTC), until `stop` turns true. Off with an interval of 0, and on
/// PostgreSQL (its own tools back it up).
pub async fn schedule_periodically(state: AppState, mut stop: watch::Receiver<bool>) {
    let interval_ms = i64::try_from(state.config.backup_interval_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
    if interval_ms == 0 {
        return;
    }
    if state.backend == Backend::Postgres {
        tracing::info!("scheduled backups are for SQLite; back PostgreSQL up with pg_dump (docs/operations.md)");
        return;
    }
    loop {
        let now = now_ms();
        let job = scheduled_job(now, interval_ms);
        let due = job.run_at_ms.unwrap_or(now);
        if let Err(e) = state.jobs.enqueue(job).await {
            tracing::warn!(error = %e, "asking for the next backup failed");
        }
        let wait = Duration::from_millis(u64::try_from(due.saturating_sub(now)).unwrap_or(0)) + Duration::from_secs(1);
        tokio::select! {
            () = tokio::time::sleep(wait.min(Duration::from_secs(3600))) => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
            }
        }
    }
}

/// The next scheduled backup after `now_ms`: at the next multiple of `interval_ms`, once whoever asks.
pub fn scheduled_job(now_ms: i64, interval_ms: i64) -> NewJob {
    let interval_ms = interval_ms.max(1000);
    let slot = now_ms / interval_ms + 1;
    NewJob::new(JOB_KIND, json!({})).once(format!("{JOB_KIND}:{interval_ms}:{slot}")).at(slot * interval_ms)
}

/// Runs a scheduled backup when the queue hands it out.
#[derive(Debug)]
pub struct ScheduledBackups;

#[async_trait::async_trait]
impl JobHandler<AppState> for ScheduledBackups {
    fn kind(&self) -> &'static str {
        JOB_KIND
    }

    async fn run(&self, state: &AppState, _job: &Job) -> anyhow::Result<()> {
        let written = run_scheduled(state).await;
        let outcome = if written.is_ok() { "written" } else { "failed" };
        metrics::counter!(crate::platform::metrics::names::BACKUPS, "outcome" => outcome).increment(1);
        let report = written?;
        match &report.bucket_key {
            Some(key) => tracing::info!(key = %key, bytes = report.bytes, "scheduled backup written to the bucket"),
            None => tracing::info!(path = %report.path.display(), bytes = report.bytes, "scheduled backup written"),
        }
        Ok(())
    }
}

/// Writes a backup named by its time into the backup folder, then deletes the oldest beyond the number kept. When
/// the uploads live in a bucket, the archive goes there too (under [`BUCKET_FOLDER`], never served: no public
/// file has such a name) and leaves this machine's disk: a backup on the server's own disk does not survive it.
pub async fn run_scheduled(state: &AppState) -> anyhow::Result<BackupReport> {
    if state.backend == Backend::Postgres {
        bail!("scheduled backups are for SQLite; back PostgreSQL up with pg_dump");
    }
    let folder = state.config.backup_folder();
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
    let name = format!("academy-{stamp}.tar.gz");
    let dest = folder.join(&name);
    let mut report = back_up(&state.pool, &state.config.data_dir, state.storage.local_root(), &dest).await?;
    let keep = usize::try_from(state.config.backup_keep).unwrap_or(usize::MAX).max(1);
    if !state.storage.is_bucket() {
        prune(&folder, keep)?;
        return Ok(report);
    }
    let key = format!("{BUCKET_FOLDER}/{name}");
    let sent = state.storage.put_file(&key, &dest).await;
    if let Err(e) = std::fs::remove_file(&dest) {
        tracing::warn!(error = %e, path = %dest.display(), "the backup sent to the bucket stays on disk");
    }
    sent.with_context(|| format!("sending the backup to the bucket as {key}"))?;
    prune_bucket(&state.storage, keep).await?;
    report.bucket_key = Some(key);
    Ok(report)
}

/// The bucket's folder of scheduled backups.
pub const BUCKET_FOLDER: &str = "backups";

/// The scheduled backups kept in the bucket, oldest first (their names sort by time).
pub async fn bucket_backups(storage: &crate::platform::storage::Storage) -> anyhow::Result<Vec<String>> {
    let mut keys: Vec<String> = storage
        .list(BUCKET_FOLDER)
        .await
        .context("listing the backups in the bucket")?
        .into_iter()
        .filter(|key| {
            key.strip_prefix(BUCKET_FOLDER)
                .and_then(|rest| rest.strip_prefix("/academy-"))
                .is_some_and(|rest| rest.ends_with(".tar.gz") && !rest.contains('/'))
        })
        .collect();
    keys.sort();
    Ok(keys)
}

/// Deletes the scheduled backups in the bucket beyond the newest `keep`.
async fn prune_bucket(storage: &crate::platform::storage::Storage, keep: usize) -> anyhow::Result<()> {
    let keys = bucket_backups(storage).await?;
    let extra = keys.len().saturating_sub(keep);
    for key in &keys[..extra] {
        storage.delete(key).await.with_context(|| format!("deleting the old backup {key}"))?;
    }
    Ok(())
}

/// Deletes the scheduled backups in `folder` beyond the newest `keep` (their names sort by time).
fn prune(folder: &Path, keep: usize) -> anyhow::Result<()> {
    let mut names: Vec<String> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("academy-") && n.ends_with(".tar.gz"))
        .collect();
    names.sort();
    let extra = names.len().saturating_sub(keep);
    for name in &names[..extra] {
        std::fs::remove_file(folder.join(name)).with_context(|| format!("deleting the old backup {name}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_file_is_read_from_sqlite_urls() {
        assert_eq!(sqlite_file("sqlite:///srv/a/academy.db?mode=rwc"), Some(PathBuf::from("/srv/a/academy.db")));
        assert_eq!(sqlite_file("sqlite:data/app.db"), Some(PathBuf::from("data/app.db")));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://db/academy"), None);
    }

    #[test]
    fn a_scheduled_backup_is_due_at_the_next_multiple_of_its_interval_and_asked_for_once() {
        let day = 86_400_000;
        let job = scheduled_job(3 * day + 5, day);
        assert_eq!(job.run_at_ms, Some(4 * day));
        assert_eq!(job.dedupe_key, scheduled_job(4 * day - 1, day).dedupe_key);
        assert_ne!(job.dedupe_key, scheduled_job(4 * day, day).dedupe_key);
    }

    #[test]
    fn pruning_keeps_the_newest_backups_and_nothing_else_is_touched() {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in [
            "academy-20261101T000000.000Z.tar.gz",
            "academy-20261102T000000.000Z.tar.gz",
            "academy-20261103T000000.000Z.tar.gz",
            "notes.txt",
        ] {
            std::fs::write(dir.path().join(name), b"x").expect("written");
        }
        prune(dir.path(), 2).expect("pruned");
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["academy-20261102T000000.000Z.tar.gz", "academy-20261103T000000.000Z.tar.gz", "notes.txt"]);
    }
}
