import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/test-support.mjs';
import { workerServers } from './worker-servers.ts';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

export interface BrowserFixture {
  readonly baseUrl: string;
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far in this test. */
  readonly problems: string[];
}

/**
 * One Chromium per test file and a fresh context per test. Any console error or uncaught page
 * exception fails the test that caused it.
 */
export function useBrowser(
  options: {
    /** Which of this worker's servers (e2e/support/global-setup.ts) the pages open; 'main' unless said. */
    server?: 'main' | 'realWait' | 'postgres';
    viewport?: { width: number; height: number };
    /** The service worker (the installable app) is kept out unless a test is about it. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): BrowserFixture {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const servers = workerServers();
  const baseUrl = {
    main: servers.baseUrl,
    realWait: servers.realWaitBaseUrl,
    postgres: servers.postgresBaseUrl,
  }[options.server ?? 'main'];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const watch = (p: Page) => {
    p.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A refused API call (4xx) is an expected answer the test asserts on; Chromium still logs it.
      const refusedApiCall =
        /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
        new URL(message.location().url || 'http://x/').pathname.startsWith('/api/');
      if (!refusedApiCall) problems.push(`console.error on ${p.url()}: ${message.text()}`);
    });
    p.on('pageerror', (error) => problems.push(`uncaught on ${p.url()}: ${error.message}`));
  };

  const fixture: BrowserFixture = {
    baseUrl,
    get page() {
      return page;
    },
    get context() {
      return context;
    },
    problems,
  };

  beforeAll(async () => {
    await newContext();
  });
  async function newContext() {
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: options.viewport ?? { width: 390, height: 844 },
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      serviceWorkers: options.serviceWorkers ?? 'block',
    });
    context.on('page', watch);
    page = await context.newPage();
    waitForTheAppOnEveryLoad(page);
  }
  afterEach(async (test) => {
    const seen = problems.splice(0);
    if (test.task.result?.state === 'fail') {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const name = test.task.name.replace(/[^\w\u3040-\u30ff\u4e00-\u9fff-]+/g, '_').slice(0, 80);
      await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => {});
    }
    await context.close();
    await newContext();
    expect(seen, 'console errors or uncaught exceptions').toEqual([]);
  });
  return fixture;
}

/**
 * A pre-rendered page (docs/performance.md, "Pre-rendering") shows its buttons and fields before its
 * script has taken it over, and what is typed or clicked before then is lost, for a test as for a
 * person. So `goto` and `reload`, on every page of every context, also wait for the app to take the
 * page over: React marks #root at once when it hydrates it, and from then on hydrates whatever an
 * event reaches before acting on it.
 */
function waitForTheAppOnEveryLoad(p: Page) {
  const prototype = Object.getPrototypeOf(p) as Page & { appWaitInstalled?: true };
  if (prototype.appWaitInstalled) return;
  prototype.appWaitInstalled = true;
  const appTookOver = () => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return true;
    return Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  };
  const waitForTheApp = (page: Page) =>
    contextsWithoutScripts.has(page.context()) ? undefined : page.waitForFunction(appTookOver);
  const { goto, reload } = prototype;
  prototype.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const response = await goto.apply(this, args);
    await waitForTheApp(this);
    return response;
  };
  prototype.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const response = await reload.apply(this, args);
    await waitForTheApp(this);
    return response;
  };
}

const contextsWithoutScripts = new WeakSet<BrowserContext>();

/** A context with JavaScript turned off, as the fixture's but for that: no app ever takes a page over. */
export async function newContextWithoutJavaScript(fixture: BrowserFixture): Promise<BrowserContext> {
  const context = await fixture.context.browser()!.newContext({
    baseURL: fixture.baseUrl,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  contextsWithoutScripts.add(context);
  return context;
}

/** A second person's browser beside the fixture's: a new context set as the fixture's (phone-sized, Japanese, Japan time), and its page. */
export async function newPersonPage(fixture: BrowserFixture) {
  const context = await fixture.context.browser()!.newContext({
    baseURL: fixture.baseUrl,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** The page's status message (role=status) that says `text`. */
export const statusMessage = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * Runs axe and fails on any serious or critical violation, once the page has settled: a part still
 * loading (aria-busy) is dimmed on purpose, and its contrast is not what a person reads.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
