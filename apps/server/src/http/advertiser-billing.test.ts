import { randomUUID } from 'node:crypto';
import {
  type AdvertiserCompany,
  type BillingOverview,
  invoiceMessages,
  japanClock,
  japanMonthStart,
  periodLabel,
} from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../scripts/test-support.mjs';
import type { Database } from '../db/client.ts';
import { invoiceDocuments, invoices, users } from '../db/schema.ts';
import { createMonthlyInvoices } from '../domain/billing/create-monthly-invoices.ts';
import { deliver } from '../test/billing-fixtures.ts';
import { advertiserSession, createAd, latestMailedLink } from '../test/factories.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const ISSUER = { name: '株式会社テスト運営', registrationNumber: 'T1234567890123' };

/** The first instant of this Japan-time month, and one in the month before. */
function months(now = new Date()) {
  const { year, month } = japanClock(now);
  const start = japanMonthStart(Number(year), Number(month));
  const lastMonth = new Date(start.getTime() - 5 * 24 * 3600 * 1000);
  const { year: y, month: m } = japanClock(lastMonth);
  return { start, lastMonth, thisPeriod: `${year}${month}`, lastPeriod: `${y}${m}` };
}

/** A new ad delivered once last month (at 100 yen), and the invoice the monthly run wrote for it. */
async function lastMonthsInvoice(db: Database, ad: Parameters<typeof createAd>[1], issuer = ISSUER) {
  const created = await createAd(db, { unitPrice: 100, ...ad });
  await deliver(db, created, months().lastMonth);
  await createMonthlyInvoices({ db, now: new Date(), issuer });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.adId, created.id));
  return invoice!;
}

/** The text of one of the advertiser's invoice PDFs, downloaded as the browser does. */
async function invoicePdfText(client: TestHttpClient, invoiceId: string) {
  const response = await client.raw(`/api/advertiser/invoices/${invoiceId}/pdf`);
  expect(response.status).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

/** Every line is in the text (a missing one is named). */
function expectLinesIn(text: string, lines: readonly string[]) {
  for (const line of lines) expect(text, line).toContain(line);
}

describe('spend and qualified invoices', () => {
  const t = useTestApp();

  it('keeps the company name and address given at sign-up, and lets the advertiser change them', async () => {
    const client = new TestHttpClient(t.url);
    const email = `company-${randomUUID()}@example.com`;
    const signUp = await client.json('POST', '/api/advertiser/sign-up', {
      displayName: '表示名の広告社',
      email,
      password: 'long-enough-1',
      agreeToTerms: true,
      companyName: '  株式会社サインアップ  ',
      companyAddress: '東京都千代田区1-1',
    });
    expect(signUp.status).toBe(201);
    await client.follow(await latestMailedLink(t, email));
    const got = await client.json<{ company: AdvertiserCompany }>('GET', '/api/advertiser/company');
    expect(got.status).toBe(200);
    expect(got.body.company).toEqual({
      displayName: '表示名の広告社',
      companyName: '株式会社サインアップ',
      companyAddress: '東京都千代田区1-1',
    });

    const cleared = await client.json<{ company: AdvertiserCompany }>('PUT', '/api/advertiser/company', {
      companyName: '株式会社あたらしい',
      companyAddress: ' ',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.company).toMatchObject({ companyName: '株式会社あたらしい', companyAddress: null });

    const tooLong = await client.json<ErrorReply>('PUT', '/api/advertiser/company', {
      companyName: 'あ'.repeat(101),
      companyAddress: '',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(invoiceMessages.companyNameTooLong);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.companyName).toBe('株式会社あたらしい');
  });

  it('keeps the addressee on one line: a line break is refused when given, and printed as a space if kept', async () => {
    const db = t.database.db;
    const advertiser = await advertiserSession(t);
    const put = (companyName: string, companyAddress: string) =>
      advertiser.client.json<ErrorReply & { company: AdvertiserCompany }>('PUT', '/api/advertiser/company', {
        companyName,
        companyAddress,
      });
    const refused: [string, string, string][] = [
      ['株式会社正規\n株式会社偽', '', invoiceMessages.companyNameNotOneLine],
      ['株式会社正規\r株式会社偽', '', invoiceMessages.companyNameNotOneLine],
      ['株式会社\t正規', '', invoiceMessages.companyNameNotOneLine],
      ['株式会社\u2028正規', '', invoiceMessages.companyNameNotOneLine],
      ['株式会社正規', '東京都\r\n千代田区', invoiceMessages.companyAddressNotOneLine],
      ['株式会社正規', '東京都\u0085千代田区', invoiceMessages.companyAddressNotOneLine],
    ];
    for (const [companyName, companyAddress, message] of refused) {
      const reply = await put(companyName, companyAddress);
      expect(reply.status, JSON.stringify(companyName + companyAddress)).toBe(400);
      expect(reply.body.error.message, JSON.stringify(companyName + companyAddress)).toBe(message);
    }
    const signUp = await new TestHttpClient(t.url).json<ErrorReply>('POST', '/api/advertiser/sign-up', {
      displayName: '表示名の広告社',
      email: `one-line-${randomUUID()}@example.com`,
      password: 'long-enough-1',
      agreeToTerms: true,
      companyName: '株式会社正規\n株式会社偽',
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.error.message).toBe(invoiceMessages.companyNameNotOneLine);
    // A line break at either end goes with the spaces there.
    const trimmed = await put('\n株式会社正規\r\n', '東京都千代田区1-1\n');
    expect(trimmed.body.company).toMatchObject({
      companyName: '株式会社正規',
      companyAddress: '東京都千代田区1-1',
    });

    // A name kept with line breaks (from before, or written by hand) is printed on its one line.
    await db
      .update(users)
      .set({ companyName: '株式会社改行\n偽の一行', companyAddress: '大阪府\r\n大阪市北区' })
      .where(eq(users.id, advertiser.uid));
    const invoice = await lastMonthsInvoice(
      db,
      { advertiserId: advertiser.uid, adTitle: '二行の\n広告' },
      { ...ISSUER, name: '株式会社\nテスト運営' },
    );
    expectLinesIn(await invoicePdfText(advertiser.client, invoice.id), [
      '株式会社改行 偽の一行 御中',
      '大阪府 大阪市北区',
      '広告配信料「二行の 広告」',
      '株式会社 テスト運営',
    ]);
  });

  it("shows this month's spend per ad and for the account, tax rounded per ad as its invoice will be", async () => {
    const db = t.database.db;
    const advertiser = await advertiserSession(t);
    const other = await advertiserSession(t);
    const a = await createAd(db, { advertiserId: advertiser.uid, adTitle: 'A広告', unitPrice: 105 });
    const b = await createAd(db, { advertiserId: advertiser.uid, adTitle: 'B広告', unitPrice: 15 });
    const others = await createAd(db, { advertiserId: other.uid, adTitle: '他社広告', unitPrice: 500 });
    const { start, lastMonth, thisPeriod } = months();
    await deliver(db, a, new Date(), 3);
    await deliver(db, a, start); // 00:00 Japan time on the 1st is this month
    await deliver(db, a, new Date(start.getTime() - 1)); // 23:59:59.999 the day before is not
    await deliver(db, b, new Date());
    await deliver(db, others, new Date(), 2);
    await deliver(db, b, lastMonth, 4);

    const response = await advertiser.client.json<BillingOverview>('GET', '/api/advertiser/billing');
    expect(response.status).toBe(200);
    expect(response.body.spend).toEqual({
      period: thisPeriod,
      ads: [
        { adId: a.id, adTitle: 'A広告', deliveries: 4, unitPrice: 105, subtotal: 420, tax: 42, total: 462 },
        // 1.5 yen of tax rounds up to 2 on B's own invoice.
        { adId: b.id, adTitle: 'B広告', deliveries: 1, unitPrice: 15, subtotal: 15, tax: 2, total: 17 },
      ],
      deliveries: 5,
      subtotal: 435,
      tax: 44,
      total: 479,
    });
    expect(response.body.invoices).toEqual([]);
  });

  it('lists the invoices of a billed month and serves each as a qualified-invoice PDF', async () => {
    const db = t.database.db;
    const advertiser = await advertiserSession(t);
    await db
      .update(users)
      .set({ companyName: '株式会社請求先', companyAddress: '大阪府大阪市北区1-2-3' })
      .where(eq(users.id, advertiser.uid));
    const ad = await createAd(db, {
      advertiserId: advertiser.uid,
      adTitle: '秋のキャンペーン',
      unitPrice: 105,
    });
    const { lastMonth, lastPeriod } = months();
    await deliver(db, ad, lastMonth, 2);
    await deliver(db, ad, new Date());
    await createMonthlyInvoices({ db, now: new Date(), issuer: ISSUER });

    // What the invoice says was fixed when it was written: a later profile change leaves it as it is.
    const changed = await advertiser.client.json('PUT', '/api/advertiser/company', {
      companyName: '株式会社あとから',
      companyAddress: '',
    });
    expect(changed.status).toBe(200);

    const overview = await advertiser.client.json<BillingOverview>('GET', '/api/advertiser/billing');
    expect(overview.status).toBe(200);
    expect(overview.body.invoices).toMatchObject([
      {
        period: lastPeriod,
        adTitle: '秋のキャンペーン',
        deliveries: 2,
        unitPrice: 105,
        subtotal: 210,
        carriedIn: 0,
        tax: 21,
        total: 231,
        status: 'charging',
        chargedAt: null,
      },
    ]);
    expect(overview.body.spend).toMatchObject({ deliveries: 1, subtotal: 105, tax: 11, total: 116 });

    const invoice = overview.body.invoices[0]!;
    const response = await advertiser.client.raw(`/api/advertiser/invoices/${invoice.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-\d{6}-/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    const { year, month, day } = japanClock(new Date(invoice.issuedAt));
    expectLinesIn(text, [
      '請求書（適格請求書）',
      // The issuer's name and registration number.
      '株式会社テスト運営',
      '登録番号：T1234567890123',
      // The addressee as it was when the invoice was written.
      '株式会社請求先 御中',
      '大阪府大阪市北区1-2-3',
      // The dates: issued, and the month of the deliveries.
      `発行日：${year}年${Number(month)}月${Number(day)}日`,
      `${periodLabel(lastPeriod)}分`,
      // What was sold, and the amounts per tax rate with the tax shown.
      '広告配信料「秋のキャンペーン」',
      '2件',
      '10%対象 合計（税抜）',
      '210円',
      '消費税（10%）',
      '21円',
      '合計（税込）',
      '231円',
    ]);
    expect(text).not.toContain('株式会社あとから');
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({
      issuerName: ISSUER.name,
      issuerRegistrationNumber: ISSUER.registrationNumber,
      recipientName: '株式会社請求先',
      recipientAddress: '大阪府大阪市北区1-2-3',
    });

    // Another advertiser's invoice is answered as if it did not exist.
    const other = await advertiserSession(t);
    const refused = await other.client.raw(`/api/advertiser/invoices/${invoice.id}/pdf`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect((await other.client.raw(`/api/advertiser/invoices/${randomUUID()}/pdf`)).status).toBe(404);
  });

  it("prints an invoice written before migration 0009 with today's issuer and addressee, and a carried-in amount", async () => {
    const db = t.database.db;
    const advertiser = await advertiserSession(t);
    await db.update(users).set({ companyName: '株式会社いまの宛名' }).where(eq(users.id, advertiser.uid));
    const ad = await createAd(db, { advertiserId: advertiser.uid, adTitle: '古い請求', unitPrice: 40 });
    const [old] = await db
      .insert(invoices)
      .values({
        adId: ad.id,
        advertiserId: advertiser.uid,
        period: '202501',
        deliveries: 1,
        unitPrice: 40,
        subtotal: 40,
        carriedIn: 30,
        tax: 7,
        total: 77,
        status: 'charged',
      })
      .returning();
    expectLinesIn(await invoicePdfText(advertiser.client, old!.id), [
      t.config.invoiceIssuerName,
      `登録番号：${t.config.invoiceRegistrationNumber}`,
      '株式会社いまの宛名 御中',
      '2025年1月1日〜2025年1月31日',
      '前月からの繰越（税抜）',
      '30円',
      // 40 + 30 carried in = 70 yen at 10 %, 7 yen of tax, 77 yen in all.
      '70円',
      '7円',
      '77円',
    ]);
  });

  it('addresses an invoice to the display name when no company name was given', async () => {
    const advertiser = await advertiserSession(t);
    const invoice = await lastMonthsInvoice(t.database.db, { advertiserId: advertiser.uid });
    expect(invoice).toMatchObject({ recipientName: 'テスト広告社', recipientAddress: null });
  });
});

describe.each(databaseKinds())('stored invoice PDFs on %s', (kind) => {
  const t = useTestApp(kind);

  /** The invoice's stored PDF rows (one at most), as the table holds them. */
  const storedFor = (invoiceId: string) =>
    t.database.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoiceId));
  const download = async (client: TestHttpClient, invoiceId: string) => {
    const response = await client.raw(`/api/advertiser/invoices/${invoiceId}/pdf`);
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };

  it('stores the PDF at the first downloads (one row for many at once), sends it as stored, and makes it again once the invoice changes', async () => {
    const db = t.database.db;
    const advertiser = await advertiserSession(t);
    const invoice = await lastMonthsInvoice(db, { advertiserId: advertiser.uid, adTitle: '保存される請求' });
    expect(await storedFor(invoice.id)).toEqual([]);

    const first = await Promise.all(Array.from({ length: 8 }, () => download(advertiser.client, invoice.id)));
    for (const bytes of first) expect(await pdfText(bytes)).toContain('広告配信料「保存される請求」');
    const [stored, ...more] = await storedFor(invoice.id);
    expect(more).toEqual([]);

    // Sent as stored, byte for byte: marked in the table, the download carries the mark.
    const marked = Buffer.concat([Buffer.from(stored!.pdf), Buffer.from('%stored\n')]);
    await db.update(invoiceDocuments).set({ pdf: marked }).where(eq(invoiceDocuments.invoiceId, invoice.id));
    const again = await download(advertiser.client, invoice.id);
    expect(Buffer.from(again).equals(marked)).toBe(true);
    expect((await storedFor(invoice.id))[0]!.createdAt).toEqual(stored!.createdAt);

    // Charged since: the PDF says so, and replaces the stored one.
    await db
      .update(invoices)
      .set({ status: 'charged', chargedAt: new Date() })
      .where(eq(invoices.id, invoice.id));
    const charged = await download(advertiser.client, invoice.id);
    expect(await pdfText(charged)).toContain('ご登録のクレジットカードで決済済みです。');
    const [replaced, ...others] = await storedFor(invoice.id);
    expect(others).toEqual([]);
    expect(replaced!.madeFrom).not.toBe(stored!.madeFrom);
    expect(Buffer.from(replaced!.pdf).equals(Buffer.from(charged))).toBe(true);

    // Another advertiser still gets 404, stored or not.
    const other = await advertiserSession(t);
    expect((await other.client.raw(`/api/advertiser/invoices/${invoice.id}/pdf`)).status).toBe(404);
  });
});
