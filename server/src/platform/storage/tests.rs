#![allow(clippy::unwrap_used)]

use super::*;

pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";
const NOW: i64 = 1_800_000_000_000;

fn query_of(url: &str) -> UploadQuery {
    let query = url.split_once('?').unwrap().1;
    let get = |name: &str| query.split('&').find_map(|kv| kv.strip_prefix(&format!("{name}="))).unwrap().to_owned();
    UploadQuery { expires: get("expires").parse().unwrap(), max: get("max").parse().unwrap(), sig: get("sig") }
}

#[test]
fn the_upload_limit_is_the_shared_avatar_limit_of_three_point_six_mebibytes() {
    assert_eq!(max_upload_bytes(), (3.6_f64 * 1024.0 * 1024.0) as u64);
}

#[tokio::test]
async fn an_image_goes_from_signed_url_to_a_public_server_named_file() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let ticket = storage.upload_url(NOW).await.unwrap();
    assert!(ticket.url.starts_with(&format!("/files/upload/{}?", ticket.key)));
    let max = storage.check_upload(&ticket.key, &query_of(&ticket.url), Some(PNG.len() as u64), NOW).unwrap();
    assert_eq!(storage.put_staging(&ticket.key, Bytes::from_static(PNG), max).await.unwrap(), ImageKind::Png);
    let stored = storage.commit_image(&ticket.key, "avatars").await.unwrap();
    assert!(stored.key.starts_with("avatars/") && stored.key.ends_with(".png"), "{}", stored.key);
    let (bytes, kind) = storage.get(&stored.key).await.unwrap();
    assert_eq!((bytes.as_ref(), kind), (PNG, ImageKind::Png));
    // The staged copy is gone and cannot be served.
    assert!(matches!(storage.commit_image(&ticket.key, "avatars").await, Err(StorageError::NotFound)));
    assert!(matches!(storage.get(&ticket.key).await, Err(StorageError::NotFound)));
    assert_eq!(public_path(&stored.key), format!("/files/public/{}", stored.key));
}

#[tokio::test]
async fn non_images_and_oversized_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let ticket = storage.upload_url(NOW).await.unwrap();
    let query = query_of(&ticket.url);
    let max = max_upload_bytes();
    assert!(matches!(
        storage.check_upload(&ticket.key, &query, Some(4 * 1024 * 1024), NOW),
        Err(StorageError::TooLarge { .. })
    ));
    let svg = Bytes::from_static(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    assert!(matches!(storage.put_staging(&ticket.key, svg, max).await, Err(StorageError::NotAnImage)));
    let mut big = PNG.to_vec();
    big.resize(AVATAR_MAX_BYTES as usize + 1, 0);
    assert!(matches!(storage.put_staging(&ticket.key, big.into(), max).await, Err(StorageError::TooLarge { .. })));
    let mut just_right = PNG.to_vec();
    just_right.resize(AVATAR_MAX_BYTES as usize, 0);
    storage.put_staging(&ticket.key, just_right.into(), max).await.unwrap();
}

#[tokio::test]
async fn an_expired_or_forged_upload_url_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let ticket = storage.upload_url(NOW).await.unwrap();
    let query = query_of(&ticket.url);
    let later = NOW + UPLOAD_URL_LIFETIME.as_millis() as i64;
    assert!(matches!(
        storage.check_upload(&ticket.key, &query, None, later),
        Err(StorageError::UploadUrl(UploadUrlError::Expired))
    ));
    let other = storage.upload_url(NOW).await.unwrap();
    assert!(matches!(
        storage.check_upload(&other.key, &query, None, NOW),
        Err(StorageError::UploadUrl(UploadUrlError::BadSignature))
    ));
}

#[tokio::test]
async fn a_staged_file_that_fails_the_checks_at_commit_is_deleted() {
    // As when a client PUTs straight to S3, bypassing our PUT handler.
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let key = storage.upload_url(NOW).await.unwrap().key;
    storage.store.put(&Path::from(key.as_str()), PutPayload::from_static(b"<html>")).await.unwrap();
    assert!(matches!(storage.commit_image(&key, "avatars").await, Err(StorageError::NotAnImage)));
    assert!(storage.store.head(&Path::from(key.as_str())).await.is_err());
}

#[tokio::test]
async fn the_leftovers_of_writes_a_crash_interrupted_are_swept_once_old() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let staging = dir.path().join("staging");
    std::fs::create_dir_all(&staging).unwrap();
    let id = "0190a0b0c0d0e0f00112233445566778";
    let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    let write = |name: &str, old: bool| {
        let file = std::fs::File::create(staging.join(name)).unwrap();
        if old {
            file.set_modified(hour_ago).unwrap();
        }
    };
    write(&format!("{id}#1"), true);
    write(&format!("{id}#12"), false);
    write(id, true);
    write(&format!("{id}#x"), true);

    let removed = storage.remove_interrupted_writes(Duration::from_secs(600)).await.unwrap();

    let mut left: Vec<String> =
        std::fs::read_dir(&staging).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(removed, 1);
    assert_eq!(left, [id.to_owned(), format!("{id}#12"), format!("{id}#x")], "a recent write may still be under way");
}

#[test]
fn a_full_disk_or_quota_is_told_apart_from_other_storage_failures() {
    let failure = |kind: std::io::ErrorKind| {
        let source: Box<dyn std::error::Error + Send + Sync> = Box::new(std::io::Error::from(kind));
        StorageError::from(object_store::Error::Generic { store: "LocalFileSystem", source })
    };
    for kind in [std::io::ErrorKind::StorageFull, std::io::ErrorKind::QuotaExceeded] {
        assert!(matches!(failure(kind), StorageError::NoSpace(_)), "{kind:?}");
    }
    assert!(matches!(failure(std::io::ErrorKind::PermissionDenied), StorageError::Backend(_)));
}

/// The chunks of a served file, in order.
async fn chunks(file: PublicFile) -> Vec<Bytes> {
    use futures_util::TryStreamExt as _;
    file.body.try_collect().await.unwrap()
}

#[tokio::test]
async fn a_committed_file_is_read_whole_or_by_byte_range_with_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let key = "videos/0190a0b0c0d0e0f00112233445566778.mp4";
    let video: Vec<u8> = (0..=255).collect();
    storage.store.put(&Path::from(key), PutPayload::from(video.clone())).await.unwrap();

    let whole = storage.read(key, None).await.unwrap();
    assert_eq!((whole.len, whole.content_type, whole.size), (256, "video/mp4", 256));
    assert_eq!(chunks(whole).await.concat(), video);
    let part = storage.read(key, Some(10..20)).await.unwrap();
    assert_eq!((part.len, part.size), (10, 256));
    assert_eq!(chunks(part).await.concat(), &video[10..20]);
    assert_eq!(storage.size(key).await.unwrap(), 256);
    for hidden in
        ["staging/0190a0b0c0d0e0f00112233445566778", "videos/intro.mp4", "videos/0190a0b0c0d0e0f00112233445566778.html"]
    {
        assert!(matches!(storage.read(hidden, None).await, Err(StorageError::NotFound)), "{hidden}");
    }
}

#[tokio::test]
async fn a_long_video_is_read_in_small_chunks_not_all_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(dir.path(), b"secret").unwrap();
    let key = "videos/0190a0b0c0d0e0f00112233445566779.mp4";
    let video: Vec<u8> = (0..4 * 1024 * 1024).map(|i: u32| (i % 251) as u8).collect();
    storage.store.put(&Path::from(key), PutPayload::from(video.clone())).await.unwrap();

    let read = chunks(storage.read(key, Some(1_000..3_000_000)).await.unwrap()).await;

    let largest = read.iter().map(Bytes::len).max().unwrap();
    assert!(read.len() > 100 && largest <= 64 * 1024, "{} chunks, the largest {largest} bytes", read.len());
    assert_eq!(read.concat(), &video[1_000..3_000_000]);
}

#[test]
fn only_server_shaped_keys_are_accepted() {
    let id = "0190a0b0c0d0e0f00112233445566778";
    assert!(is_staging_key(&format!("staging/{id}")));
    assert_eq!(committed_kind(&format!("avatars/{id}.png")), Some(ImageKind::Png));
    for bad in [
        format!("staging/{id}.png"),
        format!("avatars/{id}.svg"),
        format!("avatars/{id}.png/x"),
        format!("../{id}.png"),
        format!("avatars/../{id}.png"),
        "avatars/photo.png".to_owned(),
        format!("Avatars/{id}.png"),
    ] {
        assert!(!is_staging_key(&bad) && committed_kind(&bad).is_none(), "{bad}");
    }
}

#[tokio::test]
async fn s3_direct_uploads_get_a_presigned_put_url() {
    let config = S3Config {
        bucket: "academy".into(),
        region: "us-east-1".into(),
        endpoint: Some("http://127.0.0.1:9000".into()),
        access_key_id: "AKIDEXAMPLE".into(),
        secret_access_key: "wJalrXUtnFEMI".into(),
        direct_uploads: true,
    };
    let storage = Storage::s3(&config, b"secret").unwrap();
    let ticket = storage.upload_url(NOW).await.unwrap();
    assert!(ticket.url.starts_with(&format!("http://127.0.0.1:9000/academy/{}?", ticket.key)), "{}", ticket.url);
    assert!(ticket.url.contains("X-Amz-Signature=") && ticket.url.contains("X-Amz-Expires=300"));
    // Without direct uploads, S3 uses our signed URL like local disk.
    let proxied = Storage::s3(&S3Config { direct_uploads: false, ..config }, b"secret").unwrap();
    assert!(proxied.upload_url(NOW).await.unwrap().url.starts_with("/files/upload/staging/"));
}

#[tokio::test]
async fn an_s3_bucket_over_https_that_cannot_be_reached_is_an_error_not_a_crash() {
    // A port that refuses connections: the TLS client is built and tried, and the failure is a storage error.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let config = S3Config {
        bucket: "academy".into(),
        region: "us-east-1".into(),
        endpoint: Some(format!("https://127.0.0.1:{port}")),
        access_key_id: "AKIDEXAMPLE".into(),
        secret_access_key: "wJalrXUtnFEMI".into(),
        direct_uploads: false,
    };
    let storage = Storage::s3(&config, b"secret").unwrap();
    let read = storage.size("avatars/0190-missing.png").await;
    assert!(read.is_err(), "{read:?}");
}
