-- Catalogue and content: categories, course types, courses with their curriculum, instructor profiles,
-- mentorship plans, enrolments, posts, the community feed, banners, testimonials, syllabuses and subjects,
-- and the messages visitors send (contact, admission, newsletter).
-- Texts shown to users are stored once per language (`_vi`, `_en`); lists of texts are JSON arrays of
-- {"vi", "en"} objects in TEXT columns. Money: bigint minor units + currency code. Times: bigint epoch ms.

create table categories (
    id text primary key not null,
    slug text not null,
    name_vi text not null,
    name_en text not null,
    description_vi text not null default '',
    description_en text not null default '',
    image text,
    sort_order bigint not null default 0,
    -- Published courses of the category, and the free ones among them: recomputed by the server in the
    -- transaction of every course write, so lists never count rows to show their totals.
    course_count bigint not null default 0,
    free_course_count bigint not null default 0,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index categories_slug_key on categories (slug);
create index categories_sort_idx on categories (sort_order, name_vi);

create table course_types (
    id text primary key not null,
    slug text not null,
    name_vi text not null,
    name_en text not null,
    description_vi text not null default '',
    description_en text not null default '',
    created_at bigint not null,
    updated_at bigint not null
);
create unique index course_types_slug_key on course_types (slug);

-- `seq` is the course's stable integer key (the text `id` is the public one); it breaks ties in every sort so
-- that pages never overlap.
create table courses (
    seq bigint generated always as identity primary key,
    id text not null,
    slug text not null,
    title_vi text not null,
    title_en text not null,
    description_vi text not null default '',
    description_en text not null default '',
    -- JSON arrays of {"vi", "en"}.
    outcomes text not null default '[]',
    requirements text not null default '[]',
    thumbnail text,
    price bigint not null default 0 check (price >= 0),
    -- The sale price (what the learner pays now), below price; null when not on sale.
    discount bigint check (discount is null or (discount >= 0 and discount < price)),
    currency text not null default 'VND',
    badge_vi text,
    badge_en text,
    level text not null default 'beginner' check (level in ('beginner', 'intermediate', 'advanced')),
    total_seat bigint not null default 0 check (total_seat >= 0),
    instructor_id text not null references users (id),
    category_id text not null references categories (id),
    type_id text references course_types (id),
    status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
    language text not null default 'vi',
    rating_avg double precision not null default 0,
    rating_count bigint not null default 0,
    enrollment_count bigint not null default 0,
    sales_count bigint not null default 0,
    -- Totals of the curriculum, recomputed with it.
    lesson_count bigint not null default 0,
    duration_seconds bigint not null default 0,
    -- normalize_search(title vi + title en + instructor name + category names), computed by the server on
    -- every write; the text search indexes it.
    search_text text not null default '',
    created_at bigint not null,
    updated_at bigint not null
);
create unique index courses_id_key on courses (id);
create unique index courses_slug_key on courses (slug);
create index courses_instructor_idx on courses (instructor_id, created_at desc);
create index courses_category_idx on courses (category_id);
create index courses_type_idx on courses (type_id);
-- Browsing: one partial index per sort key, with and without a category, so that
-- `where status = 'published' [and category_id = $1] order by <key> desc, seq desc limit n offset m`
-- walks an index in order and stops after n + m entries.
create index courses_pub_popular_idx on courses (enrollment_count desc, seq desc) where status = 'published';
create index courses_pub_cat_popular_idx on courses (category_id, enrollment_count desc, seq desc) where status = 'published';
create index courses_pub_selling_idx on courses (sales_count desc, seq desc) where status = 'published';
create index courses_pub_cat_selling_idx on courses (category_id, sales_count desc, seq desc) where status = 'published';
create index courses_pub_rated_idx on courses (rating_avg desc, seq desc) where status = 'published';
create index courses_pub_cat_rated_idx on courses (category_id, rating_avg desc, seq desc) where status = 'published';
create index courses_pub_newest_idx on courses (created_at desc, seq desc) where status = 'published';
create index courses_pub_cat_newest_idx on courses (category_id, created_at desc, seq desc) where status = 'published';
create index courses_pub_free_idx on courses (enrollment_count desc, seq desc) where status = 'published' and price = 0;
create index courses_pub_cat_free_idx on courses (category_id, enrollment_count desc, seq desc) where status = 'published' and price = 0;

-- Text search: a trigram index over courses.search_text, used by `search_text like '%…%'`.
create extension if not exists pg_trgm;
create index courses_search_trgm_idx on courses using gin (search_text gin_trgm_ops);

create table course_sections (
    id text primary key not null,
    course_id text not null references courses (id) on delete cascade,
    title_vi text not null,
    title_en text not null,
    position bigint not null,
    created_at bigint not null,
    updated_at bigint not null
);
create index course_sections_course_idx on course_sections (course_id, position);

create table course_lessons (
    id text primary key not null,
    section_id text not null references course_sections (id) on delete cascade,
    course_id text not null references courses (id) on delete cascade,
    title_vi text not null,
    title_en text not null,
    duration_seconds bigint not null default 0 check (duration_seconds >= 0),
    video_url text,
    free_preview integer not null default 0,
    position bigint not null,
    created_at bigint not null,
    updated_at bigint not null
);
create index course_lessons_section_idx on course_lessons (section_id, position);
create index course_lessons_course_idx on course_lessons (course_id);

-- What a teacher shows as an instructor and mentor.
create table instructor_profiles (
    user_id text primary key not null references users (id) on delete cascade,
    profession_vi text not null default '',
    profession_en text not null default '',
    -- JSON array of {"vi", "en"}; the first is the headline tag.
    expertise text not null default '[]',
    bio_vi text not null default '',
    bio_en text not null default '',
    sort_order bigint not null default 0,
    created_at bigint not null,
    updated_at bigint not null
);
create index instructor_profiles_sort_idx on instructor_profiles (sort_order);

create table mentorship_plans (
    id text primary key not null,
    owner_id text not null references users (id) on delete cascade,
    slug text not null,
    title_vi text not null,
    title_en text not null,
    price bigint not null default 0 check (price >= 0),
    currency text not null default 'VND',
    short_description_vi text not null default '',
    short_description_en text not null default '',
    -- JSON array of {"vi", "en"}.
    services text not null default '[]',
    duration_days bigint not null default 30 check (duration_days > 0),
    status text not null default 'active' check (status in ('active', 'inactive')),
    created_at bigint not null,
    updated_at bigint not null
);
create unique index mentorship_plans_owner_slug_key on mentorship_plans (owner_id, slug);

create table course_enrollments (
    id text primary key not null,
    user_id text not null references users (id) on delete cascade,
    course_id text not null references courses (id) on delete cascade,
    -- Percent, 0..=100.
    progress bigint not null default 0 check (progress between 0 and 100),
    completed integer not null default 0,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index course_enrollments_user_course_key on course_enrollments (user_id, course_id);
create index course_enrollments_course_idx on course_enrollments (course_id);

create table mentorship_enrollments (
    id text primary key not null,
    user_id text not null references users (id) on delete cascade,
    plan_id text not null references mentorship_plans (id),
    mentor_id text not null references users (id),
    start_at bigint not null,
    end_at bigint not null,
    created_at bigint not null
);
create index mentorship_enrollments_user_idx on mentorship_enrollments (user_id, start_at desc);
create index mentorship_enrollments_mentor_idx on mentorship_enrollments (mentor_id);

-- Blog posts; content is HTML sanitised by the server before it is stored.
create table posts (
    id text primary key not null,
    slug text not null,
    author_id text references users (id) on delete set null,
    title_vi text not null,
    title_en text not null,
    excerpt_vi text not null default '',
    excerpt_en text not null default '',
    content_vi text not null default '',
    content_en text not null default '',
    -- JSON array of image URLs; the first is the cover.
    images text not null default '[]',
    -- JSON array of {"vi", "en"}.
    tags text not null default '[]',
    status text not null default 'published' check (status in ('draft', 'published')),
    created_at bigint not null,
    updated_at bigint not null
);
create unique index posts_slug_key on posts (slug);
create index posts_published_idx on posts (status, created_at desc);

-- The community feed.
create table feed_posts (
    id text primary key not null,
    author_id text not null references users (id) on delete cascade,
    text_vi text not null,
    text_en text not null,
    image text,
    likes bigint not null default 0,
    -- Moderation: hidden posts are not listed.
    status text not null default 'visible' check (status in ('visible', 'hidden')),
    created_at bigint not null,
    updated_at bigint not null
);
create index feed_posts_status_idx on feed_posts (status, created_at desc);

create table banners (
    id text primary key not null,
    slug text not null,
    title_vi text not null,
    title_en text not null,
    subtitle_vi text not null default '',
    subtitle_en text not null default '',
    image text not null,
    link text not null default '/',
    active integer not null default 1,
    sort_order bigint not null default 0,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index banners_slug_key on banners (slug);

create table testimonials (
    id text primary key not null,
    name text not null,
    avatar text,
    rating bigint not null default 5 check (rating between 1 and 5),
    position_vi text not null default '',
    position_en text not null default '',
    quote_vi text not null,
    quote_en text not null,
    sort_order bigint not null default 0,
    created_at bigint not null
);

create table subjects (
    id text primary key not null,
    code text not null,
    owner_id text references users (id) on delete set null,
    credits bigint not null default 0 check (credits >= 0),
    name_vi text not null,
    name_en text not null,
    description_vi text not null default '',
    description_en text not null default '',
    created_at bigint not null,
    updated_at bigint not null
);
create unique index subjects_code_key on subjects (code);

create table syllabuses (
    id text primary key not null,
    code text not null,
    owner_id text references users (id) on delete set null,
    duration_weeks bigint not null default 0 check (duration_weeks >= 0),
    name_vi text not null,
    name_en text not null,
    description_vi text not null default '',
    description_en text not null default '',
    status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
    created_at bigint not null,
    updated_at bigint not null
);
create unique index syllabuses_code_key on syllabuses (code);

create table syllabus_subjects (
    syllabus_id text not null references syllabuses (id) on delete cascade,
    subject_id text not null references subjects (id) on delete cascade,
    position bigint not null,
    primary key (syllabus_id, subject_id)
);

create table contact_messages (
    id text primary key not null,
    name text not null,
    email text not null,
    phone text not null default '',
    subject text not null default '',
    message text not null,
    is_read integer not null default 0,
    -- normalize_search(name + email + phone + subject + message), for the inbox search.
    search_text text not null default '',
    created_at bigint not null
);
create index contact_messages_created_idx on contact_messages (created_at desc);

create table admission_messages (
    id text primary key not null,
    name text not null,
    email text not null,
    phone text not null,
    course_name text not null,
    message text not null default '',
    is_read integer not null default 0,
    search_text text not null default '',
    created_at bigint not null
);
create index admission_messages_created_idx on admission_messages (created_at desc);

create table newsletter_subscriptions (
    id text primary key not null,
    -- trim + lower case.
    email text not null,
    created_at bigint not null
);
create unique index newsletter_subscriptions_email_key on newsletter_subscriptions (email);
