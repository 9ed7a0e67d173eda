/**
 * zxcvbn's feedback on a password (a warning and suggestions, as translation keys of `auth:advice`), loaded
 * lazily: the estimator and its dictionaries (~400 KB) are fetched the first time a password is typed and never
 * weigh on the initial bundle. The score that gates registration stays the shared rule's (wasm); this only
 * advises. Library: @zxcvbn-ts/core with @zxcvbn-ts/language-common, via dynamic import().
 */
import { useEffect, useState } from 'react';

export interface PasswordAdvice {
  /** zxcvbn's own 0..4 guessability score. */
  score: number;
  /** A key of `auth:advice.warnings`, or null. */
  warning: string | null;
  /** Keys of `auth:advice.suggestions`. */
  suggestions: string[];
}

type Advisor = (password: string, userInputs: string[]) => PasswordAdvice;

let advisor: Promise<Advisor> | null = null;

/** Loads the estimator once; later calls share it. */
export function loadAdvisor(): Promise<Advisor> {
  advisor ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')])
    .then(([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      });
      return (password: string, userInputs: string[]) => {
        const result = zxcvbn.check(password, userInputs);
        return {
          score: result.score,
          warning: result.feedback.warning || null,
          suggestions: result.feedback.suggestions,
        };
      };
    })
    .catch((error: unknown) => {
      advisor = null; // a failed chunk load may succeed later
      throw error;
    });
  return advisor;
}

/** Debounce between a keystroke and the estimate. */
export const ADVICE_DELAY_MS = 150;

/**
 * The advice for `password` (null while empty, loading or after a load failure, which is only logged).
 * `userInputs` (username, email…) count as guessable words.
 */
export function usePasswordAdvice(
  password: string,
  userInputs: string[] = [],
): {
  advice: PasswordAdvice | null;
  loading: boolean;
} {
  const [state, setState] = useState<{ for: string; advice: PasswordAdvice } | null>(null);
  const inputsKey = userInputs.join('\u0000');
  // The estimate (or its failure) last settled, for this password and these inputs; until then it is loading.
  const request = `${password}\u0000\u0000${inputsKey}`;
  const [settled, setSettled] = useState<string | null>(null);

  useEffect(() => {
    if (!password) return;
    let live = true;
    const timer = setTimeout(() => {
      loadAdvisor()
        .then((advise) => {
          if (live) setState({ for: password, advice: advise(password, inputsKey ? inputsKey.split('\u0000') : []) });
        })
        .catch((error: unknown) => console.error('Password advice unavailable', error))
        .finally(() => live && setSettled(request));
    }, ADVICE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey, request]);

  return {
    advice: password && state?.for === password ? state.advice : null,
    loading: Boolean(password) && settled !== request,
  };
}
