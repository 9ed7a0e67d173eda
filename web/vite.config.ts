/// <reference types="vitest/config" />
import { readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, transformWithOxc, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import wasm from 'vite-plugin-wasm';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The page shows its HTML before the app's code competes for the connection. The build's module scripts and their
 * preloads leave the page's head; the start script (`src/start.ts`, built here into `/start.js` and fetched at low
 * priority) waits for the first contentful paint, then preloads them and the site's rule module, academy-wasm, which
 * the shell instantiates before it runs (so it downloads beside them), and imports the entry. On a slow connection
 * the HTML, the stylesheet and the first images arrive without sharing it with 120 KB of scripts, and the app's code
 * does not run before that paint. A page in a language whose shell texts are not in the entry (English) preloads
 * their chunks too.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'academy-start-after-first-paint',
    apply: 'build',
    async generateBundle() {
      const source = await readFile(local('./src/start.ts'), 'utf8');
      const { code } = await transformWithOxc(source, 'start.ts', { lang: 'ts' });
      const minified = await minify('start.js', code, { compress: true, mangle: { toplevel: true } });
      this.emitFile({ type: 'asset', fileName: 'start.js', source: minified.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const ruleModule = Object.keys(bundle ?? {}).find((name) => /(^|\/)academy_wasm_bg-[^/]+\.wasm$/.test(name));
        if (!ruleModule) throw new Error('the site rule module (academy_wasm_bg-*.wasm) is missing from the bundle');
        const tags = [
          ...html.matchAll(
            /<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)">(?:<\/script>)?\n?\s*/g,
          ),
        ];
        const entry = tags.findLast(([tag]) => tag.startsWith('<script'))?.[1];
        if (!entry) throw new Error('index.html has no module script to start');
        let page = html;
        for (const [tag] of tags) page = page.replace(tag, '');
        const preload = [...tags.map(([, src]) => src).filter((src) => src !== entry), `/${ruleModule}`];
        // The shell's texts in the languages not bundled with it (src/lib/i18n.ts): data-texts-<lang>.
        const texts = new Map<string, string[]>();
        for (const chunk of Object.values(bundle ?? {})) {
          const language =
            chunk.type === 'chunk' &&
            /[\\/]locales[\\/](\w+)[\\/](?:common|layout)\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (language) texts.set(language, [...(texts.get(language) ?? []), `/${chunk.fileName}`]);
        }
        const textAttributes = [...texts].map(([language, files]) => ` data-texts-${language}="${files.join(' ')}"`);
        return page.replace(
          '</head>',
          `  <script type="module" src="/start.js" fetchpriority="low" data-entry="${entry}" data-preload="${preload.join(' ')}"${textAttributes.join('')}></script>\n  </head>`,
        );
      },
    },
  };
}

/** The browser's build. */
const appBuild: UserConfig['build'] = {
  target: 'es2022',
  sourcemap: false,
  // dist/.vite/manifest.json: the chunks and their static imports, which the test command's JavaScript budget
  // reads (.ci/js-budget.mjs).
  manifest: true,
  chunkSizeWarningLimit: 400,
  modulePreload: {
    // Every browser the app supports (ES2022) preloads modules itself.
    polyfill: false,
    // A lazy chunk's imports are not preloaded beside it: the browser fetches them once it has the chunk. Preloading
    // them means a <link> per import added to the page when the chunk is asked for, which is while React takes the
    // first page over: 18 links and 7–24 ms of main-thread work on the course list here, four times that on the
    // simulated phone, for one round trip saved on the first visit of each page. The page's HTML preloads stay.
    resolveDependencies: (_, deps, { hostType }) => (hostType === 'html' ? deps : []),
  },
  rolldownOptions: {
    output: {
      codeSplitting: {
        // What the home page loads before it shows (the entry and its static imports, `$initial`) in two chunks,
        // its libraries and the app's shell, rather than dozens of small chunks shared with the lazy routes; the
        // icons and the query library that only lazy parts use in one chunk each.
        groups: [
          { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
          { name: 'shell', tags: ['$initial'], priority: 2 },
          { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          {
            name: 'query',
            test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query-/,
            priority: 1,
          },
        ],
      },
    },
  },
};

/** The page renderer's build: a program for Node.js that carries its libraries (`ssr.noExternal`), no node_modules. */
const rendererBuild: UserConfig['build'] = {
  target: 'node20',
  outDir: 'dist-ssr',
  sourcemap: false,
  emptyOutDir: true,
  chunkSizeWarningLimit: 4096,
  copyPublicDir: false,
};

// The server (academy) serves dist/ with precompressed .gz/.br siblings, so both are produced here. The page
// renderer (`vite build --ssr`, src/ssr/server.ts → dist-ssr/server.js) is built from the same config.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    wasm(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          startAfterFirstPaint(),
          compression({
            algorithms: ['gzip', 'brotliCompress'],
            include: /\.(html|css|js|mjs|json|svg|wasm)$/,
            threshold: 1024,
          }),
        ]),
  ],
  // The renderer carries its libraries (not node_modules at run time); tests keep Vitest's own handling.
  ...(isSsrBuild && { ssr: { noExternal: true } }),
  resolve: {
    alias: {
      '@': local('./src'),
      // React 19 has useSyncExternalStore: react-i18next's fallback for older Reacts is not shipped.
      'use-sync-external-store/shim': local('./src/lib/use-sync-external-store.ts'),
      // react-router's package points every import at its development build (warnings included); the app ships
      // the production build it also contains.
      ...(command === 'build' && {
        'react-router': local('./node_modules/react-router/dist/production/index.mjs'),
      }),
    },
  },
  build: isSsrBuild ? rendererBuild : appBuild,
  server: {
    // During `vite dev` the API lives on the academy server.
    proxy: Object.fromEntries(
      ['/api', '/auth', '/users', '/files', '/courses', '/healthz'].map((p) => [
        p,
        { target: process.env.ACADEMY_API ?? 'http://127.0.0.1:8080', changeOrigin: true, ws: p === '/api' },
      ]),
    ),
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
  },
}));
