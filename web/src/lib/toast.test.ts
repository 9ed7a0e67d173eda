import { afterEach, describe, expect, it, vi } from 'vitest';

const { success } = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success, error: vi.fn(), info: vi.fn(), loading: vi.fn() } }));

/** Each test has the module afresh: whether the library was asked for lives as long as the page. */
const fresh = () => {
  vi.resetModules();
  return import('./toast');
};

describe('toast', () => {
  afterEach(() => success.mockClear());

  it('loads the library with the first toast and shows it with what it was given', async () => {
    const { toast, onToastsWanted } = await fresh();
    const wanted = vi.fn();
    onToastsWanted(wanted);
    expect(wanted).not.toHaveBeenCalled();

    toast.success('Đã lưu', { id: 'save' });
    expect(wanted).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Đã lưu', { id: 'save' }));
  });

  it('tells a part that comes after the first toast at once', async () => {
    const { toast, onToastsWanted } = await fresh();
    toast.success('Đã gửi');
    const wanted = vi.fn();
    onToastsWanted(wanted);
    expect(wanted).toHaveBeenCalledOnce();
  });
});
