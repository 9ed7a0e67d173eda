//! What a booking tells people. The notifications domain delivers the messages; this is where mentorship asks.

use academy_shared::{Lang, display::NotificationType, money::format_price_code};
use chrono::{DateTime, FixedOffset};

use crate::{
    notifications::service::{self, Notice},
    platform::text::Text,
    state::AppState,
};

/// A paid booking, as the order that paid it names it.
#[derive(Debug, Clone, Copy)]
pub struct Booked<'a> {
    pub booking_id: &'a str,
    pub order_id: &'a str,
    pub student_id: &'a str,
    pub mentor_id: &'a str,
    pub plan_title_vi: &'a str,
    pub plan_title_en: &'a str,
    /// What the student paid for it, in minor units of `currency`.
    pub paid: i64,
    pub currency: &'a str,
    /// When the booking ends (ms since the epoch).
    pub end_ms: i64,
}

/// A booking was paid (a first booking or a renewal): the student gets a `BookMentorShip` notification that is
/// also their confirmation by mail, and the mentor one naming the plan. Called after the payment is committed;
/// each person is told once per paying order, however often the payment is reported.
pub async fn booked(state: &AppState, booking: Booked<'_>) {
    tracing::info!(
        booking = booking.booking_id,
        order = booking.order_id,
        student = booking.student_id,
        mentor = booking.mentor_id,
        end = booking.end_ms,
        "mentorship booked"
    );
    let mut notices =
        vec![(student_notice(&booking), format!("booking:{}:{}:student", booking.order_id, booking.booking_id))];
    if booking.mentor_id != booking.student_id {
        notices.push((mentor_notice(&booking), format!("booking:{}:{}:mentor", booking.order_id, booking.booking_id)));
    }
    for (notice, key) in notices {
        let user = notice.user_id.clone();
        if let Err(e) = service::notify_once(state, notice, &key).await {
            tracing::error!(error = %e, booking = booking.booking_id, user = %user, "telling of a booking failed");
        }
    }
}

fn student_notice(booking: &Booked<'_>) -> Notice {
    let paid = |lang| format_price_code(booking.paid, booking.currency, lang);
    Notice {
        user_id: booking.student_id.to_owned(),
        kind: NotificationType::BookMentorShip,
        title: Text::new("Đặt gói mentor thành công", "Mentorship booked"),
        message: Text::new(
            format!(
                "Bạn đã đặt gói «{title}» ({amount}), có hiệu lực đến hết ngày {end}.",
                title = booking.plan_title_vi,
                amount = paid(Lang::Vi),
                end = end_date(booking.end_ms, Lang::Vi),
            ),
            format!(
                "You booked «{title}» ({amount}); it runs until {end}.",
                title = booking.plan_title_en,
                amount = paid(Lang::En),
                end = end_date(booking.end_ms, Lang::En),
            ),
        ),
        image: None,
        link: Some("/profile?tab=mentors".to_owned()),
        mail: true,
    }
}

fn mentor_notice(booking: &Booked<'_>) -> Notice {
    Notice {
        user_id: booking.mentor_id.to_owned(),
        kind: NotificationType::BookMentorShip,
        title: Text::new("Có học viên mới đặt gói của bạn", "A mentee booked your plan"),
        message: Text::new(
            format!(
                "Một học viên vừa đặt gói «{}», đến hết ngày {}.",
                booking.plan_title_vi,
                end_date(booking.end_ms, Lang::Vi)
            ),
            format!("A student just booked «{}», until {}.", booking.plan_title_en, end_date(booking.end_ms, Lang::En)),
        ),
        image: None,
        link: Some("/dashboard/mentorship/booked-mentorship".to_owned()),
        mail: false,
    }
}

/// The booking's last day in Vietnam's time (UTC+7, no daylight saving): 23/12/2026 in Vietnamese,
/// Dec 23, 2026 in English.
fn end_date(end_ms: i64, lang: Lang) -> String {
    let (Some(vietnam), Some(end)) = (FixedOffset::east_opt(7 * 3600), DateTime::from_timestamp_millis(end_ms)) else {
        return String::new();
    };
    let local = end.with_timezone(&vietnam);
    match lang {
        Lang::Vi => local.format("%d/%m/%Y").to_string(),
        Lang::En => local.format("%b %-d, %Y").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_day_is_read_in_vietnam_time_in_each_language() {
        // 2026-12-23 17:30 UTC is already the 24th in Vietnam.
        let end = DateTime::parse_from_rfc3339("2026-12-23T17:30:00Z").expect("a date").timestamp_millis();
        assert_eq!(end_date(end, Lang::Vi), "24/12/2026");
        assert_eq!(end_date(end, Lang::En), "Dec 24, 2026");
    }
}
