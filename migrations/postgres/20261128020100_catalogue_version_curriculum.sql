-- Course pages are kept in memory like the lists: their curriculum (sections and lessons) and course types raise
-- the catalogue's version too, in the writing transaction (once per statement).
create trigger catalogue_version_sections after insert or update or delete on course_sections
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_lessons after insert or update or delete on course_lessons
    for each statement execute function bump_catalogue_version();
create trigger catalogue_version_course_types after insert or update or delete on course_types
    for each statement execute function bump_catalogue_version();
