import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { coreMessages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

const manifest = JSON.parse(
  fs.readFileSync(fileURLToPath(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
) as Record<string, { file: string }>;
/** The not-found page: public, not pre-rendered, so the app loads its chunk on demand. */
const notFoundChunk = manifest['src/features/placeholders/components/not-found-page.tsx']!.file;

describe('a page whose code is gone after a deploy', () => {
  it('reloads once, then shows the error with a reload button instead of looping', async () => {
    const { page, problems } = browser;
    await page.route(`**/${notFoundChunk}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });

    await page.goto('/no-such-page');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(coreMessages.genericErrorSentence);
    expect(await page.getByRole('button', { name: '再試行' }).count()).toBe(1);
    // The first load and the one reload: no more.
    await page.waitForTimeout(500);
    expect(documents).toBe(2);
    // The missing chunk and the caught render error are what this test is about.
    problems.splice(0);
  });
});
