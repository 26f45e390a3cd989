// What `npm run bench:scale` times over HTTP: every GET endpoint declared in packages/shared (its `api`; and
// the reach estimate, a POST that only reads) for the audience that uses it, plus the member's single
// writes. Each path names its targets (issue 27) and the figure measured before (issue 27's table, on
// landed main at a million members) where there is one.
import { tsImport } from 'tsx/esm/api';

/** Issue 27's targets, p95 in milliseconds. */
export const TARGETS = {
  member: 50,
  write: 50,
  console: 200,
  reach: 100,
};

/** Issue 27's "before" table (landed main, 1M members), by path group: p50 / p95 in ms. */
export const BEFORE = {
  member: { text: '1–35 (flat)', p95: 35 },
  write: { text: '1–35 (flat)', p95: 35 },
  dashboard: { text: '20,746 / 23,862', p50: 20_746, p95: 23_862 },
  report30: { text: '1,961 / 2,394', p50: 1_961, p95: 2_394 },
  reportLife: { text: '3,787 / 4,178', p50: 3_787, p95: 4_178 },
  reportCsv: { text: '2,946–4,188' },
  adsList: { text: '1,437 / 2,053', p50: 1_437, p95: 2_053 },
  reach: { text: '1,367–2,591' },
  advertiserAdmin: { text: '278–1,011' },
  userSearch: { text: '354–677' },
  billingPage: { text: '212 / 388', p50: 212, p95: 388 },
  monthlyBilling: { text: '0.83 s per ad: about 57 minutes (4,073 ads, 3.07M deliveries)', seconds: 57 * 60 },
};

/** Endpoints that exist only with the development stand-ins (captured mail and SMS): not timed. */
export const UNTIMED = {
  'GET /api/dev/mail': 'development stand-in (captured mail), not a production path',
  'GET /api/dev/sms': 'development stand-in (captured SMS), not a production path',
};

/** Every GET endpoint declared in packages/shared/src (its `api`, area by area), as 'GET /path'. */
export async function declaredGetEndpoints() {
  const api = await tsImport('../../packages/shared/src/api.ts', import.meta.url);
  return Object.values(api)
    .flatMap((area) => Object.values(area))
    .filter((declared) => declared.method === 'GET')
    .map((declared) => `GET ${declared.path}`)
    .sort();
}

/** Every box of `keys`, those in `ticked` ticked. */
const boxes = (keys, ticked) => Object.fromEntries(keys.map((key) => [key, ticked.includes(key)]));

/** A reach estimate's body: the gender and age boxes ticked, and the profile lists given (else empty). */
const reachBody = ({ genders = [], ages = [], ...lists }) => ({
  targetGender: boxes(['male', 'female', 'other'], genders),
  targetAgeRange: boxes(['10s', '20s', '30s', '40s', '50s', '60s'], ages),
  targetPrefectures: [],
  targetOccupations: [],
  targetIncomes: [],
  targetMaritalStatuses: [],
  targetChildren: [],
  ...lists,
});

/**
 * The read paths, by audience. `endpoint` is the declared endpoint a path exercises (for the coverage
 * check); `group` picks its target and its "before" figure. `facts` are buildDatabase's answers plus
 * what the bench looked up just before (cursors, an invoice, today's month).
 */
export function readPaths(facts) {
  /** One timed path: who asks, its name, its address, the endpoint it exercises and its group. */
  const timed = (audience, name, url, endpoint, group, extra = {}) => ({
    audience,
    group,
    name,
    url,
    endpoint,
    ...extra,
  });
  const member = (name, url, endpoint) => timed('member', name, url, endpoint, 'member');
  /** A member's list: its first page, and its next one when the bench found where that starts. */
  const memberPages = (name, url, endpoint, cursor) => [
    member(`${name}, first page`, url, endpoint),
    ...(cursor ? [member(`${name}, next page`, `${url}?cursor=${cursor}`, endpoint)] : []),
  ];
  const advertiser = (...path) => timed('advertiser', ...path);
  const operator = (...path) => timed('operator', ...path);

  const bigAd = { label: 'big ad', id: facts.bigAdId, began: facts.bigAdBegan };
  const typicalAd = { label: 'typical ad', id: facts.typicalAdId, began: facts.typicalAdBegan };
  /** A report's days: none asked (the last 30), or the ad's whole life. */
  const spanDays = (ad, span) => (span === 'whole life' ? { from: ad.began, to: facts.today } : {});
  const withQuery = (url, query) => (query.size > 0 ? `${url}?${query}` : url);
  const report = (ad, span) =>
    advertiser(
      `report, ${span} (${ad.label})`,
      withQuery(`/api/advertiser/ads/${ad.id}/report`, new URLSearchParams(spanDays(ad, span))),
      'GET /api/advertiser/ads/:adId/report',
      span === 'whole life' ? 'reportLife' : 'report30',
    );
  const csv = (ad, span, table) =>
    advertiser(
      `report CSV ${table}, ${span} (${ad.label})`,
      withQuery(
        `/api/advertiser/ads/${ad.id}/report.csv`,
        new URLSearchParams({ ...spanDays(ad, span), ...(table === 'options' ? { table } : {}) }),
      ),
      'GET /api/advertiser/ads/:adId/report.csv',
      'reportCsv',
    );
  const reach = (name, targeting = {}) =>
    advertiser(
      `reach estimate, ${name}`,
      '/api/advertiser/reach-estimate',
      'POST /api/advertiser/reach-estimate',
      'reach',
      { method: 'POST', body: reachBody(targeting) },
    );
  return [
    member('me', '/api/me', 'GET /api/me'),
    ...memberPages('ad list', '/api/ads', 'GET /api/ads', facts.adListCursor),
    ...memberPages('answered ads', '/api/ads/answered', 'GET /api/ads/answered', facts.answeredCursor),
    member('an ad’s quiz page', `/api/ads/${facts.memberQuizAdId}/quiz`, 'GET /api/ads/:adId/quiz'),
    ...memberPages('passbook', '/api/points/history', 'GET /api/points/history', facts.historyCursor),
    member('passbook, earned only', '/api/points/history?kind=gain', 'GET /api/points/history'),
    member('passbook, used only', '/api/points/history?kind=use', 'GET /api/points/history'),
    member('passbook, last month', `/api/points/history?month=${facts.lastMonth}`, 'GET /api/points/history'),
    member('exchange history', '/api/gift-requests', 'GET /api/gift-requests'),
    member('gift types', '/api/gift-types', 'GET /api/gift-types'),
    member('notices', '/api/notices', 'GET /api/notices'),
    member('referrals', '/api/referrals', 'GET /api/referrals'),
    member('today’s daily quiz', '/api/daily-quiz/today', 'GET /api/daily-quiz/today'),
    member('zip-code lookup', '/api/zip-codes/1000001', 'GET /api/zip-codes/:zipCode'),

    advertiser('me (advertiser)', '/api/advertiser/me', 'GET /api/advertiser/me', 'console'),
    advertiser('pricing', '/api/advertiser/pricing', 'GET /api/advertiser/pricing', 'console'),
    advertiser(
      `ads list (${facts.bigAdvertiserAds} ads)`,
      '/api/advertiser/ads',
      'GET /api/advertiser/ads',
      'adsList',
    ),
    // The ads table (issue 28): a later page sorted by spend, and a search by part of a title.
    advertiser(
      'ads table, page 5 by spend',
      '/api/advertiser/ads?sort=spend&order=desc&page=5',
      'GET /api/advertiser/ads',
      'adsList',
    ),
    advertiser('ads table, title search', '/api/advertiser/ads?q=1', 'GET /api/advertiser/ads', 'adsList'),
    // The advertiser dashboard (issue 28): every ad's figures over a range, pacing and alerts.
    advertiser(
      'dashboard, 7 days',
      '/api/advertiser/dashboard?range=7days',
      'GET /api/advertiser/dashboard',
      'console',
    ),
    advertiser(
      'dashboard, last month',
      '/api/advertiser/dashboard?range=last-month',
      'GET /api/advertiser/dashboard',
      'console',
    ),
    advertiser(
      'an ad (the big ad)',
      `/api/advertiser/ads/${facts.bigAdId}`,
      'GET /api/advertiser/ads/:adId',
      'console',
    ),
    report(bigAd, '30 days'),
    report(bigAd, 'whole life'),
    csv(bigAd, '30 days', 'days'),
    csv(bigAd, '30 days', 'options'),
    csv(bigAd, 'whole life', 'days'),
    csv(bigAd, 'whole life', 'options'),
    report(typicalAd, '30 days'),
    report(typicalAd, 'whole life'),
    csv(typicalAd, '30 days', 'days'),
    advertiser(
      'billing page (invoices list)',
      '/api/advertiser/billing',
      'GET /api/advertiser/billing',
      'billingPage',
    ),
    ...(facts.invoiceId
      ? [
          advertiser(
            'an invoice’s PDF',
            `/api/advertiser/invoices/${facts.invoiceId}/pdf`,
            'GET /api/advertiser/invoices/:invoiceId/pdf',
            'console',
          ),
        ]
      : []),
    advertiser(
      'own failed charges',
      '/api/advertiser/billing/failed-charges',
      'GET /api/advertiser/billing/failed-charges',
      'console',
    ),
    advertiser('company details', '/api/advertiser/company', 'GET /api/advertiser/company', 'console'),
    reach('everyone'),
    reach('women in their 20s and 30s', { genders: ['female'], ages: ['20s', '30s'] }),
    reach('Tokyo and Kanagawa office workers', {
      targetPrefectures: ['東京都', '神奈川県'],
      targetOccupations: ['会社員'],
    }),
    reach('married with children, 7M yen and more', {
      targetIncomes: ['700万円〜', '1000万円〜'],
      targetMaritalStatuses: ['married'],
      targetChildren: ['with'],
    }),
    reach('a small group (Tottori, 60s, self-employed)', {
      ages: ['60s'],
      targetPrefectures: ['鳥取県'],
      targetOccupations: ['自営業'],
    }),

    operator('me (admin)', '/api/me', 'GET /api/me', 'console'),
    operator('hub summary', '/api/admin/summary', 'GET /api/admin/summary', 'console'),
    operator('numbers, 30 days', '/api/admin/dashboard?days=30', 'GET /api/admin/dashboard', 'dashboard'),
    operator('advertiser list', '/api/admin/advertisers', 'GET /api/admin/advertisers', 'advertiserAdmin'),
    operator(
      'advertiser search',
      `/api/admin/advertisers?q=${encodeURIComponent(facts.advertiserSearch)}`,
      'GET /api/admin/advertisers',
      'advertiserAdmin',
    ),
    operator(
      'advertiser overview (the big advertiser)',
      `/api/admin/advertisers/${facts.bigAdvertiserId}`,
      'GET /api/admin/advertisers/:userId',
      'advertiserAdmin',
    ),
    ...[
      ['exact id', facts.memberId],
      ['exact e-mail', facts.memberEmail],
      ['part of an address', facts.partialEmail],
    ].map(([how, q]) =>
      operator(
        `user search, ${how}`,
        `/api/admin/users?q=${encodeURIComponent(q)}`,
        'GET /api/admin/users',
        'userSearch',
      ),
    ),
    operator(
      'user overview',
      `/api/admin/users/${facts.memberId}`,
      'GET /api/admin/users/:userId',
      'userSearch',
    ),
    operator(
      'reward check',
      `/api/admin/reward-check?email=${encodeURIComponent(facts.memberEmail)}`,
      'GET /api/admin/reward-check',
      'console',
    ),
    operator('review queue', '/api/admin/ads/pending', 'GET /api/admin/ads/pending', 'console'),
    operator('gift requests waiting', '/api/admin/gift-requests', 'GET /api/admin/gift-requests', 'console'),
    operator('gift-code stock', '/api/admin/gift-codes/stock', 'GET /api/admin/gift-codes/stock', 'console'),
    operator(
      'gift codes of one kind',
      '/api/admin/gift-codes?giftType=amazon&amount=1000',
      'GET /api/admin/gift-codes',
      'console',
    ),
    operator('failed charges', '/api/admin/failed-charges', 'GET /api/admin/failed-charges', 'console'),
    operator('daily quizzes', '/api/admin/daily-quizzes', 'GET /api/admin/daily-quizzes', 'console'),
    operator('notices', '/api/admin/notices', 'GET /api/admin/notices', 'console'),
    operator('settings', '/api/admin/settings', 'GET /api/admin/settings', 'console'),
  ];
}

/** The target (p95 ms) of a path's group. */
export function targetOf(group) {
  if (group === 'member') return TARGETS.member;
  if (group === 'write') return TARGETS.write;
  if (group === 'reach') return TARGETS.reach;
  return TARGETS.console;
}
