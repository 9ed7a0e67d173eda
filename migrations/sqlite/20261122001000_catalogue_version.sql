-- The catalogue's version: raised by every write to what the public lists show (courses, categories, the
-- names and pictures of people, instructor profiles, posts, banners, testimonials, enrolments), in the
-- writing transaction. Server instances keep the course lists and the home page in memory and serve them
-- for as long as the version they were read at is current (see server/src/cache.rs).
create table catalogue_version (
    id integer primary key not null check (id = 1),
    version bigint not null
);
insert into catalogue_version (id, version) values (1, 0);

create trigger catalogue_version_courses_insert after insert on courses begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_courses_update after update on courses begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_courses_delete after delete on courses begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_categories_insert after insert on categories begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_categories_update after update on categories begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_categories_delete after delete on categories begin
    update catalogue_version set version = version + 1 where id = 1;
end;
-- People: only what cards and the instructor showcase show (not logins, passwords or tokens).
create trigger catalogue_version_users_insert after insert on users begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_users_update
after update of first_name, last_name, avatar, role, status on users begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_users_delete after delete on users begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_profiles_insert after insert on instructor_profiles begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_profiles_update after update on instructor_profiles begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_profiles_delete after delete on instructor_profiles begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_posts_insert after insert on posts begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_posts_update after update on posts begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_posts_delete after delete on posts begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_banners_insert after insert on banners begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_banners_update after update on banners begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_banners_delete after delete on banners begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_testimonials_insert after insert on testimonials begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_testimonials_update after update on testimonials begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_testimonials_delete after delete on testimonials begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_enrollments_insert after insert on course_enrollments begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_enrollments_delete after delete on course_enrollments begin
    update catalogue_version set version = version + 1 where id = 1;
end;
