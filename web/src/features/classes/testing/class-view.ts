import type { ClassView } from '../api/classes';

const HOUR_MS = 60 * 60 * 1000;

/** A class as the API answers it, soon and nearly full, with `overrides`. */
export function classView(overrides: Partial<ClassView> = {}): ClassView {
  const start = Date.now() + 48 * HOUR_MS;
  return {
    _id: 'k1',
    topic: 'Chữa bài tập chương 3',
    description: '',
    teacher: { userId: 't1', name: 'Nguyễn Minh Khoa', avatar: null },
    audience: { kind: 'course', id: 'c1', title: 'Lập trình Rust' },
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 90 * 60 * 1000).toISOString(),
    minutes: 90,
    seats: 20,
    registeredCount: 18,
    seatsLeft: 2,
    status: 'scheduled',
    registered: false,
    refusal: null,
    ...overrides,
  };
}
