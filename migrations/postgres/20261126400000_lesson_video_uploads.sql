-- Uploads may be lesson videos as well as pictures.
alter table files drop constraint files_purpose_check;
alter table files add constraint files_purpose_check check (purpose in ('avatar', 'video'));
