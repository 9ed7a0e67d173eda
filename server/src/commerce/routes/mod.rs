//! The commerce endpoints: the cart and free enrolment ([`cart`]), checkout and the caller's orders
//! ([`orders`]), the bank feed ([`payments`]), VNPay ([`vnpay`]), and their administration ([`admin`], [`admin_payments`]). Each handler reads the request, calls a use case and
//! presents its answer; [`From<CommerceError>`] gives each refusal its HTTP answer.

pub mod admin;
pub mod admin_payments;
pub mod cart;
pub mod orders;
pub mod payments;
pub mod vnpay;

use std::collections::{BTreeMap, HashMap};

use axum::{
    extract::{FromRequest, Multipart, Request},
    http::header,
};

use super::error::CommerceError;
use crate::{
    http::{ApiError, Text},
    mentorship::MentorshipError,
};

impl From<CommerceError> for ApiError {
    fn from(error: CommerceError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (CommerceError::Database(e), _) => e.into(),
            (CommerceError::Ledger(e), _) => ApiError::internal(e),
            (
                CommerceError::CourseNotFound
                | CommerceError::CartItemNotFound
                | CommerceError::OrderNotFound
                | CommerceError::CouponNotFound
                | CommerceError::PaymentNotFound,
                Some(text),
            ) => ApiError::NotFound(text),
            (CommerceError::Mentorship(MentorshipError::PlanNotFound), Some(text)) => ApiError::NotFound(text),
            (CommerceError::Invalid { field, .. }, Some(text)) => unprocessable(field, text),
            (CommerceError::MoreThanDue { .. }, Some(text)) => unprocessable("orderId", text),
            (CommerceError::UnknownCoupon | CommerceError::Coupon(_), Some(text)) => unprocessable("couponCode", text),
            (_, Some(text)) => ApiError::Conflict(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

fn unprocessable(field: &str, text: Text) -> ApiError {
    ApiError::Unprocessable { message: text.clone(), fields: BTreeMap::from([(field.to_owned(), text)]) }
}

/// The text fields of a form body, sent as `multipart/form-data` (a browser's `FormData`) or as
/// `application/x-www-form-urlencoded`.
#[derive(Debug, Clone, Default)]
pub struct FormFields(pub HashMap<String, String>);

impl FormFields {
    /// A required field, trimmed; 422 naming it when absent or empty.
    pub fn required(&self, name: &str) -> Result<String, ApiError> {
        match self.0.get(name).map(|v| v.trim()).filter(|v| !v.is_empty()) {
            Some(value) => Ok(value.to_owned()),
            None => Err(unprocessable(name, Text::new("Trường này là bắt buộc.", "This field is required."))),
        }
    }
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
        let unreadable = || {
            ApiError::bad_request(Text::new(
                "Dữ liệu biểu mẫu không hợp lệ.",
                "The form data cannot be read (send multipart/form-data or application/x-www-form-urlencoded).",
            ))
        };
        if content_type.starts_with("multipart/form-data") {
            let mut multipart = Multipart::from_request(request, state).await.map_err(|_| unreadable())?;
            let mut fields = HashMap::new();
            while let Some(field) = multipart.next_field().await.map_err(|_| unreadable())? {
                let Some(name) = field.name().map(str::to_owned) else { continue };
                if field.file_name().is_some() {
                    continue;
                }
                let value = field.text().await.map_err(|_| unreadable())?;
                fields.insert(name, value);
            }
            return Ok(FormFields(fields));
        }
        if content_type.starts_with("application/x-www-form-urlencoded") {
            let axum::Form(fields) =
                axum::Form::<HashMap<String, String>>::from_request(request, state).await.map_err(|_| unreadable())?;
            return Ok(FormFields(fields));
        }
        Err(unreadable())
    }
}
