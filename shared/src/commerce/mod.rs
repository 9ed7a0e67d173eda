//! The money rules of buying courses, written once for the server and the browser: coupon evaluation and the
//! proportional allocation of a discount ([`coupon`], [`allocate`]), the split of a sale between the teacher and
//! the platform ([`split`]), the life of an order ([`order`]), the order code a bank transfer carries
//! ([`code`]) and the payment settings ([`settings`]).
//!
//! Amounts are integer minor units of one currency (VND has none); nothing here rounds through a float.

pub mod allocate;
pub mod code;
pub mod coupon;
pub mod order;
pub mod settings;
pub mod split;

pub use allocate::allocate;
pub use code::{
    MAX_ORDER_CODE_CANDIDATES, ORDER_CODE_LEN, ORDER_CODE_PREFIX, ORDER_CODE_RANDOM_BYTES, ORDER_CODE_SCAN_CHARS,
    find_order_code, is_order_code, order_code, order_code_candidates,
};
pub use coupon::{Coupon, CouponDiscount, CouponKind, CouponRefusal, CouponUsage, Line, evaluate};
pub use order::{ItemKind, ItemStatus, OrderEvent, OrderStatus, TransitionRefused, UnknownName, transition};
pub use split::{Commission, LineSplit, split_line, split_sale};
