//! A person's rights over their data (Vietnam's personal data decree 13/2023): downloading everything the academy
//! holds about them ([`export`]) and deleting their account ([`erasure`]), with the records the law keeps left
//! without their details. The SQL of both is in [`repo`], the routes in [`routes`].

pub mod erasure;
pub mod export;
pub mod repo;
pub mod routes;
