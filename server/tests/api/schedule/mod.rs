//! Schedules, booked sessions and the teacher's calendar.

mod calendar;
mod sessions;
