import {
  type AdReport,
  type AdvertiserAd,
  addDays,
  adReportMessages,
  ageBandOf,
  ageOn,
  invoiceAmounts,
  japanIsoDate,
  noTargeting,
} from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { adDeliveries, ads, quizResponses, users } from '../db/schema.ts';
import { rollUpAdFigures } from '../domain/figures/roll-up-ad-figures.ts';
import { dayRangeRefusals } from '../test/day-range-refusals.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { type TestAppHandle, useTestApp } from '../test/use-test-app.ts';

const CORRECT = 2;

/** An approved ad of the client's, its options as given (the second is correct). */
async function approvedAd(
  t: TestAppHandle,
  client: TestHttpClient,
  quizOptions = ['ブラジル', 'エチオピア', 'ケニア'],
) {
  const { status, body } = await client.json<{ ad: AdvertiserAd }>('POST', '/api/advertiser/ads', {
    adTitle: 'はれま珈琲 冬のブレンド',
    adProvider: 'はれま珈琲',
    adUrl: 'https://example.com/coffee',
    quizQuestion: '冬のブレンドの産地は？',
    quizOptions,
    correctOptionIndex: CORRECT,
    maxDeliveries: 1000,
    ...noTargeting,
  });
  expect(status).toBe(201);
  await t.database.db.update(ads).set({ status: 'approved', isActive: true }).where(eq(ads.id, body.ad.id));
  return body.ad.id;
}

/** A report CSV as downloaded: answered 200, a file Excel opens in Japanese (a UTF-8 BOM first). */
async function downloadCsv(client: TestHttpClient, adId: string, query: string) {
  const response = await client.raw(`/api/advertiser/ads/${adId}/report.csv${query}`);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { headers: response.headers, bytes, text };
}

interface Click {
  /** When the person clicked through (the delivery). */
  at: string;
  unitPrice?: number;
  gender?: 'male' | 'female';
  birthDate?: string;
  /** Seconds from click to answer, and the option chosen; left out: never answered. */
  answer?: { after: number; option: number };
}

let people = 0;
/** A delivery to a new person, with their response as a click and maybe an answer would leave it. */
async function clickThrough(db: Database, adId: string, click: Click) {
  const id = `report-person-${++people}`;
  await db.insert(users).values({
    id,
    email: `${id}@example.com`,
    emailHash: id,
    gender: click.gender ?? 'female',
    birthDate: click.birthDate ?? '1995-05-05',
  });
  const clickedAt = new Date(click.at);
  // The delivery keeps the person's gender and age band at the click, as qp_click_ad writes them.
  await db.insert(adDeliveries).values({
    adId,
    userId: id,
    unitPrice: click.unitPrice ?? 35,
    deliveredAt: clickedAt,
    gender: click.gender ?? 'female',
    ageBand: ageBandOf(ageOn(click.birthDate ?? '1995-05-05', clickedAt)),
  });
  await db.insert(quizResponses).values({
    userId: id,
    emailHash: id,
    adId,
    clickedAt,
    answeredAt: click.answer ? new Date(clickedAt.getTime() + click.answer.after * 1000) : null,
    selectedOption: click.answer?.option ?? null,
    isCorrect: click.answer ? click.answer.option === CORRECT : null,
    rewardGiven: click.answer !== undefined,
  });
}

/**
 * Clicks around the range 2026-11-01 to 2026-11-03 (Japan time). A delivery counts on the day of its
 * click, an answer on the day it was given, so a day may count more answers than deliveries.
 */
async function clickThroughs(db: Database, adId: string) {
  // 2026-10-31 23:59:59 JST, the day before the range: the delivery is outside it, the answer
  // (00:08:19 on 1 November) inside.
  await clickThrough(db, adId, { at: '2026-10-31T14:59:59Z', answer: { after: 500, option: 1 } });
  // 2026-11-01: its first second (00:00:00 JST is 15:00 UTC the day before) and its last, whose
  // answer is given on the 2nd.
  await clickThrough(db, adId, { at: '2026-10-31T15:00:00Z', answer: { after: 40, option: 2 } });
  await clickThrough(db, adId, { at: '2026-11-01T14:59:59Z', answer: { after: 50, option: 2 } });
  await clickThrough(db, adId, { at: '2026-11-01T03:00:00Z', unitPrice: 30 });
  // 2026-11-02 00:00:00 JST, still 1 November in UTC.
  await clickThrough(db, adId, { at: '2026-11-01T15:00:00Z', answer: { after: 60, option: 1 } });
  // 2026-11-03 00:30 JST.
  await clickThrough(db, adId, { at: '2026-11-02T15:30:00Z', answer: { after: 100, option: 3 } });
  // 2026-11-04 00:00 JST: the day after the range.
  await clickThrough(db, adId, { at: '2026-11-03T15:00:00Z', answer: { after: 30, option: 2 } });
}

const RANGE_FIGURES = {
  from: '2026-11-01',
  to: '2026-11-03',
  deliveries: 5,
  answers: 5,
  correct: 2,
  correctRate: 0.4,
  wrongRate: 0.6,
};
const RANGE_DAYS = [
  { date: '2026-11-01', deliveries: 3, answers: 2, correct: 1, spend: 100 },
  { date: '2026-11-02', deliveries: 1, answers: 2, correct: 1, spend: 35 },
  { date: '2026-11-03', deliveries: 1, answers: 1, correct: 0, spend: 35 },
];
const RANGE_OPTIONS = [
  { option: 1, text: 'ブラジル', isCorrect: false, answers: 2, share: 0.4 },
  { option: 2, text: 'エチオピア', isCorrect: true, answers: 2, share: 0.4 },
  { option: 3, text: 'ケニア', isCorrect: false, answers: 1, share: 0.2 },
];

const reportOf = (client: TestHttpClient, adId: string, query = '') =>
  client.json<AdReport>('GET', `/api/advertiser/ads/${adId}/report${query}`);

/** A CSV file's text as rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF after each row). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n'), 'the last row ends with CRLF').toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  const field = /"((?:[^"]|"")*)"|([^",\r\n]*)/y;
  let at = 0;
  while (at < text.length) {
    field.lastIndex = at;
    const match = field.exec(text)!;
    row.push(match[1] === undefined ? match[2]! : match[1].replaceAll('""', '"'));
    at = field.lastIndex;
    if (text[at] === ',') at += 1;
    else if (text.startsWith('\r\n', at)) {
      rows.push(row);
      row = [];
      at += 2;
    } else throw new Error(`unexpected ${JSON.stringify(text[at])} at ${at}`);
  }
  return rows;
}

describe.each(databaseKinds())('ad reports on %s', (kind) => {
  const t = useTestApp(kind);

  it('counts a range of Japan-time days: deliveries, answers, spend with tax, options and times', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client);
    await clickThroughs(t.database.db, adId);

    const { status, body } = await reportOf(advertiser.client, adId, '?from=2026-11-01&to=2026-11-03');
    expect(status).toBe(200);
    expect(body).toMatchObject(RANGE_FIGURES);
    expect(body.days).toEqual(RANGE_DAYS);
    // 170 yen before tax; the tax as an invoice rounds it (17), as invoiceAmounts says.
    expect(body.spend).toEqual({ amount: 170, tax: 17, total: 187 });
    const { amount, tax, total } = invoiceAmounts(170, 0);
    expect(body.spend).toEqual({ amount, tax, total });
    expect(body.options).toEqual(RANGE_OPTIONS);
    // 40, 50, 60, 100 and 500 seconds: median 60, average 150, 90th percentile 340 (interpolated).
    expect(body.secondsToAnswer).toEqual({ median: 60, average: 150, p90: 340 });
  });

  it('rounds the tax half up like the invoices, and reports a single day', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client);
    for (let i = 0; i < 7; i++) await clickThrough(t.database.db, adId, { at: `2026-06-10T0${i}:00:00Z` });
    const { body } = await reportOf(advertiser.client, adId, '?from=2026-06-10&to=2026-06-10');
    expect(body.days).toEqual([{ date: '2026-06-10', deliveries: 7, answers: 0, correct: 0, spend: 245 }]);
    expect(body.spend).toEqual({ amount: 245, tax: 25, total: 270 });
    expect(body.correctRate).toBeNull();
    expect(body.secondsToAnswer).toEqual({ median: null, average: null, p90: null });
    expect(body.options.map((o) => o.share)).toEqual([null, null, null]);
  });

  it('covers the last 30 days by default, from the day the ad began at the earliest', async () => {
    const advertiser = await t.as.advertiser();
    const today = japanIsoDate(new Date());
    const fresh = await approvedAd(t, advertiser.client);
    const quiet = await reportOf(advertiser.client, fresh);
    expect(quiet.body).toMatchObject({ from: today, to: today, deliveries: 0 });
    expect(quiet.body.days).toEqual([{ date: today, deliveries: 0, answers: 0, correct: 0, spend: 0 }]);

    const old = await approvedAd(t, advertiser.client);
    await clickThrough(t.database.db, old, { at: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    await clickThrough(t.database.db, old, { at: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    const recent = await reportOf(advertiser.client, old);
    expect(recent.body).toMatchObject({ from: addDays(today, -29), to: today, deliveries: 1 });
    expect(recent.body.days).toHaveLength(30);

    const begun = await approvedAd(t, advertiser.client);
    await clickThrough(t.database.db, begun, { at: new Date(Date.now() - 5 * 86_400_000).toISOString() });
    const sinceStart = await reportOf(advertiser.client, begun);
    expect(sinceStart.body).toMatchObject({ from: addDays(today, -5), to: today, deliveries: 1 });
  });

  it('refuses a bad range with a Japanese message and takes a whole leap year', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client);
    const refused: (readonly [string, string])[] = [
      ...dayRangeRefusals,
      ['to=2026-11-01', adReportMessages.bothNeeded],
      ['from=yesterday&to=2026-03-01', adReportMessages.fromInvalid],
      // Real days whose first Japan-time instant, or the day after the range, PostgreSQL cannot name.
      ...[
        'from=0001-01-01&to=0001-01-01',
        'from=9999-12-31&to=9999-12-31',
        'from=1999-12-31&to=2000-01-01',
        'from=2099-12-31&to=2100-01-01',
      ].map((query) => [query, adReportMessages.outOfRange] as const),
    ];
    for (const [query, message] of refused) {
      for (const path of [`/report?${query}`, `/report.csv?${query}`]) {
        const answer = await advertiser.client.json<ErrorReply>('GET', `/api/advertiser/ads/${adId}${path}`);
        expect(answer.status, path).toBe(400);
        expect(answer.body.error.message, path).toBe(message);
      }
    }
    for (const query of ['?from=2000-01-01&to=2000-01-01', '?from=2099-12-31&to=2099-12-31']) {
      expect((await reportOf(advertiser.client, adId, query)).status, query).toBe(200);
      const csv = await advertiser.client.raw(`/api/advertiser/ads/${adId}/report.csv${query}`);
      expect(csv.status, query).toBe(200);
    }
    const leapYear = await reportOf(advertiser.client, adId, '?from=2028-01-01&to=2028-12-31');
    expect(leapYear.status).toBe(200);
    expect(leapYear.body.days).toHaveLength(366);
  });

  it("answers another advertiser's ad, and the admin, as if it did not exist", async () => {
    const owner = await t.as.advertiser();
    const intruder = await t.as.advertiser();
    const adId = await approvedAd(t, owner.client);
    await clickThrough(t.database.db, adId, { at: '2026-11-01T03:00:00Z' });
    const admin = await t.as.admin();
    for (const client of [intruder.client, admin]) {
      for (const path of ['/report', '/report.csv', '/report.csv?table=options']) {
        const answer = await client.raw(`/api/advertiser/ads/${adId}${path}`);
        expect(answer.status, path).toBe(404);
        expect(answer.headers.get('content-disposition')).toBeNull();
        expect(await answer.text()).not.toContain('はれま珈琲');
      }
    }
    const visitor = await t.as.visitor().raw(`/api/advertiser/ads/${adId}/report.csv`);
    expect(visitor.status).toBe(401);
    const member = await t.as.user();
    expect((await member.client.raw(`/api/advertiser/ads/${adId}/report.csv`)).status).toBe(403);
  });

  it('downloads the days as a CSV Excel opens in Japanese: BOM, CRLF, Japanese header, a named file', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client);
    await clickThrough(t.database.db, adId, { at: '2026-10-31T15:00:00Z', answer: { after: 40, option: 2 } });
    await clickThrough(t.database.db, adId, { at: '2026-11-02T03:00:00Z', answer: { after: 40, option: 1 } });
    const { headers, text } = await downloadCsv(advertiser.client, adId, '?from=2026-11-01&to=2026-11-03');
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('cache-control')).toBe('private, no-store');
    const disposition = headers.get('content-disposition')!;
    expect(disposition).toBe(
      `attachment; filename="ad-report-days_2026-11-01_2026-11-03.csv"; filename*=UTF-8''${encodeURIComponent(
        '広告レポート_日別_はれま珈琲 冬のブレンド_2026-11-01_2026-11-03.csv',
      )}`,
    );
    expect(text.startsWith('\uFEFF日付,配信数,回答数,正解数,利用金額(税抜)\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(parseCsv(text.slice(1))).toEqual([
      ['日付', '配信数', '回答数', '正解数', '利用金額(税抜)'],
      ['2026-11-01', '1', '1', '1', '35'],
      ['2026-11-02', '1', '1', '0', '35'],
      ['2026-11-03', '0', '0', '0', '0'],
    ]);
  });

  it('downloads the answers per option as a second CSV, quoting commas and quotes, never a formula', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client, ['浅煎り, 酸味', '"深煎り"', '=1+1']);
    await clickThrough(t.database.db, adId, { at: '2026-11-01T03:00:00Z', answer: { after: 40, option: 2 } });
    await clickThrough(t.database.db, adId, { at: '2026-11-01T04:00:00Z', answer: { after: 40, option: 2 } });
    await clickThrough(t.database.db, adId, { at: '2026-11-01T05:00:00Z', answer: { after: 40, option: 3 } });
    const { headers, text } = await downloadCsv(
      advertiser.client,
      adId,
      '?from=2026-11-01&to=2026-11-01&table=options',
    );
    expect(headers.get('content-disposition')).toContain(
      `filename="ad-report-options_2026-11-01_2026-11-01.csv"; filename*=UTF-8''${encodeURIComponent('広告レポート_選択肢別回答_')}`,
    );
    expect(text).toContain('"浅煎り, 酸味"');
    expect(text).toContain('"""深煎り"""');
    expect(parseCsv(text.slice(1))).toEqual([
      ['選択肢番号', '選択肢', '正解', '回答数', '割合(%)'],
      ['1', '浅煎り, 酸味', '', '0', '0'],
      ['2', '"深煎り"', '正解', '2', '66.7'],
      ['3', "'=1+1", '', '1', '33.3'],
    ]);
  });

  it("keeps the ad list's spend (all deliveries, before tax) and the report's range apart", async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client);
    await clickThrough(t.database.db, adId, { at: '2026-03-01T03:00:00Z' });
    await clickThrough(t.database.db, adId, { at: '2026-11-01T03:00:00Z' });
    const list = await advertiser.client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads');
    expect(list.body.ads.find((ad) => ad.id === adId)?.spend).toBe(70);
    const { body } = await reportOf(advertiser.client, adId, '?from=2026-11-01&to=2026-11-30');
    expect(body.spend.amount).toBe(35);
  });
});

describe.each(databaseKinds())('ad reports over rolled-up days on %s', (kind) => {
  const t = useTestApp(kind);
  const csvOf = async (client: TestHttpClient, adId: string, query: string) =>
    (await downloadCsv(client, adId, query)).bytes;
  const listedSpend = async (client: TestHttpClient, adId: string) =>
    (await client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads')).body.ads.find(
      (ad) => ad.id === adId,
    )?.spend;

  it('answers the same report, CSV bytes and ad list whether its days are rolled up or live', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedAd(t, advertiser.client);
    await clickThroughs(t.database.db, adId);
    const range = '?from=2026-11-01&to=2026-11-03';
    const live = (await reportOf(advertiser.client, adId, range)).body;
    const liveDays = await csvOf(advertiser.client, adId, range);
    const liveOptions = await csvOf(advertiser.client, adId, `${range}&table=options`);
    expect(live).toMatchObject(RANGE_FIGURES);
    expect(await listedSpend(advertiser.client, adId)).toBe(240);

    // 2026-11-03 00:20 JST: the days through 2 November are closed and written; the 3rd stays live.
    const first = await rollUpAdFigures({ db: t.database.db, now: new Date('2026-11-02T15:20:00Z') });
    expect(first.days).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect((await reportOf(advertiser.client, adId, range)).body).toEqual(live);
    expect(await listedSpend(advertiser.client, adId)).toBe(240);

    const second = await rollUpAdFigures({ db: t.database.db, now: new Date('2026-11-05T00:00:00Z') });
    expect(second.days).toEqual(['2026-11-03', '2026-11-04']);
    expect((await reportOf(advertiser.client, adId, range)).body).toEqual(live);
    expect(await csvOf(advertiser.client, adId, range)).toEqual(liveDays);
    expect(await csvOf(advertiser.client, adId, `${range}&table=options`)).toEqual(liveOptions);
    expect(await listedSpend(advertiser.client, adId)).toBe(240);
  });
});
