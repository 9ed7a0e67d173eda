//! Learning a course and its reviews.

mod classroom;
mod reviews;

pub(crate) use classroom::Classroom;
