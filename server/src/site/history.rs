//! The history of the academy's settings: every change an administrator saves, the academy's details
//! (`site.*`), its payment settings (`payment.*`) and payout settings (`payout.*`), one row per setting with who,
//! when, the value before and after. Account numbers are kept masked (`•••• 3651`), and any secret (a key, a
//! password, a token) as `••••`: the history never holds them.

use academy_shared::payouts::account::mask_account_number;
use serde_json::Value;
use sqlx::{Any, Transaction};

use super::repo;
use crate::platform::db::{self, Pool};

/// One setting's change, already masked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub setting: String,
    pub old: String,
    pub new: String,
}

impl Change {
    /// The change of `setting` from `old` to `new`, masked when the setting is a secret.
    pub fn new(setting: String, old: &str, new: &str) -> Change {
        Change { old: masked(&setting, old), new: masked(&setting, new), setting }
    }
}

/// `value` as the history may keep it.
fn masked(setting: &str, value: &str) -> String {
    let name = setting.rsplit('.').next().unwrap_or(setting).to_ascii_lowercase();
    if value.is_empty() {
        String::new()
    } else if name.contains("accountnumber") {
        mask_account_number(value)
    } else if ["secret", "password", "token", "key", "checksum"].iter().any(|s| name.contains(s)) {
        "••••".to_owned()
    } else {
        value.to_owned()
    }
}

/// The changes between two JSON values of a settings group (`payment`, `payout`): each leaf that differs, named
/// by its path (`payment.bank.accountNumber`).
pub fn changes_between(group: &str, old: &Value, new: &Value) -> Vec<Change> {
    let mut changes = Vec::new();
    diff(group, old, new, &mut changes);
    changes
}

fn diff(path: &str, old: &Value, new: &Value, changes: &mut Vec<Change>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                let (x, y) = (a.get(key).unwrap_or(&Value::Null), b.get(key).unwrap_or(&Value::Null));
                diff(&format!("{path}.{key}"), x, y, changes);
            }
        }
        (Value::Object(a), Value::Null) => {
            for (key, value) in a {
                diff(&format!("{path}.{key}"), value, &Value::Null, changes);
            }
        }
        (Value::Null, Value::Object(b)) => {
            for (key, value) in b {
                diff(&format!("{path}.{key}"), &Value::Null, value, changes);
            }
        }
        (a, b) if a != b => changes.push(Change::new(path.to_owned(), &leaf(a), &leaf(b))),
        _ => {}
    }
}

fn leaf(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Keeps `changes` made by `user_id` now, inside the transaction that saves them.
pub async fn record_in(tx: &mut Transaction<'_, Any>, user_id: &str, changes: &[Change]) -> Result<(), sqlx::Error> {
    let now = db::now_ms();
    for change in changes {
        repo::insert_change(tx, user_id, now, (&change.setting, &change.old, &change.new)).await?;
    }
    Ok(())
}

/// Keeps the changes between two saved values of a settings group (for the settings other domains save).
pub async fn record(pool: &Pool, user_id: &str, group: &str, old: &Value, new: &Value) -> Result<(), sqlx::Error> {
    let changes = changes_between(group, old, new);
    if changes.is_empty() {
        return Ok(());
    }
    let mut tx = db::begin_write(pool).await?;
    record_in(&mut tx, user_id, &changes).await?;
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn only_the_leaves_that_changed_are_kept_and_account_numbers_are_masked() {
        let old =
            json!({ "bank": { "accountNumber": "0123456789", "bankName": "VCB" }, "terms": { "commission": 20 } });
        let new =
            json!({ "bank": { "accountNumber": "9876543651", "bankName": "VCB" }, "terms": { "commission": 25 } });
        assert_eq!(
            changes_between("payment", &old, &new),
            [
                Change {
                    setting: "payment.bank.accountNumber".into(),
                    old: "•••• 6789".into(),
                    new: "•••• 3651".into()
                },
                Change { setting: "payment.terms.commission".into(), old: "20".into(), new: "25".into() },
            ]
        );
    }

    #[test]
    fn a_group_saved_for_the_first_time_lists_every_value_and_secrets_are_hidden() {
        let changes = changes_between("payment", &Value::Null, &json!({ "apiKey": "abc", "name": "x" }));
        assert_eq!(changes[0], Change { setting: "payment.apiKey".into(), old: String::new(), new: "••••".into() });
        assert_eq!(changes[1].new, "x");
    }
}
