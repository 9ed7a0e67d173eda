/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import wasm from 'vite-plugin-wasm';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The site's rule module (academy-wasm) is instantiated before the shell's scripts run; without a hint the browser
 * finds it only once they are downloaded and parsed, one more round trip before the first paint. The page
 * preloads it, so it downloads beside them (`crossorigin`: as the script's `fetch` asks for it).
 */
function preloadRuleModule(): Plugin {
  return {
    name: 'academy-preload-rule-module',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const file = Object.keys(bundle ?? {}).find((name) => /(^|\/)academy_wasm_bg-[^/]+\.wasm$/.test(name));
        if (!file) throw new Error('the site rule module (academy_wasm_bg-*.wasm) is missing from the bundle');
        const attrs = { rel: 'preload', href: `/${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The page starts the app after its first paint (`public/start.js`): the build's module scripts become preloads
 * (they download as before) and the entry is imported once the browser has painted the page's HTML; otherwise the
 * app's code would run first and hold that paint.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'academy-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/g)];
        const entry = scripts.at(-1)?.[1];
        if (!entry) throw new Error('index.html has no module script to start');
        let page = html;
        for (const [tag, src] of scripts)
          page = page.replace(tag, `<link rel="modulepreload" crossorigin href="${src}">\n    `);
        return page.replace(
          '</head>',
          `  <script type="module" src="/start.js" data-entry="${entry}"></script>\n  </head>`,
        );
      },
    },
  };
}

/** The browser's build. */
const appBuild: UserConfig['build'] = {
  target: 'es2022',
  sourcemap: false,
  chunkSizeWarningLimit: 400,
  // Every browser the app supports (ES2022) preloads modules itself.
  modulePreload: { polyfill: false },
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
          preloadRuleModule(),
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
