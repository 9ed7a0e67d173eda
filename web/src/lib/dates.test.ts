import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormats, dayKeyOf, toMs, todayIn } from './dates';

// 28 November 2026, 07:30 UTC: 14:30 in Ho Chi Minh City (UTC+7), 02:30 in New York (UTC−5).
const AT = '2026-11-28T07:30:00Z';
const HCM = 'Asia/Ho_Chi_Minh';

describe('the named date formats', () => {
  it('write each format in Vietnamese', () => {
    const vi = dateFormats('vi', HCM);
    expect(vi.date(AT)).toBe('28/11/2026');
    expect(vi.dateTime(AT)).toBe('28/11/2026 14:30');
    expect(vi.time(AT)).toBe('14:30');
    expect(vi.timeRange(AT, '2026-11-28T09:00:00Z')).toBe('14:30 – 16:00');
    expect(vi.weekdayDate(AT)).toBe('Thứ Bảy, 28/11/2026');
    expect(vi.weekdayDateTime(AT)).toBe('Thứ Bảy, 28/11/2026, 14:30');
    expect(vi.span(AT, '2026-11-28T09:00:00Z')).toBe('Thứ Bảy, 28/11/2026, 14:30 – 16:00');
    expect(vi.dayMonth(AT)).toBe('Thứ Bảy, 28/11');
    expect(vi.weekday(AT)).toBe('Thứ Bảy');
    expect(vi.shortDay(AT)).toBe('Thứ 7, ngày 28');
    expect(vi.long(AT)).toBe('28 tháng 11, 2026');
    expect(vi.month(AT)).toBe('tháng 11 năm 2026');
  });

  it('write each format in English', () => {
    const en = dateFormats('en', HCM);
    expect(en.date(AT)).toBe('28 Nov 2026');
    expect(en.dateTime(AT)).toBe('28 Nov 2026, 14:30');
    expect(en.time(AT)).toBe('14:30');
    expect(en.weekdayDate(AT)).toBe('Saturday, 28 Nov 2026');
    expect(en.span(AT, '2026-11-28T09:00:00Z')).toBe('Saturday, 28 Nov 2026, 14:30 – 16:00');
    expect(en.dayMonth(AT)).toBe('Saturday, 28 Nov');
    expect(en.shortDay(AT)).toBe('Sat 28');
    expect(en.long(AT)).toBe('28 November 2026');
    expect(en.month(AT)).toBe('November 2026');
  });

  it('show an instant in the zone asked for, not the machine’s', () => {
    const newYork = dateFormats('en', 'America/New_York');
    expect(newYork.dateTime(AT)).toBe('28 Nov 2026, 02:30');
    const berlin = dateFormats('vi', 'Europe/Berlin');
    expect(berlin.dateTime(AT)).toBe('28/11/2026 08:30');
    expect(dateFormats('vi').zone).toBe(HCM);
  });

  it('put an instant just after midnight in Ho Chi Minh City on the next day there, the previous one in UTC', () => {
    // 17:30 UTC on 30 November is 00:30 on 1 December in Vietnam.
    const late = '2026-11-30T17:30:00Z';
    expect(dateFormats('vi', HCM).dateTime(late)).toBe('01/12/2026 00:30');
    expect(dateFormats('vi', 'UTC').dateTime(late)).toBe('30/11/2026 17:30');
    expect(dateFormats('en', HCM).long(late)).toBe('1 December 2026');
    expect(dateFormats('en', 'UTC').long(late)).toBe('30 November 2026');
    expect(dateFormats('vi', HCM).month(late)).toBe('tháng 12 năm 2026');
    expect(dayKeyOf(Date.parse(late), HCM)).toBe('2026-12-01');
    expect(dayKeyOf(Date.parse(late), 'UTC')).toBe('2026-11-30');
  });

  it('show a calendar day as written, whatever the zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', HCM]) {
      expect(dateFormats('vi', zone).long('1998-03-15')).toBe('15 tháng 3, 1998');
      expect(dateFormats('en', zone).dayMonth('2026-11-24')).toBe('Tuesday, 24 Nov');
    }
  });

  it('take epoch ms, Date and digit strings, and give nothing for a missing or unreadable value', () => {
    const vi = dateFormats('vi', HCM);
    const ms = Date.parse(AT);
    expect(vi.date(ms)).toBe('28/11/2026');
    expect(vi.date(new Date(ms))).toBe('28/11/2026');
    expect(vi.date(String(ms))).toBe('28/11/2026');
    expect(vi.date(null)).toBe('');
    expect(vi.dateTime(undefined)).toBe('');
    expect(vi.long('not a date')).toBe('');
    expect(toMs('')).toBeNull();
  });

  it('say how long ago in the page’s language', () => {
    const now = Date.parse(AT);
    expect(dateFormats('vi').relative(now - 2 * 3_600_000, now)).toBe('2 giờ trước');
    expect(dateFormats('en').relative(now - 2 * 3_600_000, now)).toBe('2 hours ago');
    expect(dateFormats('en').relative(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(dateFormats('vi').relative(now - 86_400_000, now)).toBe('1 ngày trước');
    expect(dateFormats('en').relative(now, now)).toBe('0 seconds ago');
    expect(dateFormats('vi').relative(now + 5000, now)).toBe('0 giây trước');
    expect(dateFormats('en').relative(now + 2 * 86_400_000, now)).toBe('in 2 days');
  });
});

describe('today', () => {
  afterEach(() => vi.useRealTimers());

  it('is the day of the zone asked for, not the machine’s', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-30T17:30:00Z'));
    expect(todayIn('Asia/Ho_Chi_Minh')).toBe('2026-12-01');
    expect(todayIn()).toBe('2026-12-01');
    expect(todayIn('America/New_York')).toBe('2026-11-30');
  });
});
