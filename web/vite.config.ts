/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import wasm from 'vite-plugin-wasm';

// The server (academy) serves dist/ with precompressed .gz/.br siblings, so both are produced here.
export default defineConfig({
  plugins: [
    react(),
    wasm(),
    tailwindcss(),
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(html|css|js|mjs|json|svg|wasm)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    // During `vite dev` the API lives on the academy server.
    proxy: Object.fromEntries(
      ['/api', '/auth', '/users', '/files', '/courses', '/healthz'].map((p) => [
        p,
        { target: process.env.ACADEMY_API ?? 'http://127.0.0.1:8080', changeOrigin: true },
      ]),
    ),
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
  },
});
