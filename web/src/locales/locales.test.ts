// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeTranslations } from '@/testing/translations';

const root = import.meta.dirname;
const languages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function namespacesOf(language: string): string[] {
  return readdirSync(join(root, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

function load(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8'));
}

describe('translations', () => {
  it('exist for exactly Vietnamese and English', () => {
    expect(languages).toEqual(['en', 'vi']);
  });

  it('have the same namespaces in every language', () => {
    expect(namespacesOf('vi')).toEqual(namespacesOf('en'));
  });

  for (const namespace of namespacesOf('en')) {
    describeTranslations(`namespace ${namespace}`, load('vi', namespace), load('en', namespace));
  }
});
