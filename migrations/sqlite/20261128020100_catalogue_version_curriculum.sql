-- Course pages are kept in memory like the lists: their curriculum (sections and lessons) and course types raise
-- the catalogue's version too, in the writing transaction.
create trigger catalogue_version_sections_insert after insert on course_sections begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_sections_update after update on course_sections begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_sections_delete after delete on course_sections begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_lessons_insert after insert on course_lessons begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_lessons_update after update on course_lessons begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_lessons_delete after delete on course_lessons begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_course_types_insert after insert on course_types begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_course_types_update after update on course_types begin
    update catalogue_version set version = version + 1 where id = 1;
end;
create trigger catalogue_version_course_types_delete after delete on course_types begin
    update catalogue_version set version = version + 1 where id = 1;
end;
