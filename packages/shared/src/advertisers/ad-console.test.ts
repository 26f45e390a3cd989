import { describe, expect, it } from 'vitest';
import {
  adConsoleMessages,
  advertiserAdsQuery,
  bulkAdsBody,
  bulkDoneMessage,
  limitCommitment,
  remainingCommitment,
  resumeCommitment,
  spentSoFar,
} from './ad-console.ts';
import { totalWithTax } from './advertisers.ts';

describe('what an action commits', () => {
  const ad = { unitPrice: 30, maxDeliveries: 1_000, deliveryCount: 400 };

  it('a new cap: the price, the new maximum total with tax and what it adds (SPEC §9)', () => {
    expect(limitCommitment(ad, 1_500)).toEqual({
      perDelivery: 30,
      newMaxTotal: 49_500,
      addedDeliveries: 500,
      addedTotal: 16_500,
    });
    // floor(price × cap × 1.1), as the ad form prices it.
    expect(limitCommitment({ ...ad, unitPrice: 33 }, 7).newMaxTotal).toBe(totalWithTax(33, 7));
    expect(limitCommitment({ ...ad, unitPrice: 33 }, 7).newMaxTotal).toBe(254);
  });

  it('resuming: the deliveries left under the cap, with tax at most; none past the cap', () => {
    expect(remainingCommitment(ad)).toEqual({ perDelivery: 30, remaining: 600, maxTotal: 19_800 });
    expect(remainingCommitment({ ...ad, deliveryCount: 1_200 })).toMatchObject({ remaining: 0, maxTotal: 0 });
    expect(resumeCommitment([ad, { unitPrice: 45, maxDeliveries: 10, deliveryCount: 3 }])).toEqual({
      remaining: 607,
      maxTotal: 19_800 + 346,
    });
    expect(resumeCommitment([])).toEqual({ remaining: 0, maxTotal: 0 });
  });

  it('ending: what was spent, before tax and with the 10 % an invoice adds (rounded half up)', () => {
    expect(spentSoFar(300)).toEqual({ amount: 300, total: 330 });
    expect(spentSoFar(45)).toEqual({ amount: 45, total: 50 });
    expect(spentSoFar(0)).toEqual({ amount: 0, total: 0 });
  });

  it('says how a bulk action went, and how many were so already', () => {
    expect(bulkDoneMessage('pause', 3, 0)).toBe('3件の広告を一時停止しました。');
    expect(bulkDoneMessage('resume', 2, 1)).toBe('2件の広告を再開しました。（1件はすでに配信中でした）');
  });
});

describe('the ads table request', () => {
  it('takes a search, a status, a sort, an order and a page, all optional', () => {
    expect(advertiserAdsQuery.parse({})).toEqual({});
    expect(
      advertiserAdsQuery.parse({ q: '  春  ', status: 'paused', sort: 'spend', order: 'asc', page: '12' }),
    ).toEqual({ q: '春', status: 'paused', sort: 'spend', order: 'asc', page: 12 });
  });

  it.each([
    [{ page: '0' }, adConsoleMessages.pageInvalid],
    [{ page: '01' }, adConsoleMessages.pageInvalid],
    [{ page: '１' }, adConsoleMessages.pageInvalid],
    [{ page: '10000' }, adConsoleMessages.pageInvalid],
    [{ q: '' }, adConsoleMessages.searchInvalid],
    [{ q: 'x'.repeat(51) }, adConsoleMessages.searchInvalid],
    [{ status: 'approved' }, adConsoleMessages.statusInvalid],
    [{ sort: 'unitPrice' }, adConsoleMessages.sortInvalid],
    [{ order: 'ASC' }, adConsoleMessages.orderInvalid],
  ])('refuses %j with its own message', (query, message) => {
    expect(advertiserAdsQuery.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it('takes 1 to 100 ad ids for a bulk pause or resume', () => {
    const id = '7f8c2a52-3c1e-4b7e-9c0a-2d3f4e5a6b7c';
    expect(bulkAdsBody.safeParse({ action: 'resume', adIds: [id] }).success).toBe(true);
    expect(bulkAdsBody.safeParse({ action: 'pause', adIds: [] }).error?.issues[0]?.message).toBe(
      adConsoleMessages.bulkNoneChosen,
    );
    expect(
      bulkAdsBody.safeParse({ action: 'pause', adIds: Array(101).fill(id) }).error?.issues[0]?.message,
    ).toBe(adConsoleMessages.bulkTooMany);
    expect(bulkAdsBody.safeParse({ action: 'end', adIds: [id] }).error?.issues[0]?.message).toBe(
      adConsoleMessages.bulkActionInvalid,
    );
  });
});
