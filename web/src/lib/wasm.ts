/**
 * The product's rules in the browser: the only module that imports the site's wasm package (`academy-wasm`), the
 * rules public pages need for their first paint. The account forms' rules are in `./wasm-account`, the
 * dashboard's in `./wasm-dashboard`, the checkout's in `./wasm-checkout`, each loaded by its pages only.
 *
 * Every function here asks the Rust rules of `shared/` (compiled to wasm); TypeScript never re-implements a
 * rule. The value types come from `./rules`, generated from the Rust types by ts-rs
 * (`cargo test -p academy-shared --features ts`), so they cannot drift from what the module returns.
 */
import * as wasm from 'academy-wasm';

import type { CalendarDay } from './time-zone';

import type {
  Access,
  Currency,
  Lang,
  MentorshipStatus,
  NavOption,
  NotificationType,
  Preview,
  RatingDisplay,
  Remaining,
  Role,
  TextLimits,
} from './rules';

export type * from './rules';

/**
 * The outcome of a form check: the payload to send, or one message per broken field in the requested
 * language.
 */
export type Validation<T, F extends string> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

/** A language code: "vi" or "en" (anything else, e.g. "en-US", is read by its first part; unknown → vi). */
export type LangCode = Lang | (string & {});

// ── Forms ──────────────────────────────────────────────────────────────────────────────────────────────

let limits: TextLimits | undefined;

/**
 * The longest text each kind of field accepts, for inputs' `maxLength`: the maxima the form rules and the server
 * check, so nobody can type what would be refused for its length.
 */
export function textLimits(): TextLimits {
  limits ??= wasm.textLimits() as TextLimits;
  return limits;
}

// ── Search ─────────────────────────────────────────────────────────────────────────────────────────────

/** Where Enter in a search box goes: "/courselist?search=<encoded>" for non-empty trimmed text, else null. */
export function searchTarget(text: string): string | null {
  return wasm.searchTarget(text) ?? null;
}

/** Lower-case, no Vietnamese marks, đ → d, single spaces: "Lập Trình" → "lap trinh". */
export function normalizeSearch(text: string): string {
  return wasm.normalizeSearch(text);
}

// ── Time ───────────────────────────────────────────────────────────────────────────────────────────────

/** The admission countdown before its first tick: 120 d 2 h 1 min 10 s. */
export function countdownStart(): Remaining {
  return wasm.countdownStart() as Remaining;
}

/** The countdown after `elapsedSecs` seconds; stops at zero (`done`). */
export function countdownRemaining(elapsedSecs: number): Remaining {
  return wasm.countdownRemaining(elapsedSecs) as Remaining;
}

/** Active while `endMs` > `nowMs` (epoch ms), with days left (ceiling) while active; else Expired. */
export function mentorshipStatus(endMs: number, nowMs: number): MentorshipStatus {
  return wasm.mentorshipStatus(endMs, nowMs) as MentorshipStatus;
}

/** Whether a "Join" link of an online room [startMs, endMs) shows at `nowMs` (from 10 minutes before the start to 15 after the end). */
export function joinLinkShown(nowMs: number, startMs: number, endMs: number): boolean {
  return wasm.joinLinkShown(nowMs, startMs, endMs);
}

/** The instant (epoch ms) an online room starting at `startMs` opens (10 minutes before). */
export function meetingOpensAt(startMs: number): number {
  return wasm.meetingOpensAt(startMs);
}

// ── Display ────────────────────────────────────────────────────────────────────────────────────────────

/** "CoursePurchase" → "Course Purchase"; unknown types → "Other". */
export function notificationTypeLabel(type: string): string {
  return wasm.notificationTypeLabel(type);
}

/** The known notification type of a raw type name (unknown → "Other"), e.g. for an i18n key. */
export function notificationType(type: string): NotificationType {
  return wasm.notificationType(type) as NotificationType;
}

/** A blog card title: cut at 50 characters plus "...", untouched when not longer. */
export function truncateTitle(title: string): string {
  return wasm.truncateTitle(title);
}

/** A mentorship card's services: first 3 (wide) or 4 (narrow) and how many more ("+N more"). */
export function servicesPreview(services: string[], narrow: boolean): Preview {
  return wasm.servicesPreview(services, narrow) as Preview;
}

/** An instructor card's expertise: the first tag and how many more ("+N"). */
export function expertisePreview(expertise: string[]): Preview {
  return wasm.expertisePreview(expertise) as Preview;
}

/**
 * A price from integer minor units: VND "1.000.000 ₫" (vi) / "₫1,000,000" (en); USD "$12.50".
 * Unknown currency codes show as "<amount> <CODE>".
 */
export function formatPrice(minor: number, currency: Currency | (string & {}), lang: LangCode): string {
  return wasm.formatPrice(minor, currency, lang);
}

/** A whole number with the language's digit grouping: "1.234.567" (vi), "1,234,567" (en). */
export function formatCount(value: number, lang: LangCode): string {
  return wasm.formatCount(value, lang);
}

/**
 * A calendar day with its month's name: "5 tháng 3, 2025" (vi), "5 March 2025" (en). Pages write dates through
 * `./dates` (`long`), which picks the day in the person's zone.
 */
export function longDate({ year, month, day }: CalendarDay, lang: LangCode): string {
  return wasm.longDate(year, month, day, lang);
}

/** A calendar day's month and year: "tháng 3 năm 2025" (vi), "March 2025" (en). */
export function monthYear({ year, month }: CalendarDay, lang: LangCode): string {
  return wasm.longDate(year, month, undefined, lang);
}

/** A course card's rating: filled stars (rounded, 0..5), "5.3" and "5.3k". */
export function ratingDisplay(rating: number): RatingDisplay {
  return wasm.ratingDisplay(rating) as RatingDisplay;
}

// ── Roles and access ───────────────────────────────────────────────────────────────────────────────────

/** Reads a role name in any case ("Teacher", "ADMIN"); unknown or missing → null. */
export function parseRole(name: string | null | undefined): Role | null {
  return name == null ? null : ((wasm.parseRole(name) as Role | undefined) ?? null);
}

/** The route guard: open, allowed, redirectToLogin (not signed in) or forbidden (403). */
export function guardRoute(path: string, role: Role | null): Access {
  return wasm.guardRoute(path, role ?? undefined) as Access;
}

/** The dashboard menu the role sees, groups with their visible children. */
export function menuFor(role: Role | null): NavOption[] {
  return wasm.menuFor(role ?? undefined) as NavOption[];
}

/** The header user menu's Dashboard link: TEACHER or ADMIN. */
export function headerShowsDashboard(role: Role | null): boolean {
  return wasm.headerShowsDashboard(role ?? undefined);
}

/** The mobile bottom bar's Dashboard entry: TEACHER only. */
export function bottomBarShowsDashboard(role: Role | null): boolean {
  return wasm.bottomBarShowsDashboard(role ?? undefined);
}

// ── API envelope ───────────────────────────────────────────────────────────────────────────────────────

/** A response is a success only when its code is 1000 (and, for token results, a token is present). */
export function isSuccess(code: number, requiresToken = false, hasToken = false): boolean {
  return wasm.isSuccess(code, requiresToken, hasToken);
}
