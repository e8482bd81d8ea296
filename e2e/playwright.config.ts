import { defineConfig, devices } from '@playwright/test';
import { e2ePort as port, serverLogPath } from './server-log';

/** Debian's Chromium, with the flags that keep it from stalling on a closed network. */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** A title tagged @phone and not @desktop: the journey runs on the phone project only. */
export const PHONE_ONLY = /^(?![\s\S]*@desktop)[\s\S]*@phone/;

/**
 * A journey tagged @clock moves the server's business clock (POST /dev/clock), which every journey
 * running beside it would see: a quotation started "today" is suddenly in the past. So these run
 * after all the others, one at a time, in projects of their own (desktop-clock, then phone-clock).
 */
export const MOVES_CLOCK = /@clock/;
const PHONE_AND_CLOCK = /^(?=[\s\S]*@phone)(?=[\s\S]*@clock)/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // CI has two cores for two browsers, their pages and the server: traces of failed runs showed the
  // server answering a page's scripts in 3–5 s while both browsers rendered, so a screen could take
  // longer than 7 s to appear (and three accessibility scans longer than 30 s). These are the limits
  // of a starved machine, not of the product: a wrong screen still fails, only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  // A journey people make on a phone is tagged @phone and runs on the phone (a Pixel 7) only: the same
  // journey again at desktop size proves nothing the desktop journeys and the crawls do not. Staff
  // screens, used at a desk first, are tagged @desktop too and run on both.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      grepInvert: [PHONE_ONLY, MOVES_CLOCK],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      grep: /@phone/,
      grepInvert: MOVES_CLOCK,
    },
    {
      name: 'desktop-clock',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      grep: MOVES_CLOCK,
      grepInvert: PHONE_ONLY,
      dependencies: ['desktop', 'phone'],
      workers: 1,
    },
    {
      name: 'phone-clock',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      grep: PHONE_AND_CLOCK,
      dependencies: ['desktop-clock'],
      workers: 1,
    },
  ],
  webServer: {
    // The Node that runs Playwright (the project's Node 24 under npm/npx), not whatever `node` is first.
    // Its log (stdout) goes to a file journeys can read (e2e/server-log.ts).
    command: `"${process.execPath}" ../scripts/e2e-server.mjs > "${serverLogPath}"`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
