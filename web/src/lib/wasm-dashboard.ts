/**
 * The dashboard's rules in the browser: the only module that imports the dashboard's wasm package
 * (`academy-wasm-dashboard`, built from the `dashboard` feature of wasm/). It is fetched with a dynamic
 * `import()` when a dashboard page first imports this file (its top-level await finishes before the page
 * renders), so visitors never download it and the site's first module stays within its budget.
 *
 * The checks are the server's own (shared/src/catalogue.rs): the messages shown beside the fields before a
 * form is sent are the ones the server would answer with, in the requested language. TypeScript never
 * re-implements a rule.
 */
import type { PayoutAccountInput, PayoutFee, PayoutQuote } from './rules';
import type { LangCode } from './wasm';

const wasm = await import('academy-wasm-dashboard');

/** A text in both languages, as the editors send it. */
export interface BilingualText {
  vi: string;
  en: string;
}

/** What the course check reads of the editor's `CourseBody`. */
export interface CourseRulesInput {
  title: BilingualText;
  slug: string;
  description: BilingualText;
  whatYouWillLearn?: BilingualText[];
  requirements?: BilingualText[];
  thumbnail?: string | null;
  price: number;
  discount: number | null;
  currency: string;
  courseBadge?: BilingualText | null;
  level: string;
  totalSeat: number;
  categoryId: string;
  typeId?: string | null;
  language?: string;
}

/** What the curriculum check reads of the editor's `SectionBody[]`. */
export interface SectionRulesInput {
  id?: string | null;
  title: BilingualText;
  lessons: { id?: string | null; title: BilingualText; durationSeconds: number; videoUrl: string | null }[];
}

/**
 * Field messages keyed as the server keys them: `title.vi`, `name.en`, `slug`, `price`, `image`, `sections`,
 * and for a curriculum `sections.<i>.title` and `sections.<i>.lessons.<j>` (see {@link curriculumKey}).
 */
export type FieldMessages = Record<string, string>;

/** A passed check with what it returns (the slug an item is saved under), or the messages of the broken fields. */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldMessages };

/**
 * Course details: Vietnamese title required, slug (made from the title when empty), price ≥ 0, sale price below
 * the price, currency, level, seats ≥ 0, category, every text within its maximum (`textLimits()` of
 * `@/lib/wasm`; lists at most 50 lines). `value` is the slug saved.
 */
export function validateCourse(course: CourseRulesInput, lang: LangCode): Checked<string> {
  return wasm.validateCourse(course, lang) as Checked<string>;
}

/**
 * A category or course type: Vietnamese name required, slug valid when typed, names, descriptions and picture
 * within their maxima.
 */
export function validateNamed(
  item: { name: BilingualText; slug: string; description?: BilingualText; image?: string | null },
  lang: LangCode,
): Checked<string> {
  return wasm.validateNamed(item, lang) as Checked<string>;
}

/**
 * A banner: titles as a named item's (messages under `name.vi` / `name.en`), a picture (`image`), subtitles and
 * link within their maxima.
 */
export function validateBanner(
  banner: { title: BilingualText; subtitle?: BilingualText; slug: string; image: string; link?: string },
  lang: LangCode,
): Checked<string> {
  return wasm.validateBanner(banner, lang) as Checked<string>;
}

/** What the subject check reads of the form's `SubjectBody`. */
export interface SubjectRulesInput {
  code: string;
  name: BilingualText;
  description: BilingualText;
  credits: number;
}

/** What the syllabus check reads of the form's `SyllabusBody` (whether its owner exists is the server's to check). */
export interface SyllabusRulesInput {
  code: string;
  name: BilingualText;
  description?: BilingualText;
  ownerId?: string | null;
  durationWeeks: number;
  status: string;
  /** Subject ids in teaching order. */
  subjects: readonly string[];
}

/**
 * A subject: names as a named item's (`name.vi`, `name.en`), a code of 2–40 letters, digits, dots or dashes
 * (`code`), credits 0–60 (`credits`), descriptions ≤ 10,000 characters (`description.vi`, `description.en`).
 */
export function validateSubject(subject: SubjectRulesInput, lang: LangCode): Checked<null> {
  return wasm.validateSubject(subject, lang) as Checked<null>;
}

/**
 * A syllabus: names, a code, descriptions, 1–520 weeks (`durationWeeks`), a known status (`status`), at most 100
 * subjects each listed once (`subjects`). Whether the chosen subjects still exist only the server can say.
 */
export function validateSyllabus(syllabus: SyllabusRulesInput, lang: LangCode): Checked<null> {
  return wasm.validateSyllabus(syllabus, lang) as Checked<null>;
}

/**
 * A curriculum: at most 100 sections of 200 lessons, every title present, texts within their maxima, durations
 * ≥ 0, video links https to YouTube, Vimeo or a file uploaded here. On failure the first broken item's message is
 * under `sections`, and each refused section title or lesson has its own message under its key.
 */
export function validateCurriculum(
  sections: readonly SectionRulesInput[],
  lang: LangCode,
): { ok: true } | { ok: false; errors: FieldMessages } {
  return wasm.validateCurriculum(sections, lang) as { ok: true } | { ok: false; errors: FieldMessages };
}

/** The picture rule for a chosen file's type (`File.type`): the message when it is not JPEG, PNG, GIF or WebP. */
export function imageTypeError(contentType: string, lang: LangCode): string | null {
  return wasm.imageTypeError(contentType, lang) ?? null;
}

/** The accepted picture types, for a file input's `accept` attribute ("image/jpeg,image/png,…"). */
export function acceptedImageTypes(): string {
  return wasm.acceptedImageTypes();
}

/**
 * The lesson video rule for a chosen file (`File.type`, `File.size`): the message when it is not an MP4 or WebM
 * video of at most 2 GB, else null.
 */
export function videoFileError(contentType: string, size: number, lang: LangCode): string | null {
  return wasm.videoFileError(contentType, size, lang) ?? null;
}

/** The accepted lesson video types, for a file input's `accept` attribute ("video/mp4,video/webm"). */
export function acceptedVideoTypes(): string {
  return wasm.acceptedVideoTypes();
}

/** The key of a section's title (`lesson` omitted) or of a lesson in {@link validateCurriculum}'s messages. */
export function curriculumKey(section: number, lesson?: number): string {
  return lesson === undefined ? `sections.${section}.title` : `sections.${section}.lessons.${lesson}`;
}

/** What the broadcast check reads of the form sent to `POST /api/notification/broadcasts`. */
export interface BroadcastRulesInput {
  /** `all`, `role` or `users`. */
  audience?: string;
  role?: string | null;
  userIds?: readonly string[];
  title?: Partial<BilingualText>;
  message?: Partial<BilingualText>;
  imageUrl?: string | null;
  actionLink?: string | null;
}

/**
 * A broadcast: everyone, a role (`role`) or 1–500 chosen people (`userIds`); titles and messages in both
 * languages within their maxima (`title.vi`, `message.en`...); a picture (`imageUrl`) and a link (`actionLink`)
 * of this site or https.
 */
export function validateBroadcast(form: BroadcastRulesInput, lang: LangCode): Checked<null> {
  return wasm.validateBroadcast(form, lang) as Checked<null>;
}

/** The broadcast form's maxima, for its inputs' `maxLength` (and how many people it may choose). */
export function broadcastLimits(): {
  title: number;
  message: number;
  imageUrl: number;
  actionLink: number;
  chosen: number;
} {
  return wasm.broadcastLimits() as {
    title: number;
    message: number;
    imageUrl: number;
    actionLink: number;
    chosen: number;
  };
}

/** What the plan check reads of the plan editor's body. */
export interface PlanRulesInput {
  title: BilingualText;
  shortDescription: BilingualText;
  services: BilingualText[];
  price: number;
  currency: string;
  durationValue: number;
  durationUnit: string;
  sessionsPerPeriod: number;
  sessionMinutes: number;
  maxMentees: number;
}

/**
 * A mentorship plan: Vietnamese title, texts within their maxima, at most 20 services each with a Vietnamese
 * text, price from 0 in a known currency, 1-365 days or 1-24 months, 1-60 sessions of 15-240 minutes, 1-1000
 * active mentees (shared/src/mentorship/plan.rs).
 */
export function validatePlan(plan: PlanRulesInput, lang: LangCode): Checked<null> {
  return wasm.validatePlan(plan, lang) as Checked<null>;
}

/** A live class as its editor holds it (`startsAt` in epoch milliseconds; `courseId` or `planId`). */
export interface ClassRulesInput {
  topic: string;
  description: string;
  courseId: string | null;
  planId: string | null;
  startsAt: number;
  minutes: number;
  seats: number;
}

/**
 * A live class at `nowMs`: a topic, a course or a plan (not both), a start in the future and within a year,
 * 15-480 minutes in 15-minute steps, 1-500 seats (shared/src/classes.rs).
 */
export function validateClass(form: ClassRulesInput, nowMs: number, lang: LangCode): Checked<null> {
  return wasm.validateClass(
    { ...form, courseId: form.courseId ?? '', planId: form.planId ?? '' },
    nowMs,
    lang,
  ) as Checked<null>;
}

// ── Payouts ────────────────────────────────────────────────────────────────────────────────────────────

/** A bank a payout can go to (shared/src/payouts/banks.rs): its NAPAS BIN, short name and full name. */
export interface PayoutBank {
  bin: string;
  code: string;
  shortName: string;
  name: string;
  paysVietqr: boolean;
}

/** The banks a payout can go to, in the list's order. */
export function payoutBanks(): PayoutBank[] {
  return wasm.payoutBanks() as PayoutBank[];
}

/** A name as banks print it, applied as the teacher types: "Nguyễn Văn Ánh" → "NGUYEN VAN ANH". */
export function bankHolderName(name: string): string {
  return wasm.bankHolderName(name);
}

/** An account number as others see it: "•••• 3651". */
export function maskAccountNumber(accountNumber: string): string {
  return wasm.maskAccountNumber(accountNumber);
}

/**
 * A payout account form: a listed bank, 6–19 digits (spaces, dots and dashes dropped), the holder's name. The
 * stored form on success (the name upper case without marks), else a message per field.
 */
export function checkPayoutAccount(form: PayoutAccountInput, lang: LangCode): Checked<PayoutAccountInput> {
  return wasm.checkPayoutAccount(form, lang) as Checked<PayoutAccountInput>;
}

/** What a request is checked against: the balance now and the chosen method's terms. */
export interface PayoutTerms {
  available: number;
  minimum: number;
  fee: PayoutFee;
  withholdTax: boolean;
  /** The teacher declared the commitment form for this year: no tax is withheld. */
  committed: boolean;
}

/** What a payout of `amount` gives (fee, tax, net), or why the server would refuse it, in `lang`. */
export function quotePayout(
  amount: number,
  terms: PayoutTerms,
  lang: LangCode,
): { ok: true; value: PayoutQuote } | { ok: false; message: string } {
  return wasm.quotePayout(amount, terms, lang) as { ok: true; value: PayoutQuote } | { ok: false; message: string };
}

/** The academy settings form (every value a string), as `PUT /api/admin/site-settings` takes it. */
export interface SiteSettingsRulesInput {
  academyName: string;
  phone: string;
  email: string;
  address: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  youtube: string;
  defaultCurrency: string;
  mailFromName: string;
  mailFromEmail: string;
  promoTitleVi: string;
  promoTitleEn: string;
  promoTextVi: string;
  promoTextEn: string;
  /** The commission in percent on a sale credited to a referral link; empty: the normal commission. */
  referralCommission: string;
}

/**
 * The academy's settings: name, phone (8–15 digits), e-mail and address required and on one line; social links
 * empty or https; VND or USD; a mail sender name without `< > "` and its address (both or neither); promotion
 * titles required (≤ 120), texts ≤ 300; a referral commission empty or a whole 0–100. `value` is the settings trimmed.
 */
export function validateSiteSettings(form: SiteSettingsRulesInput, lang: LangCode): Checked<SiteSettingsRulesInput> {
  return wasm.validateSiteSettings(form, lang) as Checked<SiteSettingsRulesInput>;
}

/**
 * Whether a user of role `actor` may give an account of role `target` the role `to` (`own`: the account is the
 * viewer's): the server's own account rule, so the users page offers only what the server accepts.
 */
export function mayChangeRole(actor: string, target: string, own: boolean, to: string): boolean {
  return wasm.mayChangeRole(actor, target, own, to);
}

/** Whether a user of role `actor` may lock or unlock an account of role `target`, by the same rule. */
export function mayChangeStatus(actor: string, target: string, own: boolean): boolean {
  return wasm.mayChangeStatus(actor, target, own);
}

/** The promotion form, as `POST`/`PUT /api/admin/promotions` takes it. */
export interface PromotionRulesInput {
  couponId: string;
  placements: string[];
  pictureUrl: string;
  titleVi: string;
  titleEn: string;
  textVi: string;
  textEn: string;
  startsAt: number | null;
  endsAt: number | null;
  priority: number;
}

/**
 * A promotion: a coupon, one or more placements (home, courses, cart), titles in both languages (≤ 120), texts
 * ≤ 300, a picture of this site or https, an end after the start, a priority of 0–1000.
 */
export function validatePromotion(form: PromotionRulesInput, lang: LangCode): Checked<null> {
  return wasm.validatePromotion(form, lang) as Checked<null>;
}
