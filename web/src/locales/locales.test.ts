// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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

/** Every leaf of a namespace as a dotted path, e.g. `cart.emptyTitle`. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(language: string, namespace: string): Map<string, unknown> {
  return leaves(JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')));
}

describe('translations', () => {
  it('exist for exactly Vietnamese and English', () => {
    expect(languages).toEqual(['en', 'vi']);
  });

  it('have the same namespaces in every language', () => {
    expect(namespacesOf('vi')).toEqual(namespacesOf('en'));
  });

  describe.each(namespacesOf('en'))('namespace %s', (namespace) => {
    const en = load('en', namespace);
    const vi = load('vi', namespace);

    it('has no key that exists in only one language', () => {
      const onlyEn = [...en.keys()].filter((key) => !vi.has(key));
      const onlyVi = [...vi.keys()].filter((key) => !en.has(key));
      expect({ onlyEn, onlyVi }).toEqual({ onlyEn: [], onlyVi: [] });
    });

    it('has only non-empty text values', () => {
      for (const [language, map] of [['en', en], ['vi', vi]] as const) {
        const bad = [...map].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
        expect(bad, `${language}/${namespace}`).toEqual([]);
      }
    });

    it('uses the same interpolation variables in both languages', () => {
      const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      for (const [key, text] of en) expect(variables(vi.get(key)), key).toEqual(variables(text));
    });
  });
});
