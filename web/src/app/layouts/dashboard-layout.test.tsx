import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderRoutes, user } from '@/testing/render';
import { DashboardLayout } from './dashboard-layout';

function renderDashboard(roleName: string) {
  return renderRoutes(
    [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: '*', element: <LocationProbe /> }] }],
    { at: '/dashboard/start', auth: { user: user(roleName) } },
  );
}

describe('DashboardLayout', () => {
  it('shows the teacher the groups of the shared menu, expanding on click', () => {
    renderDashboard('TEACHER');
    const sidebar = screen.getAllByRole('navigation', { name: 'Menu quản trị' })[0] as HTMLElement;
    const group = within(sidebar).getByRole('button', { name: 'Lịch của tôi' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(within(sidebar).getByRole('link', { name: 'Khung giờ trống' }).getAttribute('href')).toBe(
      '/dashboard/available',
    );
    expect(within(sidebar).queryByRole('link', { name: 'Cài đặt' })).toBeNull();
  });

  it('says "No options available" when the role has no menu', () => {
    renderDashboard('STUDENT');
    expect(screen.getByText('Không có tùy chọn nào')).toBeTruthy();
  });

  it('finds options by label or breadcrumb and says when nothing matches', async () => {
    renderDashboard('ADMIN');
    const search = screen.getByPlaceholderText('Tìm tùy chọn...');

    fireEvent.change(search, { target: { value: 'bao cao doanh thu' } });
    const results = screen.getByRole('listbox');
    expect(
      within(results)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Khóa họcBáo cáo doanh thu / Khóa học', 'Cố vấnBáo cáo doanh thu / Cố vấn']);

    fireEvent.click(within(results).getAllByRole('button')[0] as HTMLElement);
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard/sales-report/course');

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('Không tìm thấy kết quả phù hợp')).toBeTruthy();
  });
});
