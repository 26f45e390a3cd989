import { type AdminDailyQuiz, api, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { dailyQuizzes } from '../db/schema.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const valid = { ...api.admin.createDailyQuiz.example.body, publishDate: '2030-01-02' };

describe.each(databaseKinds())('daily quiz creation on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('creates a quiz for a date once and lists it with its answer count', async () => {
    expect((await t.admin.json('POST', '/api/admin/daily-quizzes', valid)).status).toBe(201);
    const again = await t.admin.json<ErrorReply>('POST', '/api/admin/daily-quizzes', valid);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.dailyQuizDateTaken);
    const list = await t.admin.json<{ quizzes: AdminDailyQuiz[] }>('GET', '/api/admin/daily-quizzes');
    expect(list.body.quizzes[0]).toMatchObject({ publishDate: '20300102', answers: 0, correctRate: null });
  });

  it.each([
    [{ ...valid, quizQuestion: '' }],
    [{ ...valid, quizQuestion: 'あ'.repeat(151) }],
    [{ ...valid, quizOptions: ['ひとつ'] }],
    [{ ...valid, quizOptions: ['1', '2', '3', '4', '5', '6'] }],
    [{ ...valid, quizOptions: ['a', ' '] }],
    [{ ...valid, correctOptionIndex: 4 }],
    [{ ...valid, correctOptionIndex: 0 }],
    [{ ...valid, publishDate: '' }],
    [{ ...valid, explanation: 'あ'.repeat(301) }],
  ])('refuses %j with the spec message', async (body) => {
    const response = await t.admin.json<ErrorReply>('POST', '/api/admin/daily-quizzes', {
      ...body,
      publishDate: body.publishDate && '2031-03-03',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.allFieldsRequired);
  });

  it.each(['2031-02-30', '2031-13-01', '1999-12-31'])(
    'refuses the day %s (no calendar has it, or before this century) and stores nothing',
    async (publishDate) => {
      const response = await t.admin.json<ErrorReply>('POST', '/api/admin/daily-quizzes', {
        ...valid,
        publishDate,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(messages.allFieldsRequired);
      const list = await t.admin.json<{ quizzes: { publishDate: string }[] }>(
        'GET',
        '/api/admin/daily-quizzes',
      );
      expect(list.body.quizzes.map((quiz) => quiz.publishDate)).not.toContain(
        publishDate.replaceAll('-', ''),
      );
    },
  );

  it('refuses users', async () => {
    const { client } = await t.as.user();
    const response = await client.json<ErrorReply>('POST', '/api/admin/daily-quizzes', {
      ...valid,
      publishDate: '2032-01-01',
    });
    expect(response.status).toBe(403);
    expect(await t.database.db.select().from(dailyQuizzes)).toHaveLength(1);
  });

  it('creates one quiz when two are submitted for the same date at once', async () => {
    const body = { ...valid, publishDate: '2033-05-05' };
    const responses = await Promise.all([
      t.admin.json('POST', '/api/admin/daily-quizzes', body),
      t.admin.json('POST', '/api/admin/daily-quizzes', { ...body, quizQuestion: '別の問題' }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
