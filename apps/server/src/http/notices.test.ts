import { type AdminNotice, api, japanIsoDate, type MemberNoticeList, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, noticeReads, notices, users } from '../db/schema.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

/** A Japan-time day counted from today (-1 is yesterday). */
const day = (fromToday: number) => japanIsoDate(new Date(Date.now() + fromToday * 86_400_000));
const example = api.notices.postNotice.example.body;

describe.each(databaseKinds())('notices on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  const post = async (fields: Partial<typeof example>) => {
    const response = await t.admin.json<{ id: string }>('POST', '/api/admin/notices', {
      ...example,
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const noticesOf = async (client: TestHttpClient) => {
    const response = await client.json<MemberNoticeList>('GET', '/api/notices');
    expect(response.status).toBe(200);
    return response.body;
  };
  const read = (client: TestHttpClient, noticeId: string) =>
    client.json<ErrorReply>('POST', `/api/notices/${noticeId}/read`);
  const auditOf = (noticeId: string) =>
    t.database.db
      .select({ action: adminAudit.action, actedBy: adminAudit.actedBy, details: adminAudit.details })
      .from(adminAudit)
      .where(eq(adminAudit.targetId, noticeId))
      .orderBy(adminAudit.id);
  const adminId = async () =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, t.config.adminEmail)))[0]
      ?.id;

  it('posts a notice, audited in the same breath, and lists every notice to the admin newest first', async () => {
    const first = await post({ title: '先に掲載', startsOn: day(5), endsOn: day(9) });
    const second = await post({ title: '後から掲載', startsOn: day(0), endsOn: day(0) });
    const list = await t.admin.json<{ notices: AdminNotice[] }>('GET', '/api/admin/notices');
    const ids = list.body.notices.map((notice) => notice.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(list.body.notices.find((notice) => notice.id === first)).toMatchObject({
      title: '先に掲載',
      body: example.body,
      startsOn: day(5),
      endsOn: day(9),
      reads: 0,
    });
    expect(await auditOf(first)).toEqual([
      {
        action: 'post_notice',
        actedBy: await adminId(),
        details: { title: '先に掲載', startsOn: day(5), endsOn: day(9) },
      },
    ]);
  });

  it('shows members the notices of today and the ended ones, never one not yet started', async () => {
    const running = await post({ title: '掲載中', startsOn: day(-3), endsOn: day(3) });
    const startsToday = await post({ title: '今日から', startsOn: day(0), endsOn: day(7) });
    const endsToday = await post({ title: '今日まで', startsOn: day(-7), endsOn: day(0) });
    const ended = await post({ title: '終了', startsOn: day(-10), endsOn: day(-1) });
    const upcoming = await post({ title: '明日から', startsOn: day(1), endsOn: day(2) });
    const { client } = await t.as.user();
    const { current, past } = await noticesOf(client);
    const currentIds = current.map((notice) => notice.id);
    expect(currentIds).toEqual(expect.arrayContaining([running, startsToday, endsToday]));
    expect(currentIds).not.toContain(ended);
    expect(past.map((notice) => notice.id)).toContain(ended);
    expect(past.map((notice) => notice.id)).not.toContain(running);
    expect([...current, ...past].map((notice) => notice.id)).not.toContain(upcoming);
    expect(current.find((notice) => notice.id === running)).toEqual({
      id: running,
      title: '掲載中',
      body: example.body,
      startsOn: day(-3),
      endsOn: day(3),
      read: false,
    });
    // Newest window first: today's own notice before the one running since three days ago.
    expect(currentIds.indexOf(startsToday)).toBeLessThan(currentIds.indexOf(running));
  });

  it('keeps read state per person: marking is once, a second mark changes nothing', async () => {
    const notice = await post({ title: '既読テスト', startsOn: day(0), endsOn: day(1) });
    const reader = await t.as.user();
    const other = await t.as.user();
    expect((await read(reader.client, notice)).status).toBe(200);
    const [first] = await t.database.db.select().from(noticeReads).where(eq(noticeReads.noticeId, notice));
    expect((await read(reader.client, notice)).status).toBe(200);
    expect(await t.database.db.select().from(noticeReads).where(eq(noticeReads.noticeId, notice))).toEqual([
      first,
    ]);
    const readFlag = async (client: TestHttpClient) =>
      (await noticesOf(client)).current.find((item) => item.id === notice)?.read;
    expect(await readFlag(reader.client)).toBe(true);
    expect(await readFlag(other.client)).toBe(false);
    const list = await t.admin.json<{ notices: AdminNotice[] }>('GET', '/api/admin/notices');
    expect(list.body.notices.find((item) => item.id === notice)?.reads).toBe(1);
  });

  it('counts each reader once when many marks arrive at once, and the count equals the rows', async () => {
    const notice = await post({ title: '同時既読', startsOn: day(0), endsOn: day(1) });
    const readers = await Promise.all(Array.from({ length: 4 }, () => t.as.user()));
    const marks = readers.flatMap(({ client }) => Array.from({ length: 6 }, () => read(client, notice)));
    expect((await Promise.all(marks)).map((response) => response.status)).toEqual(marks.map(() => 200));
    const rows = await t.database.db.select().from(noticeReads).where(eq(noticeReads.noticeId, notice));
    expect(rows).toHaveLength(4);
    const list = await t.admin.json<{ notices: AdminNotice[] }>('GET', '/api/admin/notices');
    expect(list.body.notices.find((item) => item.id === notice)?.reads).toBe(4);
  });

  it('keeps the count equal to the rows when one statement adds or removes many reads', async () => {
    const [first, second] = [
      await post({ title: 'まとめて既読1', startsOn: day(0), endsOn: day(1) }),
      await post({ title: 'まとめて既読2', startsOn: day(0), endsOn: day(1) }),
    ];
    const readers = await Promise.all(Array.from({ length: 5 }, () => t.as.user()));
    const db = t.database.db;
    await db
      .insert(noticeReads)
      .values([
        ...readers.map(({ uid }) => ({ userId: uid, noticeId: first! })),
        ...readers.slice(0, 2).map(({ uid }) => ({ userId: uid, noticeId: second! })),
      ]);
    const readsOf = async (id: string) => {
      const list = await t.admin.json<{ notices: AdminNotice[] }>('GET', '/api/admin/notices');
      return list.body.notices.find((item) => item.id === id)?.reads;
    };
    expect([await readsOf(first!), await readsOf(second!)]).toEqual([5, 2]);
    await db.delete(noticeReads).where(eq(noticeReads.userId, readers[0]!.uid));
    expect([await readsOf(first!), await readsOf(second!)]).toEqual([4, 1]);
  });

  it('lets a member mark an ended notice read, but not one not yet shown nor one that does not exist', async () => {
    const ended = await post({ startsOn: day(-5), endsOn: day(-2) });
    const upcoming = await post({ startsOn: day(2), endsOn: day(4) });
    const { client } = await t.as.user();
    expect((await read(client, ended)).status).toBe(200);
    for (const id of [upcoming, '00000000-0000-4000-8000-000000000000']) {
      const refused = await read(client, id);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe(messages.noticeNotFound);
    }
    expect(await t.database.db.select().from(noticeReads).where(eq(noticeReads.noticeId, upcoming))).toEqual(
      [],
    );
  });

  it('edits a notice: its text and window change, who read it stays read, the edit is audited', async () => {
    const notice = await post({ title: '修正前', startsOn: day(0), endsOn: day(0) });
    const { client } = await t.as.user();
    await read(client, notice);
    const edited = {
      ...example,
      title: '修正後',
      body: '本文を直しました。',
      startsOn: day(-1),
      endsOn: day(6),
    };
    const response = await t.admin.json('PUT', `/api/admin/notices/${notice}`, edited);
    expect(response).toEqual({ status: 200, body: { id: notice } });
    const shown = (await noticesOf(client)).current.find((item) => item.id === notice);
    expect(shown).toMatchObject({ title: '修正後', body: '本文を直しました。', endsOn: day(6), read: true });
    expect((await auditOf(notice)).map(({ action, details }) => ({ action, details }))).toEqual([
      { action: 'post_notice', details: { title: '修正前', startsOn: day(0), endsOn: day(0) } },
      {
        action: 'update_notice',
        details: {
          before: { title: '修正前', startsOn: day(0), endsOn: day(0) },
          after: { title: '修正後', startsOn: day(-1), endsOn: day(6) },
        },
      },
    ]);

    // Moved to start tomorrow, it leaves the members' lists until then.
    await t.admin.json('PUT', `/api/admin/notices/${notice}`, {
      ...edited,
      startsOn: day(1),
      endsOn: day(2),
    });
    const { current, past } = await noticesOf(client);
    expect([...current, ...past].map((item) => item.id)).not.toContain(notice);
  });

  it('answers an edit of a notice that does not exist with 404', async () => {
    const response = await t.admin.json<ErrorReply>(
      'PUT',
      '/api/admin/notices/00000000-0000-4000-8000-000000000000',
      example,
    );
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(messages.noticeNotFound);
  });

  it.each([
    ['an empty title', { title: '  ' }, messages.noticeTitleRequired],
    ['a title of 101 characters', { title: 'あ'.repeat(101) }, messages.noticeTitleTooLong],
    ['an empty body', { body: '' }, messages.noticeBodyRequired],
    ['a body of 2,001 characters', { body: 'あ'.repeat(2001) }, messages.noticeBodyTooLong],
    ['no start date', { startsOn: '' }, messages.noticeStartsOnInvalid],
    ['a start date no calendar has', { startsOn: '2031-02-30' }, messages.noticeStartsOnInvalid],
    [
      'a start in the year 0, which the database has not',
      { startsOn: '0000-01-01' },
      messages.noticeStartsOnInvalid,
    ],
    ['an end date written the other way', { endsOn: '2031/01/10' }, messages.noticeEndsOnInvalid],
    [
      'an end before the start',
      { startsOn: '2031-01-10', endsOn: '2031-01-09' },
      messages.noticeWindowInvalid,
    ],
  ])(
    'refuses %s with its own message, posting or editing, and writes nothing',
    async (_, fields, message) => {
      const notice = await post({ title: '既存' });
      const before = await t.database.db.select().from(notices);
      const posted = await t.admin.json<ErrorReply>('POST', '/api/admin/notices', { ...example, ...fields });
      const edited = await t.admin.json<ErrorReply>('PUT', `/api/admin/notices/${notice}`, {
        ...example,
        ...fields,
      });
      for (const response of [posted, edited]) {
        expect(response.status).toBe(400);
        expect(response.body.error.message).toBe(message);
      }
      expect(await t.database.db.select().from(notices)).toEqual(before);
    },
  );

  it('takes a title of 100 and a body of 2,000 characters, and a one-day window', async () => {
    const id = await post({
      title: 'あ'.repeat(100),
      body: 'い'.repeat(2000),
      startsOn: day(0),
      endsOn: day(0),
    });
    const [stored] = await t.database.db.select().from(notices).where(eq(notices.id, id));
    expect(stored).toMatchObject({ title: 'あ'.repeat(100), body: 'い'.repeat(2000) });
  });

  it('refuses a member who posts or edits, writing nothing', async () => {
    const notice = await post({ title: '運営のみ' });
    const { client } = await t.as.user();
    const before = await t.database.db.select().from(notices);
    const posted = await client.json<ErrorReply>('POST', '/api/admin/notices', example);
    const edited = await client.json<ErrorReply>('PUT', `/api/admin/notices/${notice}`, example);
    expect([posted.status, edited.status]).toEqual([403, 403]);
    expect((await client.json('GET', '/api/admin/notices')).status).toBe(403);
    expect(await t.database.db.select().from(notices)).toEqual(before);
  });
});
