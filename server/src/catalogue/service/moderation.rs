//! Feed moderation (administrators): every post, hidden ones included, and hiding or showing one.

use academy_shared::catalogue::FeedStatus;

use super::ManageError;
use crate::{
    catalogue::repo::{self, feed::FeedRow},
    platform::db::Pool,
};

/// A page of feed posts, newest first, hidden ones included, and how many there are.
pub async fn list(pool: &Pool, limit: i64, offset: i64) -> Result<(Vec<FeedRow>, i64), ManageError> {
    Ok(repo::feed::list_feed(pool, true, limit, offset).await?)
}

/// Shows (`visible`) or hides (`hidden`) a post.
pub async fn set_status(pool: &Pool, id: &str, status: &str) -> Result<(), ManageError> {
    let status = FeedStatus::parse(status).ok_or(ManageError::UnknownStatus)?;
    if !repo::feed::set_feed_status(pool, id, status).await? {
        return Err(ManageError::NotFound);
    }
    Ok(())
}
