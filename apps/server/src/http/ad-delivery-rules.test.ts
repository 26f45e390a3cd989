import type { AdListPage } from '@quiz-points/shared';
import { messages } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ads, users } from '../db/schema.ts';
import { createAd, type Person } from '../test/factories.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const DAY = 86_400_000;

/**
 * Who an ad delivers to, and when (migrations/0008 qp_ad_delivers): holds, the delivery
 * window and profile targeting, as the ad list and the click see them. One rule: an ad left out of the
 * list is also refused on click, and one opened before it stopped still takes the answer.
 */
describe.each(databaseKinds())('delivery rules on %s', (kind) => {
  const t = useTestApp(kind);

  // Each test starts from a catalogue of its own: what earlier tests made stops delivering.
  beforeEach(async () => {
    await t.database.db.update(ads).set({ isActive: false });
  });

  async function listed(person: Person) {
    const { status, body } = await person.client.json<AdListPage>('GET', '/api/ads');
    expect(status).toBe(200);
    return body.ads.map((ad) => ad.id);
  }
  const click = (person: Person, adId: string) => person.client.json('POST', `/api/ads/${adId}/click`);

  /** Sets columns the factory does not know, as the advertiser's and admin's actions leave them. */
  async function setAd(adId: string, values: Partial<typeof ads.$inferInsert>) {
    await t.database.db.update(ads).set(values).where(eq(ads.id, adId));
  }

  it('leaves out and refuses an ad with any hold, and delivers it again once the last is lifted', async () => {
    const person = await t.as.user();
    const ad = await createAd(t.database.db);
    for (const holds of [['paused'], ['billing'], ['suspended'], ['paused', 'billing']]) {
      await setAd(ad.id, { holds });
      expect(await listed(person)).toEqual([]);
      const refused = await click(person, ad.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: { code: 'CONFLICT', message: messages.adEnded } });
    }
    await setAd(ad.id, { holds: [] });
    expect(await listed(person)).toEqual([ad.id]);
    expect((await click(person, ad.id)).status).toBe(200);
  });

  it('delivers only inside the window: not before its start, not from its end', async () => {
    const person = await t.as.user();
    const now = Date.now();
    const notYet = await createAd(t.database.db, { adTitle: 'これから' });
    await setAd(notYet.id, { startsAt: new Date(now + DAY) });
    const over = await createAd(t.database.db, { adTitle: '終わった' });
    await setAd(over.id, { startsAt: new Date(now - 2 * DAY), endsAt: new Date(now - 1000) });
    const running = await createAd(t.database.db, { adTitle: '配信中' });
    await setAd(running.id, { startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) });

    expect(await listed(person)).toEqual([running.id]);
    expect((await click(person, notYet.id)).status).toBe(409);
    expect((await click(person, over.id)).status).toBe(409);
    expect((await click(person, running.id)).status).toBe(200);
    // The window opens on the clock alone: nothing about the ad changes.
    await t.database.db.execute(
      sql`update ads set starts_at = now() - interval '1 second' where id = ${notYet.id}`,
    );
    expect(await listed(person)).toContain(notYet.id);
  });

  it('aims by profile: every filled list must hold the member’s value, and a blank profile is not matched', async () => {
    const tokyoWorker = await t.as.user();
    await t.database.db
      .update(users)
      .set({ prefecture: '東京都', occupation: '会社員', hasChildren: true, maritalStatus: 'married' })
      .where(eq(users.id, tokyoWorker.uid));
    const osakaStudent = await t.as.user();
    await t.database.db
      .update(users)
      .set({ prefecture: '大阪府', occupation: '学生', hasChildren: false })
      .where(eq(users.id, osakaStudent.uid));
    const blank = await t.as.user();

    const everyone = await createAd(t.database.db, { userReward: 9 });
    const tokyo = await createAd(t.database.db, { userReward: 8 });
    await setAd(tokyo.id, { targetPrefectures: ['東京都', '神奈川県'] });
    const parentsAtWork = await createAd(t.database.db, { userReward: 7 });
    await setAd(parentsAtWork.id, { targetOccupations: ['会社員', '公務員'], targetChildren: ['with'] });
    const childless = await createAd(t.database.db, { userReward: 6 });
    await setAd(childless.id, { targetChildren: ['without'] });

    expect(await listed(tokyoWorker)).toEqual([everyone.id, tokyo.id, parentsAtWork.id]);
    expect(await listed(osakaStudent)).toEqual([everyone.id, childless.id]);
    expect(await listed(blank)).toEqual([everyone.id]);
    expect((await click(blank, tokyo.id)).status).toBe(409);
    expect((await click(osakaStudent, childless.id)).status).toBe(200);
  });

  it('keeps only known holds and profile values in the database, whatever writes them', async () => {
    const ad = await createAd(t.database.db);
    for (const values of [
      { holds: ['vacation'] },
      { targetPrefectures: ['東京'] },
      { targetOccupations: ['宇宙飛行士'] },
      { targetIncomes: ['1億円〜'] },
      { targetMaritalStatuses: ['widowed'] },
      { targetChildren: ['many'] },
    ]) {
      await expect(setAd(ad.id, values), JSON.stringify(values)).rejects.toThrow();
    }
  });

  it('keeps an ad the person opened before it was paused, and takes the answer', async () => {
    const person = await t.as.user();
    const ad = await createAd(t.database.db);
    expect((await click(person, ad.id)).status).toBe(200);
    await setAd(ad.id, { holds: ['paused'] });

    expect(await listed(person)).toEqual([ad.id]);
    await t.database.db.execute(
      sql`update quiz_responses set clicked_at = clicked_at - interval '1 minute' where ad_id = ${ad.id}`,
    );
    const answer = await person.client.json('POST', `/api/ads/${ad.id}/answer`, { option: 1 });
    expect(answer.status).toBe(200);
    // A newcomer neither sees nor opens it.
    const newcomer = await t.as.user();
    expect(await listed(newcomer)).toEqual([]);
    expect((await click(newcomer, ad.id)).status).toBe(409);
  });
});
