import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SearchBox } from './search-box';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(variant: 'header' | 'hero', onSearch?: () => void) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <SearchBox variant={variant} onSearch={onSearch} />
            <Location />
          </>
        ),
      },
      { path: '/courselist', element: <Location /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.getByRole('searchbox');
}

function pressEnter(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form') as HTMLFormElement);
}

describe('SearchBox', () => {
  it.each(['header', 'hero'] as const)(
    '%s: Enter goes to /courselist with the trimmed text URL-encoded',
    async (variant) => {
      const input = renderAt(variant);
      pressEnter(input, '  lập trình web  ');
      expect((await screen.findByTestId('location')).textContent).toBe(
        `/courselist?search=${encodeURIComponent('lập trình web')}`,
      );
    },
  );

  it('tells the menu around it that a search was made, so it closes over the results', async () => {
    const onSearch = vi.fn();
    const input = renderAt('header', onSearch);
    pressEnter(input, '   ');
    expect(onSearch).not.toHaveBeenCalled();
    pressEnter(input, 'react');
    expect(onSearch).toHaveBeenCalledOnce();
    expect((await screen.findByTestId('location')).textContent).toBe('/courselist?search=react');
  });

  it.each(['', '   '])('does nothing for %j', (text) => {
    const input = renderAt('header');
    pressEnter(input, text);
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the placeholder in the active language (Vietnamese by default)', () => {
    const input = renderAt('header');
    expect(input.getAttribute('placeholder')).toBe('Tìm kiếm khóa học…');
  });
});
