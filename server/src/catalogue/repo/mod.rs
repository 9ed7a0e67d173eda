//! The catalogue's SQL: courses and their search ([`courses`]), everything else the catalogue shows
//! ([`catalogue`]).

pub mod catalogue;
pub mod courses;
