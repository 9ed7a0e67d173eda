//! A person's data: its download, the account's deletion and the mail that confirms it.

mod data;
mod deletion_mail;
