/**
 * The form kit: one hook for a form's field errors, its submission and its busy state.
 *
 * ```tsx
 * const form = useForm({ check: () => messagesOf(validateCoupon(body, i18n.language)) });
 * <form noValidate onSubmit={form.submit(() => save.mutateAsync(body), { onError: toastIt })}>
 *   <Field label={t('code')} error={form.error('code')} … />
 *   <SubmitButton busy={form.busy}>{t('save')}</SubmitButton>
 * </form>
 * ```
 *
 * - `check` (optional) runs the shared rules (the wasm module) on the current values and returns their messages by
 *   field (`{}` when they pass). A submit runs it first; once it has refused, the messages follow every edit (and a
 *   language switch) until the form passes. Nothing is sent while it refuses.
 * - A save the server refuses with field texts (the 422 envelope's `result.fields`, as `ApiError.fields`) shows
 *   them under their fields.
 * - Either way the first field in error (in the page's order) is scrolled to the middle of the screen and focused:
 *   the first element with `aria-invalid="true"` inside the form `submit` was called from (else in the document),
 *   else the first control beside the first error text (`role="alert"` or `data-field-error`). Mark invalid
 *   controls with `aria-invalid` (`Field` and `BilingualField` do).
 *
 * Returned: `errors` (by field name, the server's dotted names: `title.vi`), `error(name)`, `busy` (a submit is
 * being sent), `submit(send, { onError })` (an onSubmit handler: prevents the page load, checks, sends one at a
 * time, shows a refusal's field texts, then calls `onError`), `validate()` (true when the rules pass, for forms
 * that submit their own way), `fail(error)` (shows a caught error's field texts; true when it had any),
 * `setServerErrors(fields)`, `reset()` (clears every message).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';

/** Messages by field name (`title.vi`, `price`…). */
export type FieldMessages = Record<string, string>;

/** The messages of a shared-rule check: none when it passed. */
export function messagesOf(
  checked: { ok: true } | { ok: false; errors: Partial<Record<string, string | undefined>> },
): FieldMessages {
  if (checked.ok) return {};
  return Object.fromEntries(
    Object.entries(checked.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The field texts of a failed request (the server's 422 `result.fields`), if it had any. */
export function fieldsOf(error: unknown): FieldMessages | undefined {
  return error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The control to bring into view: the first invalid one, else the first control beside the first error text. */
export function firstFieldInError(root: ParentNode): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) return invalid;
  const message = root.querySelector<HTMLElement>('[data-field-error], [role="alert"]');
  if (!message) return null;
  for (let box = message.parentElement; box && box !== root; box = box.parentElement) {
    const control = box.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  return message;
}

/** Scrolls the first field in error to the middle of the screen and focuses it (its error is read with it). */
export function focusFirstError(root: ParentNode = document): boolean {
  const target = firstFieldInError(root);
  if (!target) return false;
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  if (!target.matches(FOCUSABLE)) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

export interface FormKit {
  errors: FieldMessages;
  error: (name: string) => string | undefined;
  busy: boolean;
  submit: (send: () => unknown, options?: { onError?: (error: unknown) => void }) => (event?: FormEvent) => void;
  validate: () => boolean;
  fail: (error: unknown) => boolean;
  setServerErrors: (fields: FieldMessages | undefined) => void;
  reset: () => void;
}

export function useForm({ check }: { check?: () => FieldMessages } = {}): FormKit {
  const [live, setLive] = useState(false);
  const [server, setServer] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const element = useRef<HTMLElement | null>(null);
  const sending = useRef(false);

  // After the render that shows the messages: bring the first one into view.
  useEffect(() => {
    if (focusRequest > 0) focusFirstError(element.current?.isConnected ? element.current : document);
  }, [focusRequest]);

  const validate = () => {
    const messages = check?.() ?? {};
    const ok = Object.keys(messages).length === 0;
    setLive(!ok);
    setServer({});
    if (!ok) setFocusRequest((n) => n + 1);
    return ok;
  };

  const setServerErrors = (fields: FieldMessages | undefined) => {
    setLive(false);
    setServer(fields ?? {});
    if (fields && Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
  };

  const fail = (error: unknown) => {
    const fields = fieldsOf(error);
    setServerErrors(fields);
    return fields !== undefined;
  };

  const reset = () => {
    setLive(false);
    setServer({});
  };

  const submit =
    (send: () => unknown, options: { onError?: (error: unknown) => void } = {}) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      if (event?.currentTarget instanceof HTMLElement) element.current = event.currentTarget;
      if (sending.current || !validate()) return;
      sending.current = true;
      setBusy(true);
      void (async () => {
        try {
          await Promise.resolve(send());
        } catch (error) {
          fail(error);
          options.onError?.(error);
        } finally {
          sending.current = false;
          setBusy(false);
        }
      })();
    };

  const errors = live && check ? check() : server;
  return { errors, error: (name) => errors[name], busy, submit, validate, fail, setServerErrors, reset };
}
