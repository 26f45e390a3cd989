import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger.ts';
import { giftIssuedMail } from './mail-templates.ts';
import { sendMail } from './send-mail.ts';

const logger = (): Logger => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('sendMail', () => {
  it('sends the template to the address and answers true', async () => {
    const send = vi.fn(async () => {});
    const log = logger();
    const sent = await sendMail({
      mailer: { send },
      log,
      to: 'a@example.com',
      mail: giftIssuedMail({ giftCode: 'C-1' }),
    });
    expect(sent).toBe(true);
    expect(send).toHaveBeenCalledWith({
      to: 'a@example.com',
      subject: '【クイズポイント】ギフトコードのお届け',
      text: 'ポイント交換のギフトコードをお送りします。\n\nギフトコード：C-1\n\n交換履歴からも確認できます。',
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs a failure and answers false, never throwing', async () => {
    const failure = new Error('smtp down');
    const log = logger();
    const mailer = { send: vi.fn(async () => Promise.reject(failure)) };
    const mail = giftIssuedMail({ giftCode: 'C-2' });
    expect(await sendMail({ mailer, log, to: 'a@example.com', mail })).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      { err: failure, subject: mail.subject, toDomain: 'example.com' },
      'mail failed',
    );
    expect(JSON.stringify(vi.mocked(log.warn).mock.calls)).not.toContain('C-2');
  });
});
