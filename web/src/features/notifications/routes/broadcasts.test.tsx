import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import type { Broadcast } from '../types';
import BroadcastsPage from './broadcasts';

const api = vi.hoisted(() => ({
  previewBroadcast: vi.fn(),
  sendBroadcast: vi.fn(),
  listBroadcasts: vi.fn(),
  searchRecipients: vi.fn(),
}));
vi.mock('../api/notifications', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const sending: Broadcast = {
  id: 'b1',
  audience: 'role',
  role: 'TEACHER',
  title: { vi: 'Họp giảng viên', en: 'Teachers meeting' },
  message: { vi: 'x', en: 'x' },
  status: 'sending',
  total: 10,
  sent: 5,
  read: 2,
  createdAt: new Date().toISOString(),
};

const preview = (title: string) => ({
  _id: '',
  type: 'Broadcast',
  title,
  message: 'm',
  isRead: false,
  createdAt: new Date().toISOString(),
});

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('/dashboard/notification', () => {
  beforeEach(async () => {
    for (const fn of Object.values(api)) fn.mockReset();
    api.listBroadcasts.mockResolvedValue({ items: [sending], total: 1, page: 1, pageSize: 20 });
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it(
    'checks the draft with the shared rule, previews it, then sends exactly what was previewed',
    { timeout: 20_000 },
    async () => {
      renderAt(<BroadcastsPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'Preview' }));
      expect(screen.getAllByText('This field is required')).toHaveLength(4);
      expect(api.previewBroadcast).not.toHaveBeenCalled();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);

      fill(/^Title \(Vietnamese\)/, 'Lịch nghỉ');
      fill(/^Title \(English\)/, 'Holidays');
      fill(/^Message \(Vietnamese\)/, 'Nghỉ lễ');
      fill(/^Message \(English\)/, 'Closed');
      fill(/^Link/, 'javascript:alert(1)');
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
      expect(screen.getByText(/Use a path of this site/)).toBeTruthy();

      fill(/^Link/, '/informations');
      api.previewBroadcast.mockResolvedValue({ recipients: 42, vi: preview('Lịch nghỉ'), en: preview('Holidays') });
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
      expect(await screen.findByText('Reaches 42 people now')).toBeTruthy();
      expect(screen.getByText('Lịch nghỉ', { selector: 'span' })).toBeTruthy();

      api.sendBroadcast.mockResolvedValue({ ...sending, id: 'b2' });
      // Nothing goes until the sender confirms how many it reaches.
      const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
      vi.stubGlobal('confirm', confirm);
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(confirm.mock.calls[0]?.[0]).toMatch(
        /^Send this notification to \d+ (person|people)\? It cannot be taken back\.$/,
      );
      expect(api.sendBroadcast).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(api.sendBroadcast).toHaveBeenCalledTimes(1));
      vi.unstubAllGlobals();
      expect(api.sendBroadcast.mock.calls[0]?.[0]).toEqual({
        audience: 'all',
        role: null,
        userIds: [],
        title: { vi: 'Lịch nghỉ', en: 'Holidays' },
        message: { vi: 'Nghỉ lễ', en: 'Closed' },
        imageUrl: null,
        actionLink: '/informations',
      });
    },
  );

  it('lists sent broadcasts with their progress and read counts', async () => {
    renderAt(<BroadcastsPage />);
    const row = await screen.findByTestId('broadcast-row');
    expect(row.textContent).toContain('Teachers meeting');
    expect(row.textContent).toContain('Teachers');
    expect(row.textContent).toContain('5 of 10');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
  });
});
