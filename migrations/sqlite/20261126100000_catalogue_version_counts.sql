-- Counts no longer raise the catalogue version: enrolment and sales counts (every purchase writes them) and the
-- number of students (every sign-up adds one). The kept course lists and home page would otherwise be thrown away
-- dozens of times a second while money moves. Kept responses are instead recomputed once they are a minute old
-- (server/src/platform/cache.rs), so the counts shown catch up within it. Every other column of courses still
-- raises the version (a test updates each one), and so do teachers and admins joining or leaving.
drop trigger catalogue_version_courses_update;
create trigger catalogue_version_courses_update after update of
    id, slug, title_vi, title_en, description_vi, description_en, outcomes, requirements, thumbnail, price,
    discount, currency, badge_vi, badge_en, level, total_seat, instructor_id, category_id, type_id, status,
    language, rating_avg, rating_count, lesson_count, duration_seconds, search_text, created_at, updated_at
    on courses begin
    update catalogue_version set version = version + 1 where id = 1;
end;
drop trigger catalogue_version_enrollments_insert;
drop trigger catalogue_version_enrollments_delete;
drop trigger catalogue_version_users_insert;
create trigger catalogue_version_users_insert after insert on users when new.role <> 'STUDENT' begin
    update catalogue_version set version = version + 1 where id = 1;
end;
drop trigger catalogue_version_users_delete;
create trigger catalogue_version_users_delete after delete on users when old.role <> 'STUDENT' begin
    update catalogue_version set version = version + 1 where id = 1;
end;
