//! Lesson videos: up to gigabytes, so never held in memory. The PUT streams the request body to the staging
//! object as it arrives (a multipart upload: on local disk a temporary file written part by part and renamed
//! into place when complete, on S3 parts of 5 MiB), counting the bytes and stopping at the signed limit; the
//! commit reads only the staged object's size and first bytes, then renames it to `videos/<uuid>.<ext>`.
//! With S3 direct uploads the browser PUTs to S3 itself and the commit's size check is the limit.

use std::time::Duration;

use bytes::Bytes;
use futures_util::{Stream, StreamExt as _};
use object_store::{ObjectStoreExt as _, WriteMultipart, path::Path};

use super::signing::{Purpose, UploadQuery};
use super::sniff::{VIDEO_SIGNATURE_BYTES, VideoKind, sniff_video};
use super::{Storage, StorageError, UPLOAD_URL_LIFETIME, UploadTicket, is_staging_key};

/// The size of the parts a streamed upload is written in on local disk: what one upload holds in memory per
/// part in flight.
const LOCAL_PART_BYTES: usize = 1024 * 1024;
/// The size of the parts of an S3 multipart upload (S3's smallest part but the last).
const S3_PART_BYTES: usize = 5 * 1024 * 1024;
/// Parts written at once by one upload; reading the body waits while this many are in flight.
const PARTS_IN_FLIGHT: usize = 2;

/// A committed video.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredVideo {
    pub key: String,
    pub kind: VideoKind,
    pub size: u64,
}

impl Storage {
    /// A signed URL to upload one lesson video of at most `max` bytes to a new staging key, valid for
    /// [`UPLOAD_URL_LIFETIME`] (the time to start sending; the body may take longer to arrive).
    pub async fn video_upload_url(&self, now_ms: i64, max: u64) -> Result<UploadTicket, StorageError> {
        let key = format!("staging/{}", uuid::Uuid::now_v7().simple());
        let lifetime_ms = i64::try_from(UPLOAD_URL_LIFETIME.as_millis()).unwrap_or(i64::MAX);
        let expires = (now_ms + lifetime_ms).div_euclid(1000);
        let url = match &self.presigner {
            Some(s3) => {
                use object_store::signer::Signer as _;
                s3.signed_url(::http::Method::PUT, &Path::from(key.as_str()), UPLOAD_URL_LIFETIME).await?.to_string()
            }
            None => self.signer.path_for(Purpose::Video, &key, expires, max),
        };
        Ok(UploadTicket { key, url, expires_at_ms: expires * 1000 })
    }

    /// Checks a PUT to a video upload URL before reading its body: signature (a video's), expiry, and the
    /// declared length against the signed limit. Returns the limit to enforce while reading.
    pub fn check_video_upload(
        &self,
        key: &str,
        query: &UploadQuery,
        content_length: Option<u64>,
        now_ms: i64,
    ) -> Result<u64, StorageError> {
        if !is_staging_key(key) {
            return Err(StorageError::NotFound);
        }
        let max = self.signer.verify_for(Purpose::Video, "PUT", key, query, now_ms)?;
        if content_length.is_some_and(|len| len > max) {
            return Err(StorageError::TooLarge { max });
        }
        Ok(max)
    }

    /// Writes `body` to the staging key as its chunks arrive; answers the size written. Refused, with nothing
    /// kept, as soon as more than `max` bytes arrived ([`StorageError::TooLarge`]), when no chunk arrives for
    /// `idle` or the body breaks off ([`StorageError::Interrupted`]), or when the disk is full.
    pub async fn put_staging_stream<S, E>(
        &self,
        key: &str,
        mut body: S,
        max: u64,
        idle: Duration,
    ) -> Result<u64, StorageError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        if !is_staging_key(key) {
            return Err(StorageError::NotFound);
        }
        let upload = self.store.put_multipart(&Path::from(key)).await?;
        let part = if self.local_root.is_some() { LOCAL_PART_BYTES } else { S3_PART_BYTES };
        let mut writer = WriteMultipart::new_with_chunk_size(upload, part);
        let mut size: u64 = 0;
        let received = loop {
            let chunk = match tokio::time::timeout(idle, body.next()).await {
                Ok(Some(Ok(chunk))) => chunk,
                Ok(None) => break Ok(()),
                Ok(Some(Err(e))) => {
                    tracing::info!(error = %e, %key, "a video upload broke off");
                    break Err(StorageError::Interrupted);
                }
                Err(_) => break Err(StorageError::Interrupted),
            };
            size = size.saturating_add(chunk.len() as u64);
            if size > max {
                break Err(StorageError::TooLarge { max });
            }
            if let Err(e) = writer.wait_for_capacity(PARTS_IN_FLIGHT).await {
                break Err(e.into());
            }
            writer.put(chunk);
        };
        match received {
            // `finish` gives the upload up itself when a part or the completion fails.
            Ok(()) => writer.finish().await.map(|_| size).map_err(StorageError::from),
            Err(e) => {
                if let Err(abort) = writer.abort().await {
                    tracing::warn!(error = %abort, %key, "removing a refused video upload failed");
                }
                Err(e)
            }
        }
    }

    /// Moves a staged video to its final name `videos/<uuid>.<ext>` after checking its size against `max` and
    /// its type by its first bytes (MP4 or WebM). A staged object that fails the checks is deleted.
    pub async fn commit_video(&self, staging_key: &str, max: u64) -> Result<StoredVideo, StorageError> {
        if !is_staging_key(staging_key) {
            return Err(StorageError::NotFound);
        }
        let staged = Path::from(staging_key);
        let size = self.store.head(&staged).await?.size;
        let checked = if size > max {
            Err(StorageError::TooLarge { max })
        } else {
            let end = size.min(VIDEO_SIGNATURE_BYTES as u64);
            let first = if end == 0 { Bytes::new() } else { self.store.get_range(&staged, 0..end).await? };
            sniff_video(&first).ok_or(StorageError::NotAVideo)
        };
        let kind = match checked {
            Ok(kind) => kind,
            Err(e) => {
                let _ = self.store.delete(&staged).await;
                return Err(e);
            }
        };
        let key = format!("videos/{}.{}", uuid::Uuid::now_v7().simple(), kind.extension());
        self.store.rename(&staged, &Path::from(key.as_str())).await?;
        Ok(StoredVideo { key, kind, size })
    }
}
