//! The API envelope `{code, message, result}` every response of the server is wrapped in.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The code of a successful response.
pub const SUCCESS_CODE: i32 = 1000;

/// The wrapper of every API response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Envelope<T> {
    pub code: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub result: Option<T>,
}

/// The `result` of an error envelope: `{message, fields?}`, so a client can always show `result.message`, and
/// put `fields` (field name → text) beside the inputs of a form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorResult {
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fields: Option<BTreeMap<String, String>>,
}

impl<T> Envelope<T> {
    /// A successful envelope carrying `result`.
    pub fn ok(result: T) -> Self {
        Self { code: SUCCESS_CODE, message: None, result: Some(result) }
    }

    /// A failed envelope with an application code and a human message.
    pub fn error(code: i32, message: impl Into<String>) -> Self {
        Self { code, message: Some(message.into()), result: None }
    }
}

/// Whether a response counts as success: the code is 1000, and for token results a token is present too.
pub fn is_success(code: i32, requires_token: bool, has_token: bool) -> bool {
    code == SUCCESS_CODE && (!requires_token || has_token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_code_1000_is_success() {
        let cases = [
            (1000, false, false, true),
            (0, false, false, false),
            (1001, false, false, false),
            (200, false, false, false),
        ];
        for (code, requires, has, expected) in cases {
            assert_eq!(is_success(code, requires, has), expected, "code {code}");
        }
    }

    #[test]
    fn a_token_result_without_a_token_is_not_success() {
        assert!(!is_success(1000, true, false));
        assert!(is_success(1000, true, true));
    }

    #[test]
    fn an_ok_envelope_serialises_without_a_message() {
        let json = serde_json::to_value(Envelope::ok(5)).expect("serialises");
        assert_eq!(json, serde_json::json!({"code": 1000, "result": 5}));
    }
}
