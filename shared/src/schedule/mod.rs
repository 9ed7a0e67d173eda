//! A teacher's week: when they can be booked (weekly hours in their own IANA time zone, days with other hours or
//! none), the gap they keep between sessions and how long before a session it must be booked; and, from those,
//! the session times a student can book, as UTC instants.

mod availability;
mod slots;

pub use availability::{
    Availability, AvailabilityError, AvailabilityField, BUFFER_MAX_MINUTES, DEFAULT_NOTICE_MINUTES, DEFAULT_ZONE,
    DateOverride, INTERVALS_PER_DAY_MAX, Interval, MINUTE_STEP, NOTICE_MAX_MINUTES, OVERRIDES_MAX, parse_zone,
    validate_availability, zone_names,
};
pub use slots::{RANGE_MAX_MS, SlotRefusal, check_slot, open_slots};
