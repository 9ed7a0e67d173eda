import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it("gives the page its one heading, its description, its actions and the dashboard's side padding", () => {
    render(
      <PageFrame
        title="Mã giảm giá"
        description="Các mã đang dùng"
        actions={<button type="button">Thêm mã</button>}
        back={<a href="/dashboard">Quay lại</a>}
        testId="coupons"
      >
        <p>Nội dung</p>
      </PageFrame>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Mã giảm giá']);
    expect(screen.getByText('Các mã đang dùng')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thêm mã' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quay lại' })).toBeTruthy();
    const frame = screen.getByTestId('coupons');
    expect(frame.className).toMatch(/(^| )px-4( |$)/);
    expect(frame.className).toContain('sm:px-6');
    expect(frame.className).toContain('max-w-7xl');
    expect(frame.textContent).toContain('Nội dung');
  });

  it('narrows the content for a form page', () => {
    render(<PageFrame title="Khóa học mới" width="narrow" testId="editor" />);
    expect(screen.getByTestId('editor').className).toContain('max-w-3xl');
  });
});
