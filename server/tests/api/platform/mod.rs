//! What every domain stands on: the databases, the job queue, LISTEN/NOTIFY, mail, storage, logs.

mod database;
mod jobs;
mod listen;
mod log_lines;
mod mail_smtp;
mod schema_parity;
mod storage_s3;
