import { type AdminDailyQuiz, api, japanIsoDate, messages } from '@quiz-points/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, dailyQuizzes } from '../db/schema.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds, postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const quiz = (publishDate: string) => ({ ...api.admin.createDailyQuiz.example.body, publishDate });

describe.each(databaseKinds())('daily quiz editing on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  const stored = async (publishDate: string) =>
    (await t.database.db.select().from(dailyQuizzes).where(eq(dailyQuizzes.publishDate, publishDate)))[0];

  it('edits a quiz nobody has answered, moving it to a free date', async () => {
    await t.admin.json('POST', '/api/admin/daily-quizzes', quiz('2030-04-01'));
    const edited = {
      ...quiz('2030-04-02'),
      quizQuestion: '日本一長い川は？',
      correctOptionIndex: 3,
      explanation: '正解は信濃川……ではなく、この問題では石狩川です。',
    };
    const response = await t.admin.json('PUT', '/api/admin/daily-quizzes/20300401', edited);
    expect(response.status).toBe(200);
    expect(await stored('20300401')).toBeUndefined();
    expect(await stored('20300402')).toMatchObject({
      quizQuestion: edited.quizQuestion,
      quizOptions: edited.quizOptions,
      correctOptionIndex: 3,
      explanation: edited.explanation,
    });
    const list = await t.admin.json<{ quizzes: AdminDailyQuiz[] }>('GET', '/api/admin/daily-quizzes');
    expect(list.body.quizzes.map((q) => q.publishDate)).toContain('20300402');
    const audited = await t.database.db
      .select({ action: adminAudit.action, targetId: adminAudit.targetId, details: adminAudit.details })
      .from(adminAudit)
      .where(inArray(adminAudit.targetId, ['20300401', '20300402']))
      .orderBy(adminAudit.id);
    expect(audited).toEqual([
      { action: 'create_daily_quiz', targetId: '20300401', details: null },
      { action: 'update_daily_quiz', targetId: '20300402', details: { movedFrom: '20300401' } },
    ]);
  });

  it('refuses bad input, a taken date and an unknown quiz, changing nothing', async () => {
    await t.admin.json('POST', '/api/admin/daily-quizzes', quiz('2030-05-01'));
    await t.admin.json('POST', '/api/admin/daily-quizzes', quiz('2030-05-02'));
    const before = await stored('20300501');
    const bad = await t.admin.json<ErrorReply>('PUT', '/api/admin/daily-quizzes/20300501', {
      ...quiz('2030-05-01'),
      quizOptions: ['ひとつだけ'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(messages.allFieldsRequired);
    const taken = await t.admin.json<ErrorReply>(
      'PUT',
      '/api/admin/daily-quizzes/20300501',
      quiz('2030-05-02'),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(messages.dailyQuizDateTaken);
    expect(await stored('20300501')).toEqual(before);
    const unknown = await t.admin.json<ErrorReply>(
      'PUT',
      '/api/admin/daily-quizzes/20991231',
      quiz('2099-12-31'),
    );
    expect(unknown.status).toBe(404);
  });

  it('refuses to edit a quiz once someone has answered it', async () => {
    const today = japanIsoDate(new Date());
    await t.admin.json('POST', '/api/admin/daily-quizzes', quiz(today));
    const user = await t.as.user();
    expect((await user.client.json('POST', '/api/daily-quiz/answer', { option: 1 })).status).toBe(200);
    const key = today.replaceAll('-', '');
    const before = await stored(key);
    const response = await t.admin.json<ErrorReply>('PUT', `/api/admin/daily-quizzes/${key}`, {
      ...quiz(today),
      correctOptionIndex: 2,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(messages.dailyQuizLocked);
    expect(await stored(key)).toEqual(before);
  });
});

describe.each(postgresKinds())('daily quiz editing racing an answer on %s', (kind) => {
  const t = useTestApp(kind);

  it('either refuses the edit or grades the answer against the edited quiz, never a mix', async () => {
    const admin = await t.as.admin();
    const today = japanIsoDate(new Date());
    const key = today.replaceAll('-', '');
    await admin.json('POST', '/api/admin/daily-quizzes', quiz(today));
    const users = await Promise.all(Array.from({ length: 5 }, () => t.as.user()));
    const [edit, ...answers] = await Promise.all([
      admin.json('PUT', `/api/admin/daily-quizzes/${key}`, { ...quiz(today), correctOptionIndex: 2 }),
      ...users.map((user) =>
        user.client.json<{ isCorrect: boolean }>('POST', '/api/daily-quiz/answer', { option: 2 }),
      ),
    ]);
    const [row] = await t.database.db.select().from(dailyQuizzes).where(eq(dailyQuizzes.publishDate, key));
    if (edit!.status === 200) {
      expect(row?.correctOptionIndex).toBe(2);
      // Every answer came after the edit, so all were graded against it.
      for (const answer of answers) expect(answer.body.isCorrect).toBe(true);
    } else {
      expect(edit!.status).toBe(409);
      expect(row?.correctOptionIndex).toBe(1);
      for (const answer of answers) expect(answer.body.isCorrect).toBe(false);
    }
  });
});
