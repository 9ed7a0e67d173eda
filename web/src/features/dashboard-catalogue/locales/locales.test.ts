// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
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

describe('dashboard catalogue texts', () => {
  const viLeaves = leaves(vi);
  const enLeaves = leaves(en);

  it('have the same keys in Vietnamese and English', () => {
    expect([...viLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('are non-empty and use the same variables', () => {
    const vars = (t: unknown) => [...String(t).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of enLeaves) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      expect(vars(viLeaves.get(key)), key).toEqual(vars(text));
    }
  });
});
