import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { RoomView } from '@/lib/api/types';
import { i18n } from '@/lib/i18n';
import { renderRoutes, user } from '@/testing/render';
import MeetingPage from './meeting';

const api = vi.hoisted(() => ({
  fetchRoom: vi.fn(),
  createTicket: vi.fn(),
  signalUrl: vi.fn(),
  fetchUpcomingRooms: vi.fn(),
}));
vi.mock('../api/meeting', () => api);

const MINUTE_MS = 60_000;

function room(overrides: Partial<RoomView> = {}): RoomView {
  const start = Date.now() + 5 * MINUTE_MS;
  return {
    id: 's1',
    kind: 'session',
    title: 'Kèm cặp Rust',
    start: new Date(start).toISOString(),
    end: new Date(start + 60 * MINUTE_MS).toISOString(),
    opensAt: new Date(start - 10 * MINUTE_MS).toISOString(),
    closesAt: new Date(start + 75 * MINUTE_MS).toISOString(),
    status: 'booked',
    open: true,
    refusal: null,
    refusalMessage: null,
    participants: [
      { id: 't1', name: 'Nguyễn Minh Khoa', role: 'teacher' },
      { id: 'u1', name: 'Phan Thị Yến', role: 'student' },
    ],
    you: { id: 'u1', name: 'Phan Thị Yến', role: 'student' },
    moderator: false,
    maxPeers: 4,
    engine: 'p2p',
    iceServers: [],
    large: null,
    ...overrides,
  };
}

function renderMeeting(at = '/meeting?session=s1', roleName?: string) {
  return renderRoutes([{ path: '/meeting', element: <MeetingPage /> }], {
    at,
    auth: roleName ? { user: user(roleName, { timeZone: 'Asia/Ho_Chi_Minh' }) } : {},
  });
}

function stubMedia(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

describe('the online room', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    api.fetchRoom.mockReset();
    api.createTicket.mockReset();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it("says so with the server's reason when the viewer is not a participant", async () => {
    api.fetchRoom.mockRejectedValue(
      new ApiError('You are not part of this class: only its teacher and students can enter the room.', {
        kind: 'bad-request',
        status: 403,
      }),
    );
    renderMeeting();
    expect(await screen.findByText('You are not part of this class')).toBeTruthy();
    expect(screen.getByText(/only its teacher and students can enter the room/)).toBeTruthy();
    expect(api.fetchRoom).toHaveBeenCalledWith('s1');
  });

  it("shows the opening time in the viewer's language and counts down to it", async () => {
    const opensAt = Date.now() + 20 * MINUTE_MS + 5000;
    api.fetchRoom.mockResolvedValue(
      room({
        open: false,
        refusal: 'notYetOpen',
        refusalMessage: 'The room is not open yet.',
        opensAt: new Date(opensAt).toISOString(),
      }),
    );
    renderMeeting();
    expect(await screen.findByText('The room is not open yet')).toBeTruthy();
    // A visitor's times are in the academy's zone.
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Ho_Chi_Minh',
    }).format(opensAt);
    expect(screen.getByText(new RegExp(`It opens at ${time}`))).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^20:0[45]$/);
  });

  it('says when the class ended or was cancelled', async () => {
    api.fetchRoom.mockResolvedValue(room({ open: false, refusal: 'ended', refusalMessage: 'This class has ended.' }));
    const { unmount } = renderMeeting();
    expect(await screen.findByText('This class has ended')).toBeTruthy();
    unmount();
    api.fetchRoom.mockResolvedValue(
      room({ open: false, refusal: 'cancelled', status: 'cancelled', refusalMessage: 'This class was cancelled.' }),
    );
    renderMeeting();
    expect(await screen.findByText('This class was cancelled')).toBeTruthy();
  });

  it('explains a blocked camera in the lobby and still lets the person join', async () => {
    stubMedia(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    api.fetchRoom.mockResolvedValue(room());
    api.createTicket.mockRejectedValue(new ApiError('The room is full.', { kind: 'bad-request', status: 409 }));
    renderMeeting();
    expect(await screen.findByTestId('media-problem')).toBeTruthy();
    expect(screen.getByText(/The camera and microphone are blocked/)).toBeTruthy();
    const join = screen.getByRole('button', { name: 'Join' });
    await vi.waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    expect(await screen.findByText('The room is full.')).toBeTruthy();
  });

  it('says a large class needs the video service when none is configured', async () => {
    api.fetchRoom.mockResolvedValue(
      room({ kind: 'class', engine: 'none', large: { engine: 'none', configured: false } }),
    );
    renderMeeting();
    expect(await screen.findByText('The video room is not set up')).toBeTruthy();
  });

  it('opens a configured Jitsi room in the page', async () => {
    api.fetchRoom.mockResolvedValue(
      room({
        kind: 'class',
        engine: 'jitsi',
        large: { engine: 'jitsi', configured: true, joinUrl: 'https://meet.example.com/academy-k1?jwt=x' },
      }),
    );
    renderMeeting();
    const frame = await screen.findByTitle<HTMLIFrameElement>('Kèm cặp Rust');
    expect(frame.src).toBe('https://meet.example.com/academy-k1?jwt=x');
  });

  it('asks for a class when none is named', async () => {
    renderMeeting('/meeting');
    expect(await screen.findByText('No class chosen')).toBeTruthy();
    expect(api.fetchRoom).not.toHaveBeenCalled();
  });

  it('lists a teacher’s coming sessions and classes when no room is named, with Join on the open one', async () => {
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * MINUTE_MS).toISOString();
    api.fetchUpcomingRooms.mockResolvedValue({
      teacherId: 't1',
      zone: 'Asia/Ho_Chi_Minh',
      from: at(-1440),
      to: at(43200),
      events: [
        {
          kind: 'session',
          id: 's1',
          startAt: at(5),
          endAt: at(65),
          status: 'booked',
          studentName: 'Phan Thị Yến',
          planTitle: 'Kèm 1-1',
        },
        {
          kind: 'class',
          id: 'k1',
          startAt: at(3 * 1440),
          endAt: at(3 * 1440 + 90),
          status: 'scheduled',
          topic: 'Hỏi đáp',
        },
        {
          kind: 'class',
          id: 'k2',
          startAt: at(2 * 1440),
          endAt: at(2 * 1440 + 60),
          status: 'cancelled',
          topic: 'Đã hủy',
        },
        { kind: 'session', id: 's0', startAt: at(-120), endAt: at(-60), status: 'booked', studentName: 'Lê Bình' },
      ],
    });
    renderMeeting('/meeting', 'TEACHER');
    expect(await screen.findByRole('heading', { name: 'Online Class' })).toBeTruthy();
    const rows = await screen.findAllByTestId('upcoming-room');
    expect(rows.map((row) => row.querySelector('[data-testid="upcoming-title"]')?.textContent)).toEqual([
      'Session with Phan Thị Yến · Kèm 1-1',
      'Hỏi đáp',
    ]);
    const joins = screen.getAllByRole('link', { name: 'Join' });
    expect(joins).toHaveLength(1);
    expect(joins[0]!.getAttribute('href')).toBe('/meeting?session=s1');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(api.fetchRoom).not.toHaveBeenCalled();
  });

  it('leads a teacher back to the dashboard from a room that has ended, and a student home', async () => {
    api.fetchRoom.mockResolvedValue(room({ open: false, refusal: 'ended', refusalMessage: 'This class has ended.' }));
    const { unmount } = renderMeeting('/meeting?session=s1', 'TEACHER');
    expect((await screen.findByTestId('meeting-way-out')).getAttribute('href')).toBe('/dashboard');
    unmount();
    renderMeeting('/meeting?session=s1', 'STUDENT');
    expect((await screen.findByTestId('meeting-way-out')).getAttribute('href')).toBe('/');
  });
});
