import { Check, Lightbulb, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PasswordChecks, StrengthColour } from '@/lib/wasm';
import { useAccountRules, type AccountRules } from '@/lib/wasm-account';
import { usePasswordAdvice } from './password-advice';

const CHECKS: (keyof PasswordChecks)[] = ['minLength', 'lowercase', 'uppercase', 'digit', 'special'];

const bar: Record<StrengthColour, string> = { red: 'bg-rose-500', yellow: 'bg-amber-400', green: 'bg-emerald-500' };
const text: Record<StrengthColour, string> = {
  red: 'text-rose-600',
  yellow: 'text-amber-600',
  green: 'text-emerald-600',
};

/**
 * The password strength meter: score 0..5 from the shared rule (wasm), red/yellow/green, the label
 * weak/good/strong and the five checks; under it zxcvbn's warning and suggestions, loaded lazily. Until the
 * account rules arrive it is drawn empty, at its full size (`aria-busy`), with no score.
 */
export function StrengthMeter({
  password,
  userInputs = [],
  id,
}: {
  password: string;
  userInputs?: string[];
  id?: string;
}) {
  const { t } = useTranslation('auth');
  const rules = useAccountRules();
  const strength = rules?.passwordStrength(password) ?? null;
  const { advice } = usePasswordAdvice(password, userInputs);
  const tips = advice
    ? [
        advice.warning && t(`advice.warnings.${advice.warning}`),
        ...advice.suggestions.map((s) => t(`advice.suggestions.${s}`)),
      ].filter(Boolean)
    : [];

  return (
    <div
      id={id}
      data-testid="strength-meter"
      data-score={strength?.score}
      data-colour={strength?.colour}
      aria-busy={!strength || undefined}
      className="mt-2 space-y-2"
    >
      <div className="flex items-center gap-3">
        <div
          role="meter"
          aria-label={t('strength.label')}
          aria-valuemin={0}
          aria-valuemax={5}
          aria-valuenow={strength?.score ?? 0}
          aria-valuetext={
            strength
              ? `${t(`strength.${strength.label}`)} (${t('strength.score', { score: strength.score })})`
              : undefined
          }
          className="grid flex-1 grid-cols-5 gap-1"
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <span
              key={i}
              className={`h-1.5 rounded-full transition-colors ${strength && i < strength.score ? bar[strength.colour] : 'bg-slate-200'}`}
            />
          ))}
        </div>
        {password && strength && (
          <span
            data-testid="strength-label"
            className={`min-w-12 text-right text-xs font-semibold ${text[strength.colour]}`}
          >
            {t(`strength.${strength.label}`)}
          </span>
        )}
      </div>
      <p className="sr-only">{t('strength.checksTitle')}</p>
      <ul className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
        {CHECKS.map((check) => {
          const met = strength?.checks[check] ?? false;
          return (
            <li
              key={check}
              data-met={met}
              className={`flex items-center gap-1.5 ${met ? 'text-emerald-700' : 'text-slate-500'}`}
            >
              {met ? (
                <Check aria-hidden="true" className="size-3.5 shrink-0" />
              ) : (
                <X aria-hidden="true" className="size-3.5 shrink-0" />
              )}
              <span>
                {t(`strength.checks.${check}`)}
                <span className="sr-only"> ({met ? t('strength.met') : t('strength.notMet')})</span>
              </span>
            </li>
          );
        })}
      </ul>
      {tips.length > 0 && (
        <div
          data-testid="password-advice"
          aria-live="polite"
          className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900"
        >
          <p className="mb-1 flex items-center gap-1.5 font-semibold">
            <Lightbulb aria-hidden="true" className="size-3.5" />
            {t('strength.adviceTitle')}
          </p>
          <ul className="list-disc space-y-0.5 pl-5">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Whether a confirmation matches its password, by the shared registration rule (values trimmed). */
export function passwordsMatch(rules: AccountRules, password: string, confirm: string): boolean {
  const check = rules.validateRegistration(
    { email: '', username: '', password, confirmPassword: confirm, role: 'Student' },
    'en',
  );
  return check.ok || !check.errors.confirmPassword;
}

/** The confirm field's indicator: match or mismatch, shown once something is typed and the rules are there. */
export function MatchIndicator({ password, confirm }: { password: string; confirm: string }) {
  const { t } = useTranslation('auth');
  const rules = useAccountRules();
  if (!confirm || !rules) return null;
  const match = passwordsMatch(rules, password, confirm);
  return (
    <p
      data-testid="match-indicator"
      data-match={match}
      aria-live="polite"
      className={`mt-1.5 flex items-center gap-1.5 text-xs font-medium ${match ? 'text-emerald-600' : 'text-rose-600'}`}
    >
      {match ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
      {match ? t('register.passwordsMatch') : t('register.passwordsDiffer')}
    </p>
  );
}
