import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, namespaces } from '@/lib/i18n';

// Tests render any page at once: every translation namespace is there before they run, in both languages.
await i18n.loadNamespaces(namespaces);

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});
