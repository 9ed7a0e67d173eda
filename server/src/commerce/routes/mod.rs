//! The commerce endpoints: the cart and free enrolment ([`cart`]), checkout and the caller's orders
//! ([`orders`]), the bank feed ([`payments`]), VNPay ([`vnpay`]), and their administration ([`admin`], [`admin_payments`]). Each handler reads the request, calls a use case and
//! presents its answer; [`From<CommerceError>`] gives each refusal its HTTP answer.

pub mod admin;
pub mod admin_payments;
pub mod cart;
pub mod orders;
pub mod payments;
pub mod promotions;
pub mod referrals;
pub mod vnpay;

use std::collections::BTreeMap;

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
