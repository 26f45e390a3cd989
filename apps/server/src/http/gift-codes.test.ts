import {
  type AdminSummary,
  type GiftCodeStockRow,
  type GiftRequestView,
  giftCodeMessages,
  type MaskedGiftCode,
  messages,
  type OfferedGiftType,
} from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, devOutbox, giftCodes, giftRequests } from '../db/schema.ts';
import { createGiftCodeCipher } from '../domain/gifts/gift-code-cipher.ts';
import { capturedLog } from '../test/captured-log.ts';
import { requestGift } from '../test/gift-request.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds, postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const codesFor = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

/** Every line the app logs at warn and above. */
const { destination: logDestination, loggedWith } = capturedLog();

describe.each(databaseKinds())('the gift-code inventory on %s', (kind) => {
  const t = useTestApp(kind, { admin: true, env: { LOG_LEVEL: 'warn' }, logDestination });
  const load = (giftType: string, amount: number, csv: string) =>
    t.admin.json<{ loaded: number } & ErrorReply>('POST', '/api/admin/gift-codes', { giftType, amount, csv });
  const stockOf = async (giftType: string, amount: number) => {
    const reply = await t.admin.json<{ stock: GiftCodeStockRow[] }>('GET', '/api/admin/gift-codes/stock');
    return reply.body.stock.find((row) => row.giftType === giftType && row.amount === amount);
  };

  it('loads a CSV encrypted, shows the admin only the last four characters, and audits it', async () => {
    const reply = await load('amazon', 3000, 'code\nAMZN-3000-AAAA\n"AMZN-3000-BBBB"\n\n');
    expect(reply).toMatchObject({ status: 201, body: { loaded: 2 } });
    const rows = await t.database.db.select().from(giftCodes).where(eq(giftCodes.amount, 3000));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.codeCiphertext).not.toContain('AMZN');
      expect(row.fingerprint).not.toContain('AMZN');
    }
    const listed = await t.admin.json<{ codes: MaskedGiftCode[] }>(
      'GET',
      '/api/admin/gift-codes?giftType=amazon&amount=3000',
    );
    expect(listed.body.codes.map((code) => code.masked).sort()).toEqual(['••••AAAA', '••••BBBB']);
    expect(JSON.stringify(listed.body)).not.toContain('AMZN');
    expect(await stockOf('amazon', 3000)).toMatchObject({ available: 2, issued: 0, low: true });
    const [audit] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'load_gift_codes'), eq(adminAudit.targetId, 'amazon/3000')));
    expect(audit?.details).toEqual({ giftType: 'amazon', amount: 3000, count: 2 });
  });

  it('refuses a file with a code already in stock, naming its line, and loads none of it', async () => {
    await load('quo', 1000, 'QUO-DUP-0001');
    const reply = await load('quo', 1000, 'QUO-NEW-0001\nQUO-DUP-0001\nQUO-NEW-0002');
    expect(reply.status).toBe(409);
    expect(reply.body.error.message).toBe(giftCodeMessages.alreadyLoaded([2]));
    expect(await stockOf('quo', 1000)).toMatchObject({ available: 1 });
  });

  it.each([
    [
      'a malformed code',
      { giftType: 'quo', amount: 3000, csv: 'OK-CODE-1\nnot a code' },
      giftCodeMessages.malformed(2),
    ],
    [
      'a code twice in the file',
      { giftType: 'quo', amount: 3000, csv: 'SAME-1\nSAME-1' },
      giftCodeMessages.repeatedInFile(2, 1),
    ],
    ['an empty file', { giftType: 'quo', amount: 3000, csv: 'code\n' }, giftCodeMessages.fileEmpty],
    ['a type not offered', { giftType: 'itunes', amount: 1000, csv: 'CODE-1' }, messages.giftTypeUnavailable],
    ['an amount not offered', { giftType: 'quo', amount: 2000, csv: 'CODE-1' }, messages.giftAmountInvalid],
  ])('refuses %s with a clear message and loads nothing', async (_name, body, message) => {
    const reply = await load(body.giftType, body.amount, body.csv);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(message);
    expect(await t.database.db.select().from(giftCodes).where(eq(giftCodes.amount, 2000))).toEqual([]);
    expect((await stockOf('quo', 3000))?.available).toBe(0);
  });

  it('issues a code in stock at once: in the answer, the history and the mail; then falls back to the admin', async () => {
    await load('amazon', 5000, 'AMZN-5000-ONLY');
    const { client, uid, email } = await t.as.user({ points: 10_000 });
    const types = await client.json<{ giftTypes: OfferedGiftType[] }>('GET', '/api/gift-types');
    expect(types.body.giftTypes.find((type) => type.id === 'amazon')?.instantAmounts).toContain(5000);

    const first = await requestGift<GiftRequestView>(client, 5000);
    expect(first.body).toMatchObject({ status: 'issued', giftCode: 'AMZN-5000-ONLY', deliverBy: null });
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    expect(mail.map((m) => m.text).join('\n')).toContain('ギフトコード：AMZN-5000-ONLY');
    const [code] = await t.database.db
      .select()
      .from(giftCodes)
      .where(eq(giftCodes.giftRequestId, first.body.id));
    expect(code).toMatchObject({ status: 'issued', last4: 'ONLY' });

    const second = await requestGift<GiftRequestView>(client, 5000);
    expect(second.body).toMatchObject({ status: 'pending', giftCode: null });
    expect(second.body.deliverBy).not.toBeNull();
    const history = await client.json<{ requests: GiftRequestView[] }>('GET', '/api/gift-requests');
    expect(history.body.requests.map((request) => request.giftCode)).toEqual([null, 'AMZN-5000-ONLY']);
    const after = await client.json<{ giftTypes: OfferedGiftType[] }>('GET', '/api/gift-types');
    expect(after.body.giftTypes.find((type) => type.id === 'amazon')?.instantAmounts).not.toContain(5000);
    const [pending] = await t.database.db
      .select()
      .from(giftRequests)
      .where(eq(giftRequests.id, second.body.id));
    expect(pending?.userId).toBe(uid);
  });

  it('withdraws an available code once, never an issued one, and never issues a withdrawn one', async () => {
    await load('quo', 5000, 'QUO-5000-KEEP\nQUO-5000-DROP');
    const listed = await t.admin.json<{ codes: MaskedGiftCode[] }>(
      'GET',
      '/api/admin/gift-codes?giftType=quo&amount=5000',
    );
    const drop = listed.body.codes.find((code) => code.masked.endsWith('DROP'))!;
    expect((await t.admin.json('POST', `/api/admin/gift-codes/${drop.id}/withdraw`)).status).toBe(200);
    const again = await t.admin.json<ErrorReply>('POST', `/api/admin/gift-codes/${drop.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(giftCodeMessages.notAvailable);
    const unknown = await t.admin.json<ErrorReply>('POST', '/api/admin/gift-codes/999999999/withdraw');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(giftCodeMessages.notFound);

    const { client } = await t.as.user({ points: 10_000 });
    const exchange = () => requestGift<GiftRequestView>(client, 5000, 'quo');
    expect((await exchange()).body.giftCode).toBe('QUO-5000-KEEP');
    expect((await exchange()).body).toMatchObject({ status: 'pending', giftCode: null });
    const keep = listed.body.codes.find((code) => code.masked.endsWith('KEEP'))!;
    expect((await t.admin.json('POST', `/api/admin/gift-codes/${keep.id}/withdraw`)).status).toBe(409);
    expect(await stockOf('quo', 5000)).toMatchObject({ available: 0, issued: 1, withdrawn: 1, low: true });
    const audits = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'withdraw_gift_code'));
    expect(audits.map((audit) => audit.targetId)).toEqual([String(drop.id)]);
  });

  it('answers a list or an exchange for an amount beyond any integer with 400, not a database error', async () => {
    const list = await t.admin.json<ErrorReply>(
      'GET',
      '/api/admin/gift-codes?giftType=amazon&amount=99999999999',
    );
    expect(list.status).toBe(400);
    const { client } = await t.as.user({ points: 1000 });
    const exchange = await requestGift<ErrorReply>(client, 99_999_999_999);
    expect(exchange.status).toBe(400);
    expect(exchange.body.error.message).toBe(messages.giftAmountInvalid);
  });

  it('warns on the hub of every offered amount with fewer than 10 codes', async () => {
    await load('amazon', 10_000, codesFor('AMZN-10000', 12).join('\n'));
    const summary = await t.admin.json<AdminSummary>('GET', '/api/admin/summary');
    const low = summary.body.lowGiftCodeStock.map((row) => `${row.giftType}/${row.amount}`);
    expect(low).toContain('amazon/1000');
    expect(low).toContain('quo/3000');
    expect(low).not.toContain('amazon/10000');
  });

  it('refuses a code in stock or in the file written another way, and keeps each code as written', async () => {
    expect((await load('quo', 1000, 'QUO-Case-0001')).status).toBe(201);
    for (const variant of ['quo-case-0001', 'QUOCASE0001', 'QuO-cAsE-00-01']) {
      const reply = await load('quo', 1000, `QUO-FRESH-0001\n${variant}`);
      expect(reply.status, variant).toBe(409);
      expect(reply.body.error.message, variant).toBe(giftCodeMessages.alreadyLoaded([2]));
    }
    const inFile = await load('quo', 1000, 'QUO-FILE-0001\nquofile0001');
    expect(inFile.status).toBe(400);
    expect(inFile.body.error.message).toBe(giftCodeMessages.repeatedInFile(2, 1));

    const cipher = createGiftCodeCipher(t.config.giftCodeKey);
    const rows = await t.database.db.select().from(giftCodes).where(eq(giftCodes.amount, 1000));
    const loaded = rows
      .filter((row) => row.giftType === 'quo')
      .map((row) => cipher.decrypt(row.codeCiphertext));
    expect(loaded.sort()).toEqual(['QUO-Case-0001', 'QUO-DUP-0001']);
  });

  it('computes the fingerprints of codes loaded before again, so their variants are refused too', async () => {
    const cipher = createGiftCodeCipher(t.config.giftCodeKey);
    // Rows as an older version left them: fingerprinted as loaded (here, any other value).
    const older = ['Old-Mixed-0001', 'OLDPLAIN0002', 'OLD-TWICE-0003', 'old-twice-0003'];
    const inserted = await t.database.db
      .insert(giftCodes)
      .values(
        older.map((code, i) => ({
          giftType: 'quo',
          amount: 1000,
          codeCiphertext: cipher.encrypt(code),
          fingerprint: `as-loaded-${i}`,
          fingerprintVersion: 1,
          last4: code.slice(-4),
          loadedBy: 'admin',
        })),
      )
      .returning({ id: giftCodes.id });
    const ids = inserted.map((row) => row.id);
    const repeatsLogged = () =>
      loggedWith('gift codes in stock twice, written two ways: withdraw the repeats');
    const before = repeatsLogged().length;

    expect((await load('quo', 1000, 'QUO-AFTER-0001')).status).toBe(201);
    const rows = await t.database.db.select().from(giftCodes);
    const byId = (id: number | undefined) => rows.find((row) => row.id === id);
    expect(ids.map((id) => byId(id)?.fingerprintVersion)).toEqual([2, 2, 2, 2]);
    expect(ids.map((id) => byId(id)?.fingerprint)).toEqual([
      cipher.fingerprint('OLD-MIXED-0001'),
      cipher.fingerprint('OLDPLAIN0002'),
      cipher.fingerprint('OLD-TWICE-0003'),
      // The same code twice: the second keeps its old fingerprint, and is named in the log.
      'as-loaded-3',
    ]);
    expect(repeatsLogged().slice(before)).toMatchObject([{ level: 40, giftCodeIds: [ids[3]] }]);
    expect(ids.map((id) => byId(id) && cipher.decrypt(byId(id)!.codeCiphertext))).toEqual(older);

    for (const variant of ['old-mixed-0001', 'oldplain0002', 'OLDTWICE0003']) {
      const reply = await load('quo', 1000, `QUO-FRESH-0002\n${variant}`);
      expect(reply.status, variant).toBe(409);
      expect(reply.body.error.message, variant).toBe(giftCodeMessages.alreadyLoaded([2]));
    }
  });
});

describe.each(postgresKinds())('the gift-code inventory under concurrency on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('gives each of 60 codes to exactly one of 200 simultaneous exchanges from 20 people', async () => {
    const loaded = codesFor('BURST', 60);
    const upload = await t.admin.json('POST', '/api/admin/gift-codes', {
      giftType: 'amazon',
      amount: 1000,
      csv: loaded.join('\n'),
    });
    expect(upload.status).toBe(201);
    const people = await Promise.all(Array.from({ length: 20 }, () => t.as.user({ points: 10_000 })));
    const replies = await Promise.all(
      people.flatMap((person) =>
        Array.from({ length: 10 }, () => requestGift<GiftRequestView>(person.client, 1000)),
      ),
    );
    expect(replies.every((reply) => reply.status === 201)).toBe(true);
    const issued = replies.filter((reply) => reply.body.status === 'issued');
    expect(issued).toHaveLength(60);
    expect(new Set(issued.map((reply) => reply.body.giftCode))).toEqual(new Set(loaded));
    const codes = await t.database.db.select().from(giftCodes);
    expect(new Set(codes.map((code) => code.giftRequestId)).size).toBe(60);
    expect(codes.every((code) => code.status === 'issued')).toBe(true);
  });

  it('loads a code once when 20 identical uploads arrive at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.admin.json('POST', '/api/admin/gift-codes', { giftType: 'quo', amount: 1000, csv: 'ONCE-ONLY-1' }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(replies.every((reply) => reply.status === 201 || reply.status === 409)).toBe(true);
    expect(await t.database.db.select().from(giftCodes).where(eq(giftCodes.giftType, 'quo'))).toHaveLength(1);
  });
});
