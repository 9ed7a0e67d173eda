import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { DataTable, sortRows, type DataTableColumn } from './data-table';

interface Person {
  id: string;
  name: string;
  age: number | null;
}

const people: Person[] = [
  { id: 'a', name: 'Yến', age: 31 },
  { id: 'b', name: 'An', age: null },
  { id: 'c', name: 'Minh', age: 24 },
  { id: 'd', name: 'Bảo', age: 40 },
  { id: 'e', name: 'Chi', age: 19 },
];

const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Tên', cell: (p) => p.name, primary: true, sortValue: (p) => p.name },
  { id: 'age', header: 'Tuổi', cell: (p) => p.age ?? '—', align: 'end', sortValue: (p) => p.age },
];

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('is a real table with a caption, column headers, a label on each cell and named row actions', () => {
    render(
      <DataTable
        caption="Học viên"
        columns={columns}
        rows={people.slice(0, 2)}
        rowKey={(p) => p.id}
        actions={(p) => <button type="button" aria-label={`Xoá ${p.name}`} />}
      />,
    );
    const table = screen.getByRole('table', { name: 'Học viên' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Tên', 'Tuổi', 'Thao tác']);
    expect(within(table).getByText('31').closest('td')?.getAttribute('data-label')).toBe('Tuổi');
    expect(within(table).getByRole('button', { name: 'Xoá Yến' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Học viên' }).contains(table)).toBe(true);
  });

  it('sorts by a column on its header, ascending then descending, empty values last, and says so with aria-sort', () => {
    render(<DataTable caption="Học viên" columns={columns} rows={people} rowKey={(p) => p.id} />);
    expect(names()).toEqual(['Yến', 'An', 'Minh', 'Bảo', 'Chi']);

    fireEvent.click(screen.getByRole('button', { name: 'Tuổi' }));
    expect(names()).toEqual(['Chi', 'Minh', 'Yến', 'Bảo', 'An']);
    expect(screen.getByRole('columnheader', { name: 'Tuổi' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Tuổi' }));
    expect(names()).toEqual(['Bảo', 'Yến', 'Minh', 'Chi', 'An']);
    expect(screen.getByRole('columnheader', { name: 'Tuổi' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: 'Tên' }));
    expect(names()).toEqual(['An', 'Bảo', 'Chi', 'Minh', 'Yến']);
    expect(screen.getByRole('columnheader', { name: 'Tuổi' }).getAttribute('aria-sort')).toBeNull();
  });

  it('leaves the order to the server when it sorts: a header asks for the next order and the rows stay as sent', () => {
    const onSortChange = vi.fn();
    const serverColumns = columns.map((c) => ({ ...c, sortValue: undefined, sortable: c.id === 'age' }));
    render(
      <DataTable
        caption="Học viên"
        columns={serverColumns}
        rows={people}
        rowKey={(p) => p.id}
        sort={{ column: 'age', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Tên' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tuổi' }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'age', direction: 'desc' });
    expect(names()).toEqual(['Yến', 'An', 'Minh', 'Bảo', 'Chi']);
  });

  it('cuts the rows into pages of pageSize, with the range and named page buttons', () => {
    render(<DataTable caption="Học viên" columns={columns} rows={people} rowKey={(p) => p.id} pageSize={2} />);
    expect(names()).toEqual(['Yến', 'An']);
    const pager = screen.getByRole('navigation', { name: 'Phân trang' });
    expect(within(pager).getByText('1–2 trong 5')).toBeTruthy();
    expect(within(pager).getByText('Trang 1/3')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Trang trước' }).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: 'Trang sau' }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Trang sau' }));
    expect(names()).toEqual(['Chi']);
    expect(within(pager).getByText('5–5 trong 5')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Trang sau' }).disabled).toBe(true);
  });

  it("shows the server's page as sent and asks it for another", () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="Học viên"
        columns={columns}
        rows={people.slice(0, 2)}
        rowKey={(p) => p.id}
        pageSize={2}
        page={2}
        total={7}
        onPageChange={onPageChange}
      />,
    );
    expect(names()).toEqual(['Yến', 'An']);
    expect(screen.getByText('3–4 trong 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('says it is loading (busy) until the rows come, then what it has', () => {
    const { rerender } = render(
      <DataTable caption="Học viên" columns={columns} rows={undefined} rowKey={(p) => p.id} />,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('Đang tải dữ liệu…');
    expect(screen.queryByRole('table')).toBeNull();

    rerender(<DataTable caption="Học viên" columns={columns} rows={[]} rowKey={(p) => p.id} />);
    expect(screen.getByRole('status').textContent).toBe('Chưa có dữ liệu nào');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBeNull();

    rerender(
      <DataTable caption="Học viên" columns={columns} rows={[]} rowKey={(p) => p.id} empty="Chưa có học viên" />,
    );
    expect(screen.getByRole('status').textContent).toBe('Chưa có học viên');
  });

  it('speaks English when the page does', async () => {
    await i18n.changeLanguage('en');
    render(<DataTable caption="Learners" columns={columns} rows={[]} rowKey={(p) => p.id} />);
    expect(screen.getByRole('status').textContent).toBe('Nothing here yet');
  });

  it('shows a failed load with a retry button', () => {
    const onRetry = vi.fn();
    render(
      <DataTable caption="Học viên" columns={columns} rows={undefined} rowKey={(p) => p.id} error onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Không tải được dữ liệu.');
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the table in its own scrolling box when asked to on a phone', () => {
    render(<DataTable caption="Học viên" columns={columns} rows={people} rowKey={(p) => p.id} phone="scroll" />);
    expect(screen.getByRole('region', { name: 'Học viên' }).className).toContain('overflow-x-auto');
    expect(screen.getByRole('table').className).not.toContain('block');
  });
});

describe('sortRows', () => {
  it('keeps the order of equal values and compares words in the given language', () => {
    const rows = [
      { id: '1', name: 'Đức', age: 1 },
      { id: '2', name: 'Dũng', age: 1 },
      { id: '3', name: 'Ánh', age: 2 },
    ];
    const sorted = sortRows(rows, columns, { column: 'age', direction: 'asc' }, 'vi');
    expect(sorted.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(sortRows(rows, columns, { column: 'name', direction: 'asc' }, 'vi').map((r) => r.name)).toEqual([
      'Ánh',
      'Dũng',
      'Đức',
    ]);
  });
});
