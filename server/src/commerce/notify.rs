//! What commerce tells people. The notifications domain delivers the messages; this is where commerce asks.

use super::orders::Order;
use crate::state::AppState;

/// An order was paid: the student and each course's teacher get a `CoursePurchase` notification. Called once
/// per paid order, after its payment is committed (whatever confirmed it: the bank feed, an administrator, a
/// gateway). Until notifications are delivered, the purchase is only logged.
pub async fn course_purchased(_state: &AppState, order: &Order) {
    tracing::info!(
        order = %order.row.id,
        code = %order.row.code,
        student = %order.row.user_id,
        courses = order.items.len(),
        "course purchase paid"
    );
}
