//! [`FormFields`]: the text fields of a form, however the browser encoded it. Calls whose request is "form
//! fields" accept `multipart/form-data` (what a `FormData` body sends), `application/x-www-form-urlencoded`,
//! and a JSON object of strings, numbers and booleans.

use std::collections::HashMap;

use axum::{
    extract::{FromRequest, Multipart, Request},
    http::header,
};

use super::{ApiError, Text};

/// The most text fields one form may carry (files are refused: these calls take none).
const MAX_FIELDS: usize = 64;

/// A form's text fields by name; a repeated name keeps its first value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormFields(pub HashMap<String, String>);

impl FormFields {
    /// The trimmed value of `name`, if sent and not blank.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())
    }

    /// The trimmed value of `name`; 422 naming it when absent or blank.
    pub fn required(&self, name: &str) -> Result<String, ApiError> {
        self.get(name).map(str::to_owned).ok_or_else(|| {
            let text = Text::new("Trường này là bắt buộc.", "This field is required.");
            ApiError::Unprocessable { message: text.clone(), fields: [(name.to_owned(), text)].into() }
        })
    }
}

fn unreadable() -> ApiError {
    ApiError::bad_request(Text::new("Dữ liệu biểu mẫu không hợp lệ.", "The form data cannot be read."))
}

fn keep(fields: &mut HashMap<String, String>, name: String, value: String) -> Result<(), ApiError> {
    if fields.len() >= MAX_FIELDS && !fields.contains_key(&name) {
        return Err(unreadable());
    }
    fields.entry(name).or_insert(value);
    Ok(())
}

impl<S: Send + Sync> FromRequest<S> for FormFields {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let content_type = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_ascii_lowercase();
        let mut fields = HashMap::new();
        if content_type.starts_with("multipart/form-data") {
            let mut multipart = Multipart::from_request(request, state).await.map_err(|_| unreadable())?;
            while let Some(field) = multipart.next_field().await.map_err(|_| unreadable())? {
                let Some(name) = field.name().map(str::to_owned) else { continue };
                if field.file_name().is_some() {
                    return Err(unreadable());
                }
                let value = field.text().await.map_err(|_| unreadable())?;
                keep(&mut fields, name, value)?;
            }
        } else if content_type.starts_with("application/json") {
            let axum::Json(object) =
                axum::Json::<serde_json::Map<String, serde_json::Value>>::from_request(request, state)
                    .await
                    .map_err(ApiError::from)?;
            for (name, value) in object {
                let value = match value {
                    serde_json::Value::String(text) => text,
                    serde_json::Value::Bool(_) | serde_json::Value::Number(_) => value.to_string(),
                    _ => continue,
                };
                keep(&mut fields, name, value)?;
            }
        } else {
            // A url-encoded body, also when the client named no type (an empty body is an empty form).
            let bytes = axum::body::Bytes::from_request(request, state).await.map_err(|_| unreadable())?;
            let pairs: Vec<(String, String)> = serde_urlencoded_pairs(&bytes).ok_or_else(unreadable)?;
            for (name, value) in pairs {
                keep(&mut fields, name, value)?;
            }
        }
        Ok(FormFields(fields))
    }
}

/// The pairs of an `application/x-www-form-urlencoded` body; `None` when it cannot be read.
fn serde_urlencoded_pairs(bytes: &[u8]) -> Option<Vec<(String, String)>> {
    serde_urlencoded::from_bytes(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_encoded_pairs_are_decoded() {
        let pairs =
            serde_urlencoded_pairs(b"notification_id=a%2Fb&status=true&name=Ng%C3%B4+Minh&empty").expect("pairs");
        assert_eq!(
            pairs,
            [
                ("notification_id".to_owned(), "a/b".to_owned()),
                ("status".to_owned(), "true".to_owned()),
                ("name".to_owned(), "Ngô Minh".to_owned()),
                ("empty".to_owned(), String::new()),
            ]
        );
        assert_eq!(serde_urlencoded_pairs(b""), Some(vec![]));
    }
}
