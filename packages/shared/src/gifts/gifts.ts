import { z } from 'zod';
import '../core/zod-config.ts';
import { formatNumber, messages } from '../core/messages.ts';
import { wellFormedString } from '../core/well-formed-string.ts';

/** A gift type's id and an amount of it, as an exchange and a code upload name them. */
const giftTypeId = wellFormedString({ error: messages.giftTypeUnavailable }).min(1).max(40);
/** The largest amount a PostgreSQL integer column holds: beyond it the database would refuse. */
const INTEGER_MAX = 2_147_483_647;
const giftAmount = z
  .number({ error: messages.giftAmountInvalid })
  .int({ error: messages.giftAmountInvalid })
  .positive({ error: messages.giftAmountInvalid })
  .max(INTEGER_MAX, { error: messages.giftAmountInvalid });

export const giftRequestBody = z.strictObject({ giftType: giftTypeId, points: giftAmount });
export type GiftRequestBody = z.infer<typeof giftRequestBody>;

export const issueGiftBody = z.strictObject({
  giftCode: wellFormedString({ error: messages.giftCodeRequired })
    .trim()
    .min(1, { error: messages.giftCodeRequired })
    .max(100),
});
export const rejectGiftBody = z.strictObject({
  reason: wellFormedString({ error: messages.rejectionReasonRequired })
    .trim()
    .min(1, { error: messages.rejectionReasonRequired })
    .max(300),
});

/**
 * The gift-code inventory's words. They stay out of the main catalogue, which every first
 * page downloads (e2e/bundle-budget.e2e.ts): only the exchange and the admin's pages need them.
 */
export const giftCodeMessages = {
  issuedNow: 'ギフトコードを発行しました。交換履歴とメールでご確認いただけます。',
  fileEmpty: 'ギフトコードが1件も含まれていません。1行に1件ずつ記入したCSVを選んでください。',
  tooMany: 'ギフトコードは1回に1,000件まで登録できます。',
  notAvailable: 'このギフトコードはすでに発行または取り下げ済みです。',
  notFound: 'ギフトコードが見つかりません。',
  withdrawn: 'ギフトコードを取り下げました。',
  malformed: (line: number) => `${line}行目のギフトコードが正しくありません（英数字とハイフン、4〜64文字）。`,
  repeatedInFile: (line: number, firstLine: number) =>
    `${line}行目のギフトコードは${firstLine}行目と重複しています。`,
  alreadyLoaded: (lines: readonly number[]) =>
    `すでに登録済みのギフトコードが含まれています（${lines.join('・')}行目）。何も登録していません。`,
  loaded: (count: number) => `${formatNumber(count)}件のギフトコードを登録しました。`,
};

/** The admin's upload to the gift-code inventory: codes for one gift type and amount, as a CSV text. */
export const loadGiftCodesBody = z.strictObject({
  giftType: giftTypeId,
  amount: giftAmount,
  csv: wellFormedString({ error: giftCodeMessages.fileEmpty }).max(64_000, {
    error: giftCodeMessages.tooMany,
  }),
});
export type LoadGiftCodesBody = z.infer<typeof loadGiftCodesBody>;

/** One type and amount's codes, for the admin's list. */
export const giftCodeListQuery = z.strictObject({
  giftType: wellFormedString().min(1).max(40),
  amount: z.coerce.number().int().positive().max(INTEGER_MAX),
});

/**
 * A gift code as repeats are judged (in one file, and against the stock through its fingerprint):
 * one code however it is written, in either letter case, with or without its hyphens. The code
 * itself is kept and issued as it was loaded, since the member types it as printed.
 */
export const giftCodeKey = (code: string) => code.replaceAll('-', '').toUpperCase();
