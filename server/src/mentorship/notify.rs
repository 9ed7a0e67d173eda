//! What a booking tells people. The notifications domain delivers the messages; this is where mentorship asks.

/// A booking was paid: the mentor and the student get a `BookMentorShip` notification. Called once per paid
/// booking, after its payment is committed. Until notifications are delivered, the booking is only logged.
pub fn booked(booking_id: &str, student_id: &str, mentor_id: &str, plan_id: &str, end_ms: i64) {
    tracing::info!(
        booking = booking_id,
        student = student_id,
        mentor = mentor_id,
        plan = plan_id,
        end = end_ms,
        kind = "BookMentorShip",
        "mentorship booked"
    );
}
