-- The catalogue's version: raised by every write to what the public lists show (courses, categories, the
-- names and pictures of people, instructor profiles, posts, banners, testimonials, enrolments), in the
-- writing transaction. Server instances keep the course lists and the home page in memory and serve them
-- for as long as the version they were read at is current (see server/src/cache.rs).
create table catalogue_version (
    id integer primary key not null check (id = 1),
    version bigint not null
);
insert into catalogue_version (id, version) values (1, 0);

create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
    update catalogue_version set version = version + 1 where id = 1;
    return null;
end;
$$;

-- Once per statement: a bulk write raises the version once.
create trigger catalogue_version_courses after insert or update or delete on courses
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_categories after insert or update or delete on categories
    for each statement execute function bump_catalogue_version();
-- People: only what cards and the instructor showcase show (not logins, passwords or tokens).
create trigger catalogue_version_users_insert after insert or delete on users
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_users_update after update of first_name, last_name, avatar, role, status on users
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_profiles after insert or update or delete on instructor_profiles
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_posts after insert or update or delete on posts
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_banners after insert or update or delete on banners
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_testimonials after insert or update or delete on testimonials
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_enrollments after insert or delete on course_enrollments
    for each statement execute function bump_catalogue_version();
