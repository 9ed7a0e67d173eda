import { useState } from 'react';
import type { FieldMessages } from '@/lib/wasm-dashboard';

/** The messages of a shared-rule check: none when it passed. */
export function messagesOf(checked: { ok: true } | { ok: false; errors: FieldMessages }): FieldMessages {
  return checked.ok ? {} : checked.errors;
}

/**
 * The field messages of a dashboard form. `check` runs the shared rules (lib/wasm-dashboard) on the current
 * form in the active language. A submit runs it first; once it has refused, the messages follow every edit
 * (and a language switch) until the form passes. A save the server refuses shows the server's field texts.
 */
export function useFieldErrors(check: () => FieldMessages) {
  const [live, setLive] = useState(false);
  const [server, setServer] = useState<FieldMessages>({});
  return {
    errors: live ? check() : server,
    /** Before sending: true when the rules pass; otherwise their messages show and nothing is sent. */
    validate(): boolean {
      const ok = Object.keys(check()).length === 0;
      setLive(!ok);
      setServer({});
      return ok;
    },
    /** The field texts of a save the server refused. */
    setServerErrors(fields: FieldMessages | undefined) {
      setLive(false);
      setServer(fields ?? {});
    },
    reset() {
      setLive(false);
      setServer({});
    },
  };
}
