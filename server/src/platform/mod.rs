//! What every domain uses: the database (pool, migrations, backend), server settings, the job queue, mail, file
//! storage, the response cache and logs.

pub mod cache;
pub mod crypto;
pub mod data_lock;
pub mod db;
pub mod jobs;
pub mod listen;
pub mod localized;
pub mod mail;
pub mod metrics;
pub mod settings;
pub mod storage;
pub mod telemetry;
pub mod text;
pub mod time;

#[cfg(test)]
pub(crate) mod test_db;
