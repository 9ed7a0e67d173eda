import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { JoinMeetingLink } from './join-meeting-link';

const MINUTE_MS = 60_000;

describe('the Join link of an online room', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('shows from ten minutes before the start', async () => {
    const start = Date.now() + 9 * MINUTE_MS;
    renderAt(
      <JoinMeetingLink id="s 1" start={new Date(start).toISOString()} end={start + 60 * MINUTE_MS} label="Vào lớp" />,
    );
    const link = await screen.findByRole('link', { name: 'Vào lớp' });
    expect(link.getAttribute('href')).toBe('/meeting?session=s%201');
  });

  it('is absent earlier and after the room closed', async () => {
    const later = Date.now() + 11 * MINUTE_MS;
    const { unmount } = renderAt(
      <JoinMeetingLink id="s1" start={later} end={later + 60 * MINUTE_MS} label="Vào lớp" />,
    );
    await screen.findByTestId('location').catch(() => undefined);
    expect(screen.queryByTestId('join-meeting')).toBeNull();
    unmount();
    const past = Date.now() - 80 * MINUTE_MS;
    renderAt(<JoinMeetingLink id="s1" start={past} end={past + 60 * MINUTE_MS} label="Vào lớp" />);
    expect(screen.queryByTestId('join-meeting')).toBeNull();
  });
});
