-- The IANA time zone every time a person sees is shown in (their profile's choice; the academy's by default).
alter table users add column time_zone text not null default 'Asia/Ho_Chi_Minh';
