-- A person's full name as the admin's user search reads it: both orders (family name first, given name first),
-- lower-case, without Vietnamese marks (đ as d), written by the server with every change of the name. Rows made
-- before this column are filled when the server starts.
alter table users add column name_search text not null default '';
