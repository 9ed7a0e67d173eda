//! File storage for uploads (avatars, lesson videos): local disk by default, an S3-compatible bucket when configured.
//!
//! Both backends follow one flow, upload URL, upload, then the public link:
//! 1. `GET /files/get-upload-url` → [`Storage::upload_url`] picks a server-generated staging key
//!    (`staging/<uuid>`) and returns a short-lived signed URL for it: our own HMAC-signed
//!    `/files/upload/<key>?..` URL, or, for S3 with direct uploads on, an S3 presigned PUT URL.
//! 2. The browser PUTs the bytes there. On local disk the PUT handler already enforces the size limit and the
//!    image sniffing ([`Storage::put_staging`]).
//! 3. `POST /users/upload-avatar` → [`Storage::commit_image`] reads the staged object, checks size and magic
//!    bytes again (S3 uploads bypass our PUT handler), stores it as `avatars/<uuid>.<sniffed ext>` and deletes
//!    the staged copy. The client's file name is never part of a storage name.
//! 4. Everyone reads it at `/files/public/<key>` ([`public_path`]), served by us from either backend with the
//!    type derived from the extension we chose, `nosniff` and a year-long immutable cache (names are unique).
//!
//! Lesson videos follow the same flow, streamed instead of held in memory: see [`video`].
//!
//! Uploads nothing uses after a day are deleted by [`crate::files::purge`].

pub mod signing;
pub mod sniff;
pub mod video;

use std::path::{Path as FsPath, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::{StreamExt as _, TryStreamExt as _, stream::BoxStream};
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::signer::Signer as _;
use object_store::{Attribute, Attributes, GetOptions, ObjectStore, ObjectStoreExt as _, PutOptions, PutPayload};

pub use academy_shared::profile::AVATAR_MAX_BYTES;
use signing::{UploadQuery, UploadSigner, UploadUrlError};
use sniff::{ImageKind, sniff_image};

use crate::config::S3Config;

/// How long an upload URL works.
pub const UPLOAD_URL_LIFETIME: Duration = Duration::from_secs(5 * 60);

/// The largest upload, in bytes: the shared avatar rule (3.6 MiB), the same number the browser checks.
pub fn max_upload_bytes() -> u64 {
    u64::from(AVATAR_MAX_BYTES)
}

/// Why storing or reading failed.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// 413 (or 400): over [`AVATAR_MAX_BYTES`].
    #[error("file larger than {max} bytes")]
    TooLarge { max: u64 },
    /// 415 (or 400): not a JPEG, PNG, GIF or WebP by content.
    #[error("file is not a JPEG, PNG, GIF or WebP image")]
    NotAnImage,
    /// 415: a lesson video that is not an MP4 or WebM by content.
    #[error("file is not an MP4 or WebM video")]
    NotAVideo,
    /// 400 (or 408): a streamed upload's body broke off, or stopped arriving; nothing of it was kept.
    #[error("the upload broke off")]
    Interrupted,
    /// 404: no such object, or a key we would never have generated.
    #[error("no such file")]
    NotFound,
    #[error(transparent)]
    UploadUrl(#[from] UploadUrlError),
    /// 507: the disk (or the account's quota) is full; nothing of the file was kept.
    #[error("no room left to store the file: {0}")]
    NoSpace(#[source] object_store::Error),
    #[error("storage backend: {0}")]
    Backend(#[source] object_store::Error),
    #[error("storage configuration: {0}")]
    Config(String),
}

impl From<object_store::Error> for StorageError {
    fn from(e: object_store::Error) -> Self {
        match e {
            object_store::Error::NotFound { .. } => StorageError::NotFound,
            other if is_out_of_space(&other) => StorageError::NoSpace(other),
            other => StorageError::Backend(other),
        }
    }
}

/// A signed place to PUT a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadTicket {
    /// The staging key the bytes will land under; remember it (the `files` row) to commit later.
    pub key: String,
    /// Where to PUT: a path on our server (`/files/upload/...`) or an absolute S3 URL.
    pub url: String,
    pub expires_at_ms: i64,
}

/// A committed image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    pub key: String,
    pub kind: ImageKind,
    pub size: u64,
}

/// The store; cheap to clone.
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Set when uploads go straight to S3.
    presigner: Option<Arc<AmazonS3>>,
    signer: UploadSigner,
    viewer: signing::VideoViewSigner,
    /// Whether the backend keeps per-object attributes (S3 does, local disk does not).
    attributes: bool,
    /// The folder of the local-disk backend.
    local_root: Option<PathBuf>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Storage").field("store", &self.store.to_string()).finish_non_exhaustive()
    }
}

impl Storage {
    /// Files under `<data dir>/files` unless `s3` is given. `secret` is the server's token secret (upload URLs
    /// are signed with a key derived from it).
    pub fn from_config(data_dir: &FsPath, s3: Option<&S3Config>, secret: &[u8]) -> Result<Storage, StorageError> {
        match s3 {
            Some(s3) => Storage::s3(s3, secret),
            None => Storage::local(&data_dir.join("files"), secret),
        }
    }

    /// Files on local disk under `root` (created when missing). A file is written under a temporary name beside
    /// its own, synced to disk, then renamed into place (and the folder synced): a reader sees the whole file or
    /// none, a file reported stored survives a crash, and a write that fails (a full disk) removes what it wrote.
    pub fn local(root: &FsPath, secret: &[u8]) -> Result<Storage, StorageError> {
        std::fs::create_dir_all(root).map_err(|e| StorageError::Config(format!("creating {}: {e}", root.display())))?;
        let store = LocalFileSystem::new_with_prefix(root)?.with_fsync(true);
        Ok(Storage {
            store: Arc::new(store),
            presigner: None,
            signer: UploadSigner::new(secret),
            viewer: signing::VideoViewSigner::new(secret),
            attributes: false,
            local_root: Some(root.to_path_buf()),
        })
    }

    /// The folder of the uploads when they are on local disk (`None` with a bucket).
    pub fn local_root(&self) -> Option<&FsPath> {
        self.local_root.as_deref()
    }

    /// Files in an S3-compatible bucket.
    pub fn s3(config: &S3Config, secret: &[u8]) -> Result<Storage, StorageError> {
        // The bucket's HTTPS client uses the process's TLS crypto: ring, installed once (a second call finds it
        // there and changes nothing).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            .with_access_key_id(&config.access_key_id)
            .with_secret_access_key(&config.secret_access_key);
        if let Some(endpoint) = &config.endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
        }
        let s3 = Arc::new(builder.build()?);
        Ok(Storage {
            store: s3.clone(),
            presigner: config.direct_uploads.then_some(s3),
            signer: UploadSigner::new(secret),
            viewer: signing::VideoViewSigner::new(secret),
            attributes: true,
            local_root: None,
        })
    }

    /// The URL a lesson's video `url` is played at by someone allowed to watch it at `now_ms`: a video stored
    /// here gets its signed query (see [`signing::VideoViewSigner`]); any other link (YouTube, Vimeo) is as it is.
    pub fn video_view_url(&self, url: &str, now_ms: i64) -> String {
        let path = url.split_once('?').map_or(url, |(path, _)| path);
        match path.strip_prefix(OWN_FILES_PATH).filter(|key| is_video_key(key)) {
            Some(key) => self.viewer.sign(path, key, now_ms.div_euclid(1000)),
            None => url.to_owned(),
        }
    }

    /// Checks the signed query of a read of the stored video `key`; answers the URL's expiry (epoch seconds).
    pub fn check_video_view(&self, key: &str, query: &signing::ViewQuery, now_ms: i64) -> Result<i64, UploadUrlError> {
        self.viewer.verify(key, query, now_ms.div_euclid(1000))
    }

    /// A signed URL to upload one file to a new staging key, valid for [`UPLOAD_URL_LIFETIME`].
    pub async fn upload_url(&self, now_ms: i64) -> Result<UploadTicket, StorageError> {
        let key = format!("staging/{}", uuid::Uuid::now_v7().simple());
        let lifetime_ms = i64::try_from(UPLOAD_URL_LIFETIME.as_millis()).unwrap_or(i64::MAX);
        let expires = (now_ms + lifetime_ms).div_euclid(1000);
        let url = match &self.presigner {
            Some(s3) => {
                s3.signed_url(::http::Method::PUT, &Path::from(key.as_str()), UPLOAD_URL_LIFETIME).await?.to_string()
            }
            None => self.signer.upload_path(&key, expires, max_upload_bytes()),
        };
        Ok(UploadTicket { key, url, expires_at_ms: expires * 1000 })
    }

    /// Checks a PUT to our upload URL before reading its body: signature, expiry, and the declared length
    /// against the signed limit. Returns the limit to enforce while reading.
    pub fn check_upload(
        &self,
        key: &str,
        query: &UploadQuery,
        content_length: Option<u64>,
        now_ms: i64,
    ) -> Result<u64, StorageError> {
        if !is_staging_key(key) {
            return Err(StorageError::NotFound);
        }
        let max = self.signer.verify("PUT", key, query, now_ms)?;
        if content_length.is_some_and(|len| len > max) {
            return Err(StorageError::TooLarge { max });
        }
        Ok(max)
    }

    /// Stores the body of a checked upload under its staging key, refusing oversized bodies and non-images.
    pub async fn put_staging(&self, key: &str, bytes: Bytes, max: u64) -> Result<ImageKind, StorageError> {
        if !is_staging_key(key) {
            return Err(StorageError::NotFound);
        }
        let kind = check_image(&bytes, max)?;
        self.store.put(&Path::from(key), PutPayload::from_bytes(bytes)).await?;
        Ok(kind)
    }

    /// Moves a staged upload to its final name `<prefix>/<uuid>.<ext>` after checking size and content again.
    /// A staged object that fails the checks is deleted.
    pub async fn commit_image(&self, staging_key: &str, prefix: &str) -> Result<StoredImage, StorageError> {
        if !is_staging_key(staging_key) {
            return Err(StorageError::NotFound);
        }
        let staged = Path::from(staging_key);
        let max = max_upload_bytes();
        let meta = self.store.head(&staged).await?;
        let checked = if meta.size > max {
            Err(StorageError::TooLarge { max })
        } else {
            let bytes = self.store.get(&staged).await?.bytes().await?;
            check_image(&bytes, max).map(|kind| (kind, bytes))
        };
        let (kind, bytes) = match checked {
            Ok(ok) => ok,
            Err(e) => {
                let _ = self.store.delete(&staged).await;
                return Err(e);
            }
        };
        let key = format!("{prefix}/{}.{}", uuid::Uuid::now_v7().simple(), kind.extension());
        let size = bytes.len() as u64;
        let mut options = PutOptions::default();
        if self.attributes {
            let mut attributes = Attributes::new();
            attributes.insert(Attribute::ContentType, kind.mime().into());
            attributes.insert(Attribute::ContentDisposition, "inline".into());
            attributes.insert(Attribute::CacheControl, CACHE_CONTROL.into());
            options.attributes = attributes;
        }
        self.store.put_opts(&Path::from(key.as_str()), PutPayload::from_bytes(bytes), options).await?;
        self.store.delete(&staged).await?;
        Ok(StoredImage { key, kind, size })
    }

    /// A committed file's bytes and type, for `/files/public/{key}`.
    pub async fn get(&self, key: &str) -> Result<(Bytes, ImageKind), StorageError> {
        let kind = committed_kind(key).ok_or(StorageError::NotFound)?;
        let bytes = self.store.get(&Path::from(key)).await?.bytes().await?;
        Ok((bytes, kind))
    }

    /// Deletes what writes interrupted by a crash left on local disk: the temporary `<name>#<n>` files a write
    /// renames into place once it is complete (no key of ours contains `#`). Only those older than `age`, so a
    /// write under way, on this instance or another sharing the folder, is never touched. Returns how many were
    /// deleted; nothing to do on S3, where an upload appears whole or not at all.
    pub async fn remove_interrupted_writes(&self, age: Duration) -> Result<u64, StorageError> {
        let Some(root) = self.local_root.clone() else { return Ok(0) };
        let swept = tokio::task::spawn_blocking(move || remove_interrupted_writes_under(&root, age))
            .await
            .map_err(|e| StorageError::Config(format!("sweeping interrupted writes: {e}")))?;
        swept.map_err(|e| StorageError::Config(format!("sweeping interrupted writes: {e}")))
    }

    /// A committed file for `/files/public/{key}`: its type, its whole size, and its bytes, all of them or the
    /// `range` of them (already checked to lie within the file, see [`Storage::size`]), as a stream of chunks read
    /// while they are sent, so serving a long video holds only a chunk of it in memory.
    pub async fn read(&self, key: &str, range: Option<std::ops::Range<u64>>) -> Result<PublicFile, StorageError> {
        let content_type = committed_type(key).ok_or(StorageError::NotFound)?;
        let options = GetOptions { range: range.map(Into::into), ..Default::default() };
        let result = self.store.get_opts(&Path::from(key), options).await?;
        let size = result.meta.size;
        let len = result.range.end - result.range.start;
        let body = result.into_stream().map_err(StorageError::from).boxed();
        Ok(PublicFile { body, len, content_type, size })
    }

    /// The size of a committed file, to check a requested byte range against before reading it.
    pub async fn size(&self, key: &str) -> Result<u64, StorageError> {
        committed_type(key).ok_or(StorageError::NotFound)?;
        Ok(self.store.head(&Path::from(key)).await?.size)
    }

    /// Whether files live in a bucket (S3) rather than on this machine's disk.
    pub fn is_bucket(&self) -> bool {
        self.local_root.is_none()
    }

    /// Copies the file at `path` into the store as `key`, streamed in parts (a large file is never held in
    /// memory); its size. Nothing is left under `key` when the copy fails.
    pub async fn put_file(&self, key: &str, path: &FsPath) -> Result<u64, StorageError> {
        use tokio::io::AsyncWriteExt as _;
        let io =
            |e: std::io::Error| StorageError::from(object_store::Error::Generic { store: "file", source: Box::new(e) });
        let mut file = tokio::fs::File::open(path).await.map_err(io)?;
        let mut writer = object_store::buffered::BufWriter::new(Arc::clone(&self.store), Path::from(key));
        match tokio::io::copy(&mut file, &mut writer).await {
            Ok(size) => {
                writer.shutdown().await.map_err(io)?;
                Ok(size)
            }
            Err(e) => {
                let _ = writer.abort().await;
                Err(io(e))
            }
        }
    }

    /// Copies the stored `key` into the file `dest`, streamed.
    pub async fn get_file(&self, key: &str, dest: &FsPath) -> Result<u64, StorageError> {
        use tokio::io::AsyncWriteExt as _;
        let io =
            |e: std::io::Error| StorageError::from(object_store::Error::Generic { store: "file", source: Box::new(e) });
        let mut body = self.store.get(&Path::from(key)).await?.into_stream();
        let mut file = tokio::fs::File::create(dest).await.map_err(io)?;
        let mut size = 0;
        while let Some(chunk) = body.next().await {
            let chunk = chunk?;
            size += chunk.len() as u64;
            file.write_all(&chunk).await.map_err(io)?;
        }
        file.sync_all().await.map_err(io)?;
        Ok(size)
    }

    /// The keys stored under the folder `prefix`, in no particular order.
    pub async fn list(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
        let found: Vec<object_store::ObjectMeta> = self.store.list(Some(&Path::from(prefix))).try_collect().await?;
        Ok(found.into_iter().map(|meta| meta.location.to_string()).collect())
    }

    /// Deletes a file (an old avatar, an abandoned upload). Deleting a missing file is not an error.
    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

/// A committed file as served.
pub struct PublicFile {
    /// The bytes asked for, read as they are sent.
    pub body: BoxStream<'static, Result<Bytes, StorageError>>,
    /// How many bytes `body` yields: the whole file or the range.
    pub len: u64,
    pub content_type: &'static str,
    /// The whole file's size, whatever part of it `body` holds.
    pub size: u64,
}

impl std::fmt::Debug for PublicFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PublicFile")
            .field("len", &self.len)
            .field("content_type", &self.content_type)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// The videos lesson files may be: played by the browser's own player, read in byte ranges as it seeks.
const VIDEO_TYPES: [(&str, &str); 2] = [("mp4", "video/mp4"), ("webm", "video/webm")];

/// `Cache-Control` of public files: their names are never reused.
pub const CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// Where committed files are read, on either backend: the base avatars and lesson files must start with.
pub use academy_shared::media::OWN_FILES_PATH;

/// Whether `key` names a lesson video (`videos/<name>`), read only through a signed URL.
pub fn is_video_key(key: &str) -> bool {
    key.strip_prefix(signing::VIDEO_FOLDER).is_some_and(|rest| rest.starts_with('/'))
}

/// The URL path where a committed file is read.
pub fn public_path(key: &str) -> String {
    format!("{OWN_FILES_PATH}{key}")
}

fn remove_interrupted_writes_under(dir: &FsPath, age: Duration) -> std::io::Result<u64> {
    let mut removed = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        if kind.is_dir() {
            removed += remove_interrupted_writes_under(&entry.path(), age)?;
            continue;
        }
        let name = entry.file_name();
        let interrupted = name
            .to_str()
            .and_then(|name| name.rsplit_once('#'))
            .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let old = entry.metadata()?.modified()?.elapsed().is_ok_and(|elapsed| elapsed >= age);
        if kind.is_file() && interrupted && old {
            match std::fs::remove_file(entry.path()) {
                Ok(()) => removed += 1,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(removed)
}

/// Whether a storage failure comes from a full disk or quota, somewhere in its chain of causes.
fn is_out_of_space(error: &object_store::Error) -> bool {
    use std::io::ErrorKind::{FileTooLarge, QuotaExceeded, StorageFull};
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| matches!(io.kind(), StorageFull | QuotaExceeded | FileTooLarge))
        {
            return true;
        }
        cause = e.source();
    }
    false
}

fn check_image(bytes: &[u8], max: u64) -> Result<ImageKind, StorageError> {
    if bytes.len() as u64 > max {
        return Err(StorageError::TooLarge { max });
    }
    sniff_image(bytes).ok_or(StorageError::NotAnImage)
}

/// `staging/<32 hex>`: the only keys uploads may target.
fn is_staging_key(key: &str) -> bool {
    key.strip_prefix("staging/").is_some_and(is_uuid_simple)
}

/// The image kind of a committed key `<prefix>/<32 hex>.<ext>`, or `None` for any other shape (including
/// staging keys and anything with `..`), so nothing but committed images is ever served.
fn committed_kind(key: &str) -> Option<ImageKind> {
    let (prefix, name) = key.split_once('/')?;
    if prefix.is_empty() || prefix == "staging" || !prefix.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        return None;
    }
    let (stem, ext) = name.split_once('.')?;
    is_uuid_simple(stem).then_some(())?;
    ImageKind::from_extension(ext)
}

/// The type a committed key `<prefix>/<32 hex>.<ext>` is served with: an image's (any prefix) or, under
/// `videos/`, a video's; `None` for anything else.
fn committed_type(key: &str) -> Option<&'static str> {
    if let Some(kind) = committed_kind(key) {
        return Some(kind.mime());
    }
    let (stem, ext) = key.strip_prefix("videos/")?.split_once('.')?;
    is_uuid_simple(stem).then_some(())?;
    VIDEO_TYPES.iter().find(|(e, _)| *e == ext).map(|(_, mime)| *mime)
}

fn is_uuid_simple(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
pub(crate) mod tests;
