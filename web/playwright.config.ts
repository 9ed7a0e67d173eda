import { createServer } from 'node:net';
import { defineConfig, devices } from '@playwright/test';
import { serverEnv } from './e2e/identity-fixtures';

/** A free TCP port on the loopback interface (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Playwright loads this file in the runner and again in each worker: the port is chosen once and handed down.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/** Chromium from Debian (TOOLCHAIN.md): Playwright never downloads a browser here. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The online room's specs: a fake camera and microphone, granted without a prompt.
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Four at a time on CI's two cores: a browser test mostly waits (on the page, the server, the network), and
  // two workers kept the processors less than a third busy.
  workers: process.env.CI ? 4 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'vi-VN',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // The real academy server serving web/dist on a temporary data dir (see e2e/serve.sh).
    command: `bash e2e/serve.sh`,
    url: `${baseURL}/`,
    // A token secret known to the tests, so they can mint an expired access token (e2e/identity-fixtures.ts).
    env: { E2E_PORT: String(port), ...serverEnv },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
