// The web app's lint rules: typescript-eslint (with types), the rules of hooks, and the import rules that keep the
// layers apart: components/lib/config ← features ← app, features never import each other, no import cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import { configs as typescriptConfigs } from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature imports only itself and the shared layers: what two features need lives in components, lib or app. */
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to src/components, src/lib or src/app.',
}));

const layerZones = [
  {
    target: ['./src/components', './src/lib', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib, config) never imports a feature or the app shell.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature never imports the app shell (router, layouts): the app imports features.',
  },
];

export default defineConfig(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'playwright-report',
      'test-results',
      // Generated from the Rust types (ts-rs) and from the server's OpenAPI document.
      'src/lib/rules',
      'src/lib/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  typescriptConfigs.recommendedTypeChecked,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones] }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Dates and times are written by src/lib/dates.ts alone (named formats, the person's zone), so the same kind of
    // date looks the same on every page; the zone arithmetic of src/lib/time-zone.ts reads parts, not texts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/dates.ts', 'src/lib/time-zone.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleDateString', message: 'Write dates with useDates() / dateFormats() of @/lib/dates.' },
        { property: 'toLocaleTimeString', message: 'Write times with useDates() / dateFormats() of @/lib/dates.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
          message: 'Write dates and times with useDates() / dateFormats() of @/lib/dates.',
        },
        {
          selector:
            "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message: 'Write dates and times with useDates() / dateFormats() of @/lib/dates.',
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Not yet held to these rules (the rule module's loaders and the forms that call them); the import rules apply.
    files: [
      'src/lib/wasm.ts',
      'src/lib/wasm-dashboard.ts',
      'src/features/auth/routes/register.tsx',
      'src/features/auth/routes/register.test.tsx',
      'src/features/profile/components/update-profile-dialog.tsx',
      'src/features/profile/components/update-profile-dialog.test.tsx',
    ],
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
);
