// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES } from '@/lib/i18n';

const src = resolve(import.meta.dirname, '..');
/** The namespaces of src/locales (features that add texts of their own load them themselves). */
const known = new Set(readdirSync(join(src, 'locales/vi')).map((file) => file.replace(/\.json$/, '')));

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? join(src, specifier.slice(2)) : resolve(dirname(from), specifier);
  return ['.tsx', '.ts', '/index.tsx', '/index.ts', '']
    .map((ending) => base + ending)
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * The namespaces of src/locales that a module and everything it imports statically use (`useTranslation('x')`,
 * `useTranslation(['x', 'y'])`, `t('x:key')`, `{ ns: 'x' }`); lazy imports are other chunks and are not followed.
 */
function namespacesUsedBy(entry: string): string[] {
  const used = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[\s\S]*?\sfrom\s+)?'([^']+)'/gm)) {
      if (!specifier!.startsWith('.') && !specifier!.startsWith('@/')) continue;
      const target = resolveImport(file, specifier!);
      if (target) pending.push(target);
    }
    for (const [, args] of code.matchAll(/useTranslation\(\s*([^)]*)\)/g)) {
      if (!args!.trim()) used.add('common');
      for (const [, name] of args!.matchAll(/'([^']+)'/g)) used.add(name!);
    }
    for (const [, name] of code.matchAll(/['"`]([a-zA-Z]+):/g)) used.add(name!);
    for (const [, name] of code.matchAll(/\bns:\s*'([^']+)'/g)) used.add(name!);
  }
  return [...used].filter((name) => known.has(name)).sort();
}

/** Every `lazyPage(() => import('…'), […])` of the app: the module loaded and the namespaces loaded with it. */
function lazyPages() {
  const files = readdirSync(join(src, 'app'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => join(src, 'app', file));
  return files.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)[\s\S]*?,\s*\[([^\]]*)\],?\s*\)/g,
      ),
    ].map(([, specifier, list]) => ({
      page: relative(src, resolveImport(file, specifier!) ?? specifier!),
      declared: [...list!.matchAll(/'([^']+)'/g)].map(([, name]) => name!),
    })),
  );
}

describe('translation namespaces', () => {
  it('the shell uses only the bundled ones, so it renders at once with its texts', () => {
    expect(
      namespacesUsedBy(join(src, 'main.tsx')).filter((name) => !BUNDLED_NAMESPACES.includes(name as never)),
    ).toEqual([]);
  });

  const pages = lazyPages();

  it('are declared for every lazy page of the app', () => {
    expect(pages.length).toBeGreaterThan(40);
  });

  it.each(pages)('$page loads every namespace it uses with itself', ({ page, declared }) => {
    const needed = namespacesUsedBy(join(src, page)).filter((name) => !BUNDLED_NAMESPACES.includes(name as never));
    expect(needed.filter((name) => !declared.includes(name))).toEqual([]);
  });
});
