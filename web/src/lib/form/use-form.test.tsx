import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { Field } from '@/components/ui/field';
import { firstFieldInError, SubmitButton, useForm, type FieldMessages } from '.';

/** A course form: a slug and a title, the title required by "the rules". */
function CourseForm({
  send,
  onError,
}: {
  send: (body: { slug: string; title: string }) => unknown;
  onError?: () => void;
}) {
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const form = useForm({ check: (): FieldMessages => (title.trim() ? {} : { 'title.vi': 'Bắt buộc' }) });
  return (
    <form noValidate onSubmit={form.submit(() => send({ slug, title }), { onError })}>
      <Field label="Đường dẫn" value={slug} onChange={(e) => setSlug(e.target.value)} error={form.error('slug')} />
      <Field label="Tên" value={title} onChange={(e) => setTitle(e.target.value)} error={form.error('title.vi')} />
      <SubmitButton busy={form.busy}>Lưu</SubmitButton>
    </form>
  );
}

const scrolled: Element[] = [];

describe('useForm', () => {
  beforeEach(() => {
    scrolled.length = 0;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('refuses to send what breaks the rules, scrolls to the first field in error and focuses it', () => {
    const send = vi.fn();
    render(<CourseForm send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));

    const title = screen.getByLabelText('Tên');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Bắt buộc');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
    expect(scrolled).toEqual([title]);
  });

  it('lets the messages follow each edit once a submit was refused, then sends', async () => {
    const send = vi.fn();
    render(<CourseForm send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    fireEvent.change(screen.getByLabelText('Tên'), { target: { value: 'Nhiếp ảnh' } });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith({ slug: '', title: 'Nhiếp ảnh' }));
  });

  it("shows the server's 422 field texts under their fields and focuses the first", async () => {
    const onError = vi.fn();
    const refusal = new ApiError('Dữ liệu không hợp lệ', {
      kind: 'bad-request',
      status: 422,
      fields: { slug: 'Đường dẫn đã được dùng' },
    });
    render(<CourseForm send={() => Promise.reject(refusal)} onError={onError} />);
    fireEvent.change(screen.getByLabelText('Tên'), { target: { value: 'Nhiếp ảnh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đường dẫn đã được dùng')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(refusal);
    const slug = screen.getByLabelText('Đường dẫn');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(document.activeElement).toBe(slug));
  });

  it('disables the submit button and marks it busy while sending, and sends once however often it is pressed', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<CourseForm send={send} />);
    fireEvent.change(screen.getByLabelText('Tên'), { target: { value: 'Nhiếp ảnh' } });
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Lưu' });
    fireEvent.click(button);
    fireEvent.submit(button.form!);

    await vi.waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(send).toHaveBeenCalledOnce();

    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });
});

describe('firstFieldInError', () => {
  it('finds the control beside the first error text when no control is marked invalid', () => {
    render(
      <form data-testid="f">
        <div>
          <input aria-label="first" />
        </div>
        <div>
          <select aria-label="second" />
          <p role="alert">Chọn một chuyên mục</p>
        </div>
      </form>,
    );
    expect(firstFieldInError(screen.getByTestId('f'))).toBe(screen.getByLabelText('second'));
  });
});
