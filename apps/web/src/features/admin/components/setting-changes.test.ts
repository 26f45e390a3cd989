import { describe, expect, it } from 'vitest';
import { describeSettingChange, settingTitle } from './setting-changes.ts';

describe('describeSettingChange', () => {
  it('reads a pricing change field by field, in yen, leaving out what did not change', () => {
    expect(
      describeSettingChange(
        'pricing',
        { userReward: 10, baseFee: 20, extraTargetingFee: 5 },
        { userReward: 10, baseFee: 25, extraTargetingFee: 1500 },
      ),
    ).toEqual(['基本料金: 20円 → 25円', 'ターゲティング追加料金: 5円 → 1,500円']);
  });

  it('reads daily-quiz points in Pt, and a value set for the first time', () => {
    expect(describeSettingChange('dailyQuizPoints', null, { correct: 5, wrong: 1 })).toEqual([
      '正解のポイント: （未設定） → 5 Pt',
      '不正解のポイント: （未設定） → 1 Pt',
    ]);
  });

  it('reads the gacha table as its prizes and weights', () => {
    expect(
      describeSettingChange(
        'gachaTable',
        [{ points: 1, weight: 40 }],
        [
          { points: 1, weight: 30 },
          { points: 100, weight: 1 },
        ],
      ),
    ).toEqual(['賞品: 1 Pt（重み40） → 1 Pt（重み30）、100 Pt（重み1）']);
  });

  it('reads gift types as added, removed, renamed, re-priced or re-ordered', () => {
    const amazon = { id: 'amazon', label: 'Amazonギフトカード', amounts: [1000, 3000] };
    const quo = { id: 'quo', label: 'QUOカードPay', amounts: [1000] };
    const paypay = { id: 'paypay', label: 'PayPay', amounts: [1000] };
    expect(
      describeSettingChange(
        'giftTypes',
        [amazon, quo],
        [{ ...amazon, label: 'Amazon', amounts: [1000, 5000] }, paypay],
      ),
    ).toEqual([
      'ギフト「amazon」の表示名: Amazonギフトカード → Amazon',
      'Amazonの交換ポイント: 1,000 Pt・3,000 Pt → 1,000 Pt・5,000 Pt',
      'ギフトを追加: PayPay（1,000 Pt）',
      'ギフトを削除: QUOカードPay',
    ]);
    expect(describeSettingChange('giftTypes', [amazon, quo], [quo, amazon])).toEqual([
      'ギフトの並び順: Amazonギフトカード、QUOカードPay → QUOカードPay、Amazonギフトカード',
    ]);
  });

  it('falls back to field names, or the plain values, for a key it does not know', () => {
    expect(describeSettingChange('newThing', { limit: 3, name: 'a' }, { limit: 4000, name: 'a' })).toEqual([
      'limit: 3 → 4,000',
    ]);
    expect(describeSettingChange('flag', false, true)).toEqual(['値: false → true']);
    expect(describeSettingChange('flag', 'on', 'on')).toEqual(['変更なし']);
    expect(settingTitle('pricing')).toBe('価格設定');
    expect(settingTitle('newThing')).toBe('設定「newThing」');
  });
});
