/**
 * A form's submit button: disabled and marked busy, with a spinner, while the form is being sent.
 *
 * `<SubmitButton busy={form.busy}>{t('save')}</SubmitButton>`; `variant` and `size` as `buttonClass`, other props
 * go to the <button> (its `type` is "submit" unless given).
 */
import type { ButtonHTMLAttributes } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  variant?: Parameters<typeof buttonClass>[0];
  size?: Parameters<typeof buttonClass>[1];
}

export function SubmitButton({
  busy,
  variant = 'primary',
  size = 'md',
  className = '',
  disabled,
  children,
  type = 'submit',
  ...button
}: SubmitButtonProps) {
  return (
    <button
      type={type}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant, size)} ${className}`}
      {...button}
    >
      {busy && (
        <Spinner
          className={`size-4 border-2 ${variant === 'primary' ? 'border-white border-t-transparent' : 'border-t-transparent'}`}
        />
      )}
      {children}
    </button>
  );
}
