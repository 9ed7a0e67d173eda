import { describe, expect, it } from 'vitest';

/** Every leaf of a translation file as a dotted path, e.g. `cart.emptyTitle` or `terms.sections.0.title`. */
export function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * The checks every pair of translation files passes: the same keys in Vietnamese and English, only non-empty
 * texts, and the same `{{variables}}` in both languages.
 */
export function describeTranslations(title: string, viTexts: unknown, enTexts: unknown) {
  describe(title, () => {
    const en = leaves(enTexts);
    const vi = leaves(viTexts);

    it('has no key that exists in only one language', () => {
      const onlyEn = [...en.keys()].filter((key) => !vi.has(key));
      const onlyVi = [...vi.keys()].filter((key) => !en.has(key));
      expect({ onlyEn, onlyVi }).toEqual({ onlyEn: [], onlyVi: [] });
    });

    it('has only non-empty text values', () => {
      for (const [language, map] of [
        ['en', en],
        ['vi', vi],
      ] as const) {
        const bad = [...map].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
        expect(bad, `${language}/${title}`).toEqual([]);
      }
    });

    it('uses the same interpolation variables in both languages', () => {
      const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      for (const [key, text] of en) expect(variables(vi.get(key)), key).toEqual(variables(text));
    });
  });
}
