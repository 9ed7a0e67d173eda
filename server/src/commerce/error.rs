//! What the commerce use cases refuse, with the texts the person sees. The routes turn each into its HTTP answer.

use academy_shared::{
    commerce::{CouponRefusal, TransitionRefused},
    money::Currency,
    validation::Message,
};

use super::ledger::LedgerError;
use crate::{mentorship::MentorshipError, platform::text::Text};

/// Why a commerce use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CommerceError {
    /// No such course, or not one on sale (a draft, an archived course).
    #[error("no such course")]
    CourseNotFound,
    /// A free course is not bought: it is enrolled in directly.
    #[error("the course is free")]
    FreeCourse,
    /// A course that costs money cannot be enrolled in for free.
    #[error("the course is not free")]
    NotFree,
    #[error("the course is owned already")]
    AlreadyOwned,
    #[error("the course is in the cart already")]
    AlreadyInCart,
    /// Teachers do not buy their own courses.
    #[error("the buyer teaches the course")]
    OwnCourse,
    /// One order, one currency: the cart holds courses priced in another.
    #[error("the cart holds courses in {cart}")]
    CurrencyMismatch { cart: Currency },
    /// No cart of the caller's, or no such item in it.
    #[error("no such cart or item")]
    CartItemNotFound,
    #[error("nothing to check out")]
    NothingToCheckOut,
    /// The coupon code a person typed does not exist. Told apart from the other refusals only in logs: the
    /// person sees the text of every code that cannot be used (see [`CommerceError::text`]).
    #[error("no such coupon")]
    UnknownCoupon,
    /// No coupon with this id (administration).
    #[error("no coupon with this id")]
    CouponNotFound,
    #[error("coupon refused: {0}")]
    Coupon(CouponRefusal),
    /// No such order, or not the caller's.
    #[error("no such order")]
    OrderNotFound,
    #[error(transparent)]
    Transition(TransitionRefused),
    /// Another unpaid order of the caller's holds some of these courses: pay or cancel it first.
    #[error("pending order {code} holds some of the courses")]
    PendingOrder { code: String },
    /// The caller has this many unpaid orders already: pay or cancel one first.
    #[error("{max} unpaid orders already")]
    TooManyOpenOrders { max: usize },
    /// Bank transfers (VietQR) take VND only.
    #[error("{currency} cannot be paid by bank transfer")]
    CurrencyNotPayable { currency: Currency },
    /// The academy takes VND only (bank transfers and VNPay): a course priced in another currency is not sold.
    #[error("courses in {currency} are not sold here")]
    NotSoldHere { currency: Currency },
    /// The transfer's amount is beyond what the ledger records: it is checked with the bank and resolved by hand.
    #[error("the payment's amount cannot be refunded or applied")]
    PaymentNotMovable,
    /// A course of the order became free or left the catalogue since checkout: the order is not paid at its old
    /// price.
    #[error("a course of the order is no longer sold as at checkout")]
    CatalogueChanged,
    /// More money than the order still owes.
    #[error("more than the order owes")]
    MoreThanDue { due: i64 },
    /// Bank transfers cannot be taken: the receiving account is not set.
    #[error("payments are not set up")]
    PaymentsNotConfigured,
    /// The VNPay gateway is not configured.
    #[error("the card gateway is not set up")]
    GatewayNotConfigured,
    /// No bank transaction with this id.
    #[error("no such payment")]
    PaymentNotFound,
    /// The bank transaction is not on the review list.
    #[error("the payment is not under review")]
    NotUnderReview,
    /// A value of a request breaks a rule: the field and its text.
    #[error("invalid {field}")]
    Invalid { field: &'static str, message: Text },
    /// A mentorship plan cannot be booked (not found, paused, the buyer's own, full).
    #[error(transparent)]
    Mentorship(MentorshipError),
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl CommerceError {
    /// The text shown for a refusal (`None` for failures that are not the person's: the database, the ledger).
    ///
    /// A coupon code that cannot be used gets one text whatever the reason (unknown, switched off, not started,
    /// ended, used up, another currency, not for these courses, below its minimum order): any more precise
    /// answer would tell a person guessing codes that a private code exists. The minimum order is no
    /// exception, since coupons are not published with their conditions; whoever was given a code is told its
    /// conditions with it. Only "you have used it as often as allowed" stays apart: it can only reach someone
    /// who has already ordered with the code, and so knows it.
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::CourseNotFound => Text::new("Không tìm thấy khóa học.", "Course not found."),
            Self::FreeCourse => Text::new(
                "Khóa học này miễn phí: bạn có thể đăng ký học ngay mà không cần thêm vào giỏ hàng.",
                "This course is free: enrol in it directly, no cart needed.",
            ),
            Self::NotFree => Text::new(
                "Khóa học này có phí: hãy thêm vào giỏ hàng và thanh toán.",
                "This course is not free: add it to your cart and check out.",
            ),
            Self::AlreadyOwned => Text::new("Bạn đã sở hữu khóa học này.", "You already own this course."),
            Self::AlreadyInCart => {
                Text::new("Khóa học này đã có trong giỏ hàng.", "This course is already in your cart.")
            }
            Self::OwnCourse => {
                Text::new("Bạn không thể mua khóa học do chính mình giảng dạy.", "You cannot buy a course you teach.")
            }
            Self::CurrencyMismatch { cart } => Text::new(
                format!(
                    "Giỏ hàng đang có khóa học tính bằng {cart}. Hãy thanh toán chúng trước khi thêm khóa học \
                     tính bằng đơn vị tiền tệ khác."
                ),
                format!(
                    "Your cart holds courses priced in {cart}. Check them out before adding a course priced in \
                     another currency."
                ),
            ),
            Self::CartItemNotFound => {
                Text::new("Không tìm thấy mục này trong giỏ hàng.", "This item is not in your cart.")
            }
            Self::NothingToCheckOut => Text::new(
                "Giỏ hàng trống: hãy thêm khóa học trước khi thanh toán.",
                "Your cart is empty: add a course before checking out.",
            ),
            Self::Coupon(CouponRefusal::UserLimitReached) => Text::new(
                "Bạn đã dùng mã giảm giá này hết số lần cho phép (kể cả các đơn hàng đang chờ thanh toán).",
                "You have already used this coupon as often as allowed (unpaid orders included).",
            ),
            Self::UnknownCoupon | Self::Coupon(_) => Text::new(
                "Mã giảm giá không hợp lệ hoặc không dùng được cho đơn hàng này.",
                "This coupon code is not valid or cannot be used for this order.",
            ),
            Self::CouponNotFound => Text::new("Không tìm thấy mã giảm giá.", "Coupon not found."),
            Self::OrderNotFound => Text::new("Không tìm thấy đơn hàng.", "Order not found."),
            Self::Transition(refusal) => Text::localized(|lang| refusal.message(lang)),
            Self::PendingOrder { code } => Text::new(
                format!(
                    "Bạn có đơn hàng {code} chưa thanh toán chứa khóa học này. Hãy thanh toán hoặc hủy đơn đó trước."
                ),
                format!("Your unpaid order {code} holds this course. Pay for it or cancel it first."),
            ),
            Self::TooManyOpenOrders { max } => Text::new(
                format!(
                    "Bạn đang có {max} đơn hàng chưa thanh toán. Hãy thanh toán hoặc hủy một đơn trước khi đặt đơn mới."
                ),
                format!("You have {max} unpaid orders. Pay for or cancel one of them before placing a new one."),
            ),
            Self::CurrencyNotPayable { currency } => Text::new(
                format!(
                    "Khóa học tính bằng {currency} chưa thể thanh toán bằng chuyển khoản: chuyển khoản VietQR chỉ nhận VND."
                ),
                format!(
                    "Courses priced in {currency} cannot be paid by bank transfer yet: VietQR transfers take VND only."
                ),
            ),
            Self::NotSoldHere { currency } => Text::new(
                format!(
                    "Khóa học này được định giá bằng {currency} nên không thể mua tại đây: học viện chỉ nhận \
                     thanh toán bằng VND."
                ),
                format!(
                    "This course is priced in {currency} and cannot be bought here: the academy takes payments in \
                     VND only."
                ),
            ),
            Self::PaymentNotMovable => Text::new(
                "Số tiền của giao dịch này không hợp lệ nên không thể hoàn hay áp dụng: hãy đối chiếu với ngân hàng \
                 rồi đánh dấu đã xử lý kèm ghi chú.",
                "This transaction's amount is not valid, so it cannot be refunded or applied: check it with the bank, \
                 then mark it resolved with a note.",
            ),
            Self::CatalogueChanged => Text::new(
                "Một khóa học trong đơn hàng này đã được miễn phí hoặc ngừng bán sau khi đặt hàng, nên đơn không thể \
                 được thanh toán theo giá cũ.",
                "A course of this order was made free or taken off sale after checkout, so the order cannot be paid \
                 at its old price.",
            ),
            Self::MoreThanDue { due } => Text::new(
                format!(
                    "Số tiền lớn hơn số đơn hàng còn phải trả ({due}): hãy hoàn tiền thay vì áp dụng.",
                    due = academy_shared::money::format_price_code(*due, "VND", academy_shared::Lang::Vi)
                ),
                format!(
                    "The amount is more than the order still owes ({due}): refund it instead.",
                    due = academy_shared::money::format_price_code(*due, "VND", academy_shared::Lang::En)
                ),
            ),
            Self::PaymentsNotConfigured => Text::new(
                "Thanh toán chuyển khoản chưa được thiết lập. Vui lòng thử lại sau.",
                "Bank transfer payments are not set up yet. Please try again later.",
            ),
            Self::GatewayNotConfigured => Text::new(
                "Thanh toán qua VNPay chưa được thiết lập. Vui lòng chuyển khoản ngân hàng.",
                "Paying through VNPay is not set up yet. Please pay by bank transfer.",
            ),
            Self::PaymentNotFound => Text::new("Không tìm thấy giao dịch.", "Transaction not found."),
            Self::NotUnderReview => Text::new(
                "Giao dịch này không nằm trong danh sách cần xem xét.",
                "This transaction is not on the review list.",
            ),
            Self::Invalid { message, .. } => message.clone(),
            Self::Mentorship(error) => return error.text(),
            Self::Ledger(_) | Self::Database(_) => return None,
        })
    }
}

impl From<MentorshipError> for CommerceError {
    fn from(error: MentorshipError) -> Self {
        match error {
            MentorshipError::Database(e) => Self::Database(e),
            other => Self::Mentorship(other),
        }
    }
}

impl From<CouponRefusal> for CommerceError {
    fn from(refusal: CouponRefusal) -> Self {
        Self::Coupon(refusal)
    }
}

impl From<TransitionRefused> for CommerceError {
    fn from(refusal: TransitionRefused) -> Self {
        Self::Transition(refusal)
    }
}
