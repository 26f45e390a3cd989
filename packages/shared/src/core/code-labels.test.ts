import { describe, expect, it } from 'vitest';
import {
  adHoldLabels,
  adStateLabel,
  adStatusLabels,
  ageBandLabels,
  genderLabels,
  giftCodeStatusLabels,
  giftStatusLabels,
  invoiceStatusLabels,
  ledgerReasonLabels,
  roleLabels,
} from './code-labels.ts';
import {
  adHolds,
  adStatuses,
  ageBands,
  genders,
  giftCodeStatuses,
  giftStatuses,
  invoiceStatuses,
  ledgerReasons,
  roles,
} from './constants.ts';

/** Japanese words: at least one kana or kanji, and none of the code's own latin letters. */
const japanese = /^[^a-z_]*[\u3040-\u30ff\u4e00-\u9fff][^a-z_]*$/;

describe('every stored code has Japanese words', () => {
  it.each([
    ['gender', genders, genderLabels],
    ['age band', ageBands, ageBandLabels],
    ['role', roles, roleLabels],
    ['ledger reason', ledgerReasons, ledgerReasonLabels],
    ['gift status', giftStatuses, giftStatusLabels],
    ['gift code status', giftCodeStatuses, giftCodeStatusLabels],
    ['ad status', adStatuses, adStatusLabels],
    ['ad hold', adHolds, adHoldLabels],
    ['invoice status', invoiceStatuses, invoiceStatusLabels],
  ] as const)('%s', (_, codes, labels) => {
    const table = labels as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(table[code], code).toMatch(japanese);
    expect(new Set(Object.values(table)).size).toBe(codes.length);
  });

  it('reads the codes the issue found in words', () => {
    expect(genderLabels.female).toBe('女性');
    expect(ledgerReasonLabels.daily_quiz).toBe('デイリークイズ');
    expect(giftStatusLabels.pending).toBe('申請中');
  });

  it("says an ad's state: review stage, delivering, ended or held", () => {
    expect(adStateLabel({ status: 'pending', isActive: false, holds: [] })).toBe('審査中');
    expect(adStateLabel({ status: 'approved', isActive: true, holds: [] })).toBe('配信中');
    expect(adStateLabel({ status: 'approved', isActive: false, holds: [] })).toBe('配信終了');
    expect(adStateLabel({ status: 'approved', isActive: true, holds: ['paused', 'billing'] })).toBe(
      '停止中（広告主が一時停止・支払い失敗）',
    );
  });
});
