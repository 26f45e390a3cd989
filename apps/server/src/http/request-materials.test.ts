import { type ErrorBody, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { listCapturedMail } from '../services/mail/captured-mailer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { databaseKinds } from '../test/test-database.ts';
import { closedAfterEach } from '../test/use-test-app.ts';

const post = (t: TestApp, payload: unknown, ip = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/material-requests',
    payload: payload as object,
    remoteAddress: ip,
  });

describe.each(databaseKinds())('materials request on %s', (kind) => {
  const closing = closedAfterEach();

  it('records the request by e-mail and mails the materials', async () => {
    const t = closing(await createTestApp(kind));
    expect((await post(t, { email: '  Ads@Example.com ' })).statusCode).toBe(201);
    expect((await post(t, { email: 'ads@example.com' })).statusCode).toBe(201);
    const rows = await t.database.db.query.materialRequests.findMany();
    expect(rows).toEqual([expect.objectContaining({ email: 'ads@example.com', requestCount: 2 })]);
    const mail = await listCapturedMail(t.database.db);
    expect(mail).toHaveLength(2);
    expect(mail[0]).toMatchObject({
      to: 'ads@example.com',
      subject: '【クイズポイント】広告掲載資料のご送付',
    });
  });

  it.each([
    [{}, messages.emailRequired],
    [{ email: '' }, messages.emailRequired],
    [{ email: '   ' }, messages.emailRequired],
    [{ email: 'not-an-address' }, messages.emailInvalid],
    [{ email: 42 }, messages.emailRequired],
    [{ email: ['a@example.com'] }, messages.emailRequired],
    [{ email: 'a@example.com', extra: true }, messages.badRequest],
  ])('refuses %j with a clear message and changes nothing', async (payload, message) => {
    const t = closing(await createTestApp(kind));
    const response = await post(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toBe(message);
    expect(await t.database.db.query.materialRequests.findMany()).toHaveLength(0);
  });

  it('says 資料請求に失敗しました when the mail cannot be sent', async () => {
    const t = closing(
      await createTestApp(kind, {
        mailer: {
          send: () => Promise.reject(new Error('SMTP down')),
        },
      }),
    );
    const response = await post(t, { email: 'ads@example.com' });
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorBody>().error.message).toBe(messages.materialRequestFailed);
  });

  it('limits requests per address in the database, so it holds across instances', async () => {
    const t = closing(await createTestApp(kind));
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(t, { email: 'ads@example.com' }, `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await post(t, { email: 'ads@example.com' });
    expect(limited.json<ErrorBody>().error.message).toBe(messages.tooManyRequests);
  });
});
