//! The data directory's lock, `<data dir>/academy.lock`: every server (and every command that opens the
//! database) holds it shared while it runs, and `academy restore` takes it alone, so a restore never replaces the
//! files under a running server, and no server starts on a data directory being restored. The operating system
//! drops the lock when its process ends, however it ends (`flock`; on systems without it nothing is locked).

use std::{
    fs::File,
    path::{Path, PathBuf},
};

/// The lock's file name inside the data directory.
pub const LOCK_FILE: &str = "academy.lock";

/// Why a lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the lock in a way that excludes this one.
    #[error("{} is in use by another academy process (it holds {})", .dir.display(), .lock.display())]
    InUse { dir: PathBuf, lock: PathBuf },
    #[error("opening {}: {source}", .lock.display())]
    Io { lock: PathBuf, source: std::io::Error },
}

/// A held lock; dropping it releases the lock.
#[derive(Debug)]
pub struct DataDirLock {
    _file: File,
}

impl DataDirLock {
    /// The lock a server holds: any number of servers and commands may hold it together.
    pub fn shared(data_dir: &Path) -> Result<DataDirLock, LockError> {
        DataDirLock::take(data_dir, false)
    }

    /// The lock a restore holds: only when nothing else holds it.
    pub fn exclusive(data_dir: &Path) -> Result<DataDirLock, LockError> {
        DataDirLock::take(data_dir, true)
    }

    fn take(data_dir: &Path, exclusive: bool) -> Result<DataDirLock, LockError> {
        let lock = data_dir.join(LOCK_FILE);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)
            .map_err(|source| LockError::Io { lock: lock.clone(), source })?;
        #[cfg(unix)]
        {
            use rustix::fs::{FlockOperation, flock};
            let operation = if exclusive {
                FlockOperation::NonBlockingLockExclusive
            } else {
                FlockOperation::NonBlockingLockShared
            };
            match flock(&file, operation) {
                Ok(()) => {}
                Err(rustix::io::Errno::WOULDBLOCK) => {
                    return Err(LockError::InUse { dir: data_dir.to_path_buf(), lock });
                }
                Err(e) => return Err(LockError::Io { lock, source: e.into() }),
            }
        }
        #[cfg(not(unix))]
        let _ = exclusive;
        Ok(DataDirLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_share_the_lock_and_a_restore_is_refused_while_one_holds_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = DataDirLock::shared(dir.path()).expect("first server");
        let second = DataDirLock::shared(dir.path()).expect("second server");
        assert!(matches!(DataDirLock::exclusive(dir.path()), Err(LockError::InUse { .. })));
        drop((first, second));
        let restore = DataDirLock::exclusive(dir.path()).expect("nobody holds it");
        assert!(matches!(DataDirLock::shared(dir.path()), Err(LockError::InUse { .. })));
        drop(restore);
        DataDirLock::shared(dir.path()).expect("free again");
    }
}
