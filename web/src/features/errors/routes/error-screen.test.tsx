import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { RouteErrorBoundary } from './error-screen';

function Broken(): never {
  throw new Error('Không tải được dữ liệu');
}

function renderBoundary() {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <nav>
          <Link to="/elsewhere">elsewhere</Link>
        </nav>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/" element={<Broken />} />
            <Route path="/elsewhere" element={<p>another page</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('error screen', () => {
  it('is what a route shows when it throws: title, the message and a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBoundary();
    expect(screen.getByRole('heading', { name: 'Đã xảy ra lỗi' })).toBeTruthy();
    expect(screen.getByText('Không tải được dữ liệu')).toBeTruthy();

    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: 'Tải lại trang' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('leaves what is around the route in place and renders again once the visitor goes elsewhere', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBoundary();
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('another page')).toBeTruthy();
  });
});
