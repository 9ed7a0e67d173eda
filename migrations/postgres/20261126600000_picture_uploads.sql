-- Uploads may be the pictures of the catalogue (course thumbnails, banners, category images) as well as avatars
-- and lesson videos.
alter table files drop constraint files_purpose_check;
alter table files add constraint files_purpose_check check (purpose in ('avatar', 'picture', 'video'));
