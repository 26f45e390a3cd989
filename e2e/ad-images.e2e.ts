import { adImageMessages, messages } from '@quiz-points/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { approveAd, fillAdForm, newAdvertiser } from './support/advertisers.ts';
import { expectAccessible, newPersonPage, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInWithGoogle } from './support/users.ts';
import { DESK_AND_PHONE, useViewport } from './support/viewports.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/** A banner as an advertiser would make one: 1,200 × 628, a white band across orange. */
const bannerJpeg = () =>
  sharp({ create: { width: 1200, height: 628, channels: 3, background: '#c2410c' } })
    .composite([
      {
        input: { create: { width: 1200, height: 120, channels: 3, background: 'white' } },
        top: 254,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();

// The advertiser's form at a desk and on a phone; the member looks on a phone either way.
describe.each(DESK_AND_PHONE)('an ad’s banner image, the form at $width×$height', (viewport) => {
  useViewport(browser, viewport);
  it('is chosen on the ad form, refused in the page when it is no image, and shown to members once approved', async () => {
    const { page } = browser;
    await newAdvertiser(page, `img-${unique()}@example.com`, { name: 'E2E画像株式会社', db: postgres.db });
    await page.goto('/advertiser/create-ad');
    const title = `画像つき広告 ${unique()}`;
    await fillAdForm(page, { title, url: `${browser.baseUrl}/sample-ads/harema-coffee` });
    const picker = page.getByLabel('バナー画像（任意）');
    const imageAlert = page.locator('.ad-image-field').getByRole('alert');
    // Applying is confirmed with its price; the image goes up after the second click.
    const apply = async () => {
      await page.getByRole('button', { name: '審査に申し込む' }).click();
      await page
        .getByRole('dialog', { name: '審査の申し込み内容の確認' })
        .getByRole('button', { name: 'この内容で申し込む' })
        .click();
    };

    // Over 5 MB: said at once, before anything is sent.
    await picker.setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(await imageAlert.innerText()).toBe(adImageMessages.adImageTooLarge);

    // Text named .png passes the browser's look at its name; the server reads its bytes and refuses.
    await picker.setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    expect(await imageAlert.count()).toBe(0);
    await apply();
    await expect.poll(() => imageAlert.innerText()).toBe(adImageMessages.adImageTypeUnsupported);
    expect(page.url()).toContain('/advertiser/create-ad');
    await expectAccessible(page);

    await picker.setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: await bannerJpeg() });
    expect(await imageAlert.count()).toBe(0);
    // The preview shows the chosen file in the form and in the member's card and quiz drawn below.
    const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth;
    await expect
      .poll(() => page.getByTestId('ad-image-preview').locator('img').evaluate(loaded))
      .toBeGreaterThan(0);
    const previews = page.getByTestId('ad-preview').locator('.ad-banner img');
    expect(await previews.count()).toBe(2);
    for (const preview of await previews.all()) {
      await preview.scrollIntoViewIfNeeded();
      await expect.poll(() => preview.evaluate(loaded)).toBeGreaterThan(0);
    }
    await screenshot(page, `ad-image-form-${viewport.name}`);
    await apply();
    await page.waitForURL('**/advertiser/ads-status');
    await statusMessage(page, messages.adSubmitted).waitFor();

    // One ad, in review with its image (the refused attempt left its draft, now submitted).
    const { rows } = await postgres.db.query<{ id: string; status: string; image: { files: unknown[] } }>(
      'select id, status, image from ads where ad_title = $1',
      [title],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pending');
    expect(rows[0]!.image.files).toHaveLength(3);
    await approveAd(postgres.db, rows[0]!.id);

    const member = await newPersonPage(browser);
    await signInWithGoogle(member.page, `img-viewer-${unique()}@example.com`);
    await completeSignup(member.page);
    const card = member.page.locator('.ad-card').filter({ hasText: title });
    await card.waitFor();
    const banner = card.locator('.ad-banner img');
    expect(await banner.getAttribute('alt')).toBe(title);
    expect(await banner.getAttribute('loading')).toBe('lazy');
    // The 320 and 640 px files, and the banner's own 1,200 (never enlarged to 1,280).
    expect(await banner.getAttribute('srcset')).toMatch(
      /^\/images\/[0-9a-f]{64}\.webp 320w, \/images\/[0-9a-f]{64}\.webp 640w, \/images\/[0-9a-f]{64}\.webp 1200w$/,
    );
    await banner.scrollIntoViewIfNeeded();
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The box has the banner's shape whatever the file: 1200 : 628.
    const box = (await card.locator('.ad-banner').boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1200 / 628, 1);
    await expectAccessible(member.page);
    await screenshot(member.page, `ad-image-member-card-${viewport.name}`);

    await member.page.goto(`/quiz/${rows[0]!.id}`);
    const quizBanner = member.page.locator('.ad-banner img');
    await quizBanner.waitFor();
    expect(await quizBanner.getAttribute('alt')).toBe(title);
    await expectAccessible(member.page);
    await screenshot(member.page, `ad-image-quiz-${viewport.name}`);
    await member.context.close();
  });
});
