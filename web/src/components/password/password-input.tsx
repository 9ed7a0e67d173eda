import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { textLimits } from '@/lib/wasm';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  invalid?: boolean;
}

/** A password input with a show/hide toggle, as long as a password may be. */
export function PasswordInput({ invalid = false, className = '', ...input }: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className={`relative ${className}`}>
      <input
        maxLength={textLimits().password}
        {...input}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        className={`${inputClass} ${inputStateClass(invalid)} pr-11`}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-4.5" /> : <Eye aria-hidden="true" className="size-4.5" />}
      </button>
    </div>
  );
}
