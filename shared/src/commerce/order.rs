//! The life of an order: pending until paid, cancelled or expired; a paid order may be refunded, whole or one
//! item at a time, and is refunded once no item is left.

use serde::{Deserialize, Serialize};

pub use crate::stored::UnknownName;
use crate::{i18n::Lang, validation::Message};

/// Where an order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OrderStatus {
    /// Created at checkout, waiting for the payment.
    Pending,
    Paid,
    /// Cancelled by the student (or an administrator) before it was paid.
    Cancelled,
    /// Not paid in time.
    Expired,
    /// Every item was refunded.
    Refunded,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 5] = [Self::Pending, Self::Paid, Self::Cancelled, Self::Expired, Self::Refunded];

    /// The stored and sent name, e.g. `pending`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Cancelled => "cancelled",
            Self::Expired => "expired",
            Self::Refunded => "refunded",
        }
    }

    /// Reads a stored name.
    pub fn parse(name: &str) -> Option<OrderStatus> {
        Self::ALL.into_iter().find(|status| status.as_str() == name)
    }
}

impl TryFrom<String> for OrderStatus {
    type Error = UnknownName;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        Self::parse(&name).ok_or(UnknownName { what: "order status", name })
    }
}

/// Where one item of an order stands: paid for (or waiting with its order), or refunded on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ItemStatus {
    Active,
    Refunded,
}

impl ItemStatus {
    /// The stored and sent name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Refunded => "refunded",
        }
    }
}

impl TryFrom<String> for ItemStatus {
    type Error = UnknownName;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        [Self::Active, Self::Refunded]
            .into_iter()
            .find(|status| status.as_str() == name)
            .ok_or(UnknownName { what: "order item status", name })
    }
}

crate::stored_names! {
    /// What an order item sells.
    pub enum ItemKind("order item kind") {
        /// A course: the item's `course_id` is the course.
        Course = "course",
        /// A mentorship plan: the item's `course_id` is the plan.
        MentorshipPlan = "mentorship_plan",
    }
}

/// What happens to an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "camelCase")]
pub enum OrderEvent {
    /// The whole amount due arrived.
    Pay,
    Cancel,
    /// Its time to pay ran out.
    Expire,
    /// Some items were refunded; `items_left` are still paid after it (0: the whole order).
    Refund {
        items_left: usize,
    },
}

/// An event the order's state does not allow, with the state it was in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("an order that is {from:?} cannot take {event:?}")]
pub struct TransitionRefused {
    pub from: OrderStatus,
    pub event: OrderEvent,
}

impl Message for TransitionRefused {
    fn message(&self, lang: Lang) -> String {
        match self.from {
            OrderStatus::Pending => {
                lang.pick("Đơn hàng này chưa được thanh toán.", "This order has not been paid yet.")
            }
            OrderStatus::Paid => lang.pick("Đơn hàng này đã được thanh toán.", "This order has already been paid."),
            OrderStatus::Cancelled => lang.pick("Đơn hàng này đã bị hủy.", "This order was cancelled."),
            OrderStatus::Expired => lang.pick("Đơn hàng này đã hết hạn thanh toán.", "This order has expired."),
            OrderStatus::Refunded => lang.pick("Đơn hàng này đã được hoàn tiền.", "This order was refunded."),
        }
        .into()
    }
}

/// The state an order in `from` moves to on `event`, or the refusal.
pub fn transition(from: OrderStatus, event: OrderEvent) -> Result<OrderStatus, TransitionRefused> {
    use OrderEvent as E;
    use OrderStatus as S;
    match (from, event) {
        (S::Pending, E::Pay) => Ok(S::Paid),
        (S::Pending, E::Cancel) => Ok(S::Cancelled),
        (S::Pending, E::Expire) => Ok(S::Expired),
        (S::Paid, E::Refund { items_left: 0 }) => Ok(S::Refunded),
        (S::Paid, E::Refund { .. }) => Ok(S::Paid),
        _ => Err(TransitionRefused { from, event }),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use proptest::prelude::*;

    use OrderEvent as E;
    use OrderStatus as S;

    #[test]
    fn stored_names_read_back_and_an_unknown_one_is_an_error() {
        for status in S::ALL {
            assert_eq!(S::try_from(status.as_str().to_owned()), Ok(status));
        }
        assert_eq!(ItemStatus::try_from("refunded".to_owned()), Ok(ItemStatus::Refunded));
        let unknown = S::try_from("Paid".to_owned()).unwrap_err();
        assert_eq!(unknown.to_string(), r#"unknown order status "Paid""#);
        assert!(ItemStatus::try_from(String::new()).is_err());
    }

    #[test]
    fn a_pending_order_is_paid_cancelled_or_expired() {
        assert_eq!(transition(S::Pending, E::Pay), Ok(S::Paid));
        assert_eq!(transition(S::Pending, E::Cancel), Ok(S::Cancelled));
        assert_eq!(transition(S::Pending, E::Expire), Ok(S::Expired));
        assert!(transition(S::Pending, E::Refund { items_left: 0 }).is_err());
    }

    #[test]
    fn a_paid_order_is_refunded_whole_or_an_item_at_a_time() {
        assert_eq!(transition(S::Paid, E::Refund { items_left: 0 }), Ok(S::Refunded));
        assert_eq!(transition(S::Paid, E::Refund { items_left: 2 }), Ok(S::Paid));
        for event in [E::Pay, E::Cancel, E::Expire] {
            assert_eq!(transition(S::Paid, event), Err(TransitionRefused { from: S::Paid, event }));
        }
    }

    #[test]
    fn cancelled_expired_and_refunded_orders_stay_as_they_are() {
        for from in [S::Cancelled, S::Expired, S::Refunded] {
            for event in [E::Pay, E::Cancel, E::Expire, E::Refund { items_left: 0 }] {
                assert!(transition(from, event).is_err(), "{from:?} {event:?}");
            }
        }
    }

    #[test]
    fn statuses_are_stored_by_name_and_refusals_say_why_in_both_languages() {
        for status in S::ALL {
            assert_eq!(S::parse(status.as_str()), Some(status));
            let refusal = TransitionRefused { from: status, event: E::Pay };
            assert_ne!(refusal.message(Lang::Vi), refusal.message(Lang::En));
        }
        assert_eq!(S::parse("PAID"), None);
        let expired = TransitionRefused { from: S::Expired, event: E::Pay };
        assert_eq!(expired.message(Lang::En), "This order has expired.");
    }

    fn any_status() -> impl Strategy<Value = OrderStatus> {
        proptest::sample::select(S::ALL.to_vec())
    }

    fn any_event() -> impl Strategy<Value = OrderEvent> {
        prop_oneof![
            Just(E::Pay),
            Just(E::Cancel),
            Just(E::Expire),
            (0usize..4).prop_map(|items_left| E::Refund { items_left })
        ]
    }

    proptest! {
        #[test]
        fn money_only_arrives_on_a_pending_order_and_only_leaves_a_paid_one(
            events in proptest::collection::vec(any_event(), 0..12),
            start in any_status(),
        ) {
            let mut status = start;
            let mut payments = 0;
            for event in events {
                let before = status;
                if let Ok(next) = transition(status, event) {
                    if event == E::Pay {
                        prop_assert_eq!(before, S::Pending);
                        payments += 1;
                    }
                    if matches!(event, E::Refund { .. }) {
                        prop_assert_eq!(before, S::Paid);
                    }
                    status = next;
                }
            }
            prop_assert!(payments <= 1, "an order is paid at most once");
        }
    }
}
