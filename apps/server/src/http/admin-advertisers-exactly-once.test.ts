import type { AdvertiserSuspensionResult } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, ads, users } from '../db/schema.ts';
import { createAd } from '../test/factories.ts';
import { postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const BURST = 40;

describe.each(postgresKinds())('advertiser suspension exactly once on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it(`suspends once, one hold per ad and one audit row, when ${BURST} identical requests arrive at once; and lifts once`, async () => {
    const db = t.database.db;
    const advertiser = await t.as.advertiser();
    const owned = await Promise.all([
      createAd(db, { advertiserId: advertiser.uid }),
      createAd(db, { advertiserId: advertiser.uid, holds: ['paused'] }),
      createAd(db, { advertiserId: advertiser.uid, status: 'pending', isActive: false }),
    ]);
    const burst = (suspended: boolean, reason: string) =>
      Promise.all(
        Array.from({ length: BURST }, () =>
          t.admin.json<AdvertiserSuspensionResult>(
            'POST',
            `/api/admin/advertisers/${advertiser.uid}/suspension`,
            { suspended, reason },
          ),
        ),
      );
    const holds = async () =>
      (await db.select({ holds: ads.holds }).from(ads).where(eq(ads.advertiserId, advertiser.uid))).map(
        (ad) => ad.holds.filter((hold) => hold === 'suspended').length,
      );
    const audit = () => db.select().from(adminAudit).where(eq(adminAudit.targetId, advertiser.uid));

    const suspending = await burst(true, '不正なクリックの疑い');
    expect(suspending.map((answer) => answer.status)).toEqual(Array(BURST).fill(200));
    expect(suspending.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect(suspending.find((answer) => answer.body.changed)?.body.heldAds).toBe(owned.length);
    expect(await holds()).toEqual(owned.map(() => 1));
    expect((await audit()).map((row) => row.action)).toEqual(['suspend']);
    const [row] = await db.select({ banned: users.banned }).from(users).where(eq(users.id, advertiser.uid));
    expect(row?.banned).toBe(true);

    const lifting = await burst(false, '確認が取れたため');
    expect(lifting.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect(await holds()).toEqual(owned.map(() => 0));
    expect((await audit()).map((entry) => entry.action).sort()).toEqual(['suspend', 'unsuspend']);
    const [paused] = await db.select({ holds: ads.holds }).from(ads).where(eq(ads.id, owned[1]!.id));
    expect(paused?.holds).toEqual(['paused']);
  });
});
