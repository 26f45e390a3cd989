import { messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devSmsOutbox, phoneVerifications, users } from '../db/schema.ts';
import { type ErrorReply, signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

const adult = { birthYear: 1992, birthMonth: 3, birthDay: 3, agreeToTerms: true };
describe('phone verification refusals', () => {
  const t = useTestApp();

  async function signedUpClient(email: string) {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, email);
    await client.json('POST', '/api/signup', adult);
    return client;
  }

  it.each([
    ['0900000', messages.phoneNumberNotMobile],
    ['03-1234-5678', messages.phoneNumberNotMobile],
    ['abcdefghijk', messages.phoneNumberNotMobile],
    ['090-1234-567890', messages.phoneNumberNotMobile],
    ['', messages.phoneNumberNotMobile],
    [12345678901, messages.smsSendFailed],
  ])('refuses the number %j, saying %s, and sends nothing', async (phoneNumber, message) => {
    const client = await signedUpClient(`malformed-${String(phoneNumber)}@example.com`);
    const response = await client.json<ErrorReply>('POST', '/api/phone/send-code', { phoneNumber });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(await t.database.db.select().from(devSmsOutbox)).toHaveLength(0);
  });

  it('takes the +81 form of a mobile number', async () => {
    const client = await signedUpClient('plus81@example.com');
    const response = await client.json('POST', '/api/phone/send-code', { phoneNumber: '+81 80-1111-2222' });
    expect(response.status).toBe(200);
    expect(
      await t.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, '+818011112222')),
    ).toHaveLength(1);
  });

  it('stores only hashes and normalises the number to +81 without the leading 0', async () => {
    const client = await signedUpClient('hash@example.com');
    expect((await client.json('POST', '/api/phone/send-code', { phoneNumber: '090 2222 3333' })).status).toBe(
      200,
    );
    const [sms] = await t.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, '+819022223333'));
    expect(sms?.text).toMatch(/[0-9]{6}/);
    const [row] = await t.database.db.select().from(phoneVerifications);
    expect(row?.phoneHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('9022223333');
  });

  it('refuses wrong codes, locks after five wrong tries, and refuses expired codes', async () => {
    const client = await signedUpClient('wrong@example.com');
    await client.json('POST', '/api/phone/send-code', { phoneNumber: '09044445555' });
    const [sms] = await t.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, '+819044445555'));
    const code = /([0-9]{6})/.exec(sms!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';

    for (let i = 0; i < 5; i++) {
      const response = await client.json<ErrorReply>('POST', '/api/phone/verify', { code: wrong });
      expect(response.body.error.message).toBe(messages.smsVerifyFailed);
    }
    const locked = await client.json<ErrorReply>('POST', '/api/phone/verify', { code });
    expect(locked.body.error.message).toBe(messages.smsTooManyAttempts);

    await client.json('POST', '/api/phone/send-code', { phoneNumber: '09044445555' });
    await t.database.db.update(phoneVerifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const [fresh] = await t.database.db
      .select()
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.to, '+819044445555'));
    const expired = await client.json<ErrorReply>('POST', '/api/phone/verify', {
      code: /([0-9]{6})/.exec(fresh!.text)![1],
    });
    expect(expired.body.error.message).toBe(messages.smsCodeExpired);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'wrong@example.com'));
    expect(user?.phoneVerifiedAt).toBeNull();
  });

  it.each([[{ code: '12345' }], [{ code: 123456 }], [{ code: '123456', uid: 'someone-else' }], [{}]])(
    'refuses the malformed verification %j',
    async (body) => {
      const client = await signedUpClient(
        `bad-code-${JSON.stringify(body).length}-${Math.random()}@example.com`,
      );
      const response = await client.json<ErrorReply>('POST', '/api/phone/verify', body);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(messages.smsVerifyFailed);
    },
  );
});
