/**
 * The API's shapes by name. They are generated from the server's OpenAPI document into `schema.d.ts`
 * (`npm run api-types`; CI fails when it is stale) and never written by hand.
 */
import type { components, paths } from './schema';

type Schemas = components['schemas'];

type SuccessBody<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : never;

/** The envelope's `result` of a successful `method path` (for answers the document names no schema for). */
export type ResultOf<Path extends keyof paths, Method extends keyof paths[Path]> =
  SuccessBody<paths[Path][Method]> extends { result: infer Result } ? Result : never;

export type Localized = Schemas['Localized'];

// The catalogue, texts in the request's language. Money is integer minor units of `currency`.
export type Course = Schemas['Course'];
export type CourseDetail = Schemas['CourseDetail'];
export type Section = Schemas['Section'];
export type Lesson = Schemas['Lesson'];
export type Category = Schemas['Category'];
export type Instructor = Schemas['Instructor'];
export type MentorDetail = Schemas['MentorDetail'];
export type Plan = Schemas['Plan'];
export type Post = Schemas['Post'];
export type PostDetail = Schemas['PostDetail'];
export type FeedPost = Schemas['FeedPost'];
export type Banner = Schemas['Banner'];
export type Testimonial = Schemas['Testimonial'];
/** `GET /api/home`: every list of the home page in one answer. */
export type Home = Schemas['Home'];

export type CoursePage = ResultOf<'/api/courses', 'get'>;
export type PostPage = ResultOf<'/api/posts', 'get'>;
export type FeedPage = ResultOf<'/api/feed', 'get'>;

// The dashboard: records with their texts in both languages, and what the editors send.
export type ManagedCourse = Schemas['ManagedCourse'];
export type ManagedCategory = Schemas['ManagedCategory'];
export type ManagedBanner = Schemas['ManagedBanner'];
export type CourseType = Schemas['CourseType'];
export type Subject = Schemas['Subject'];
export type Syllabus = Schemas['Syllabus'];
export type InboxPage = Schemas['InboxPage'];
export type InboxMessage = InboxPage['items'][number];
export type CourseBody = Schemas['CourseBody'];
export type SectionBody = Schemas['SectionBody'];
export type LessonBody = Schemas['LessonBody'];
export type LessonWithVideo = Schemas['LessonWithVideo'];
export type VideoUploadUrl = Schemas['VideoUploadUrl'];
export type CategoryBody = Schemas['CategoryBody'];
export type BannerBody = Schemas['BannerBody'];
export type SubjectBody = Schemas['SubjectBody'];
export type SyllabusBody = Schemas['SyllabusBody'];

// Mentorship: plans as their owner edits them, bookings as cards and lists show them.
export type ManagedPlan = Schemas['ManagedPlan'];
export type PlanBody = Schemas['PlanBody'];
export type BookingPage = Schemas['BookingPage'];

// Live classes: times are UTC instants; `refusal` says, in the request's language, why the caller cannot register.
export type ClassView = Schemas['ClassView'];
export type ClassAudience = Schemas['ClassAudience'];
export type ClassRoster = Schemas['ClassRoster'];
export type MentorshipBooking = Schemas['MentorshipEnrollment'];
export type OrderView = Schemas['OrderView'];

// Schedules: a teacher's week, a mentor's open times, booked sessions.
export type WeekView = Schemas['WeekView'];
export type WeekBody = Schemas['WeekBody'];
export type SlotsView = Schemas['SlotsView'];
export type SessionView = Schemas['SessionView'];
// A teacher's calendar of sessions and classes, and its iCalendar subscription.
export type CalendarView = Schemas['CalendarView'];
export type CalendarEventView = Schemas['CalendarEventView'];
export type FeedView = Schemas['FeedView'];

// Online rooms: a session's or class's room, and a ticket to its signalling socket.
export type RoomView = ResultOf<'/api/meeting/{id}', 'get'>;
export type RoomTicket = ResultOf<'/api/meeting/{id}/ticket', 'post'>;

// The academy's own settings: what the public pages show, the administrators' form and the history of changes.
export type SiteView = Schemas['SiteView'];
export type SiteSettingsBody = Schemas['SiteSettingsBody'];
export type SiteSettingsView = ResultOf<'/api/admin/site-settings', 'get'>;
export type SettingsHistory = Schemas['SettingsHistoryView'];
export type SettingChange = Schemas['SettingChangeView'];
