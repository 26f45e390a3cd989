// What `npm run bench:scale` builds (bench/bench-scale.mjs): the sizes, the profile distributions,
// and the plan of the advertisers and ads, made here from a seeded generator so that every build of a
// size is the same. The rows themselves (people, responses, deliveries, the ledger, page views) are
// made in SQL from these figures by build-database.mjs.
import { createHash } from 'node:crypto';
import { seededRandom } from '../../scripts/test-support.mjs';

/**
 * The sizes. `full` is the database of issue 27's measurement; `quick` checks that the bench works
 * end to end in a minute or two. `--scale N` multiplies the events (responses, deliveries, the
 * ledger's events, page views), never the people or the ads.
 */
export const SIZES = {
  full: {
    users: 1_000_000,
    members: 800_000,
    active: 250_000,
    newMembers: 20_000,
    withdrawn: 40_000,
    advertisers: 2_000,
    ads: 20_000,
    delivering: 3_000,
    notDelivered: 1_499,
    bigAdvertiserAds: 485,
    bigAdResponses: 200_000,
    adResponses: 10_800_000,
    lastMonthResponses: 3_000_000,
    gachaClaims: 2_000_000,
    dailyQuizAnswers: 1_350_000,
    pageViews: 5_000_000,
  },
  quick: {
    users: 3_000,
    members: 2_400,
    active: 750,
    newMembers: 60,
    withdrawn: 120,
    advertisers: 20,
    ads: 60,
    delivering: 12,
    notDelivered: 8,
    bigAdvertiserAds: 15,
    bigAdResponses: 600,
    adResponses: 30_000,
    lastMonthResponses: 8_300,
    gachaClaims: 6_000,
    dailyQuizAnswers: 4_000,
    pageViews: 15_000,
  },
};

/** A size with its events multiplied by `scale` (the big ad's responses stay within one per member). */
export function sizeOf(name, scale = 1) {
  const base = SIZES[name];
  if (!base) throw new Error(`no size named ${name}`);
  const times = (value) => Math.round(value * scale);
  return {
    name,
    scale,
    ...base,
    bigAdResponses: Math.min(times(base.bigAdResponses), Math.floor(base.members / 2)),
    adResponses: times(base.adResponses),
    lastMonthResponses: times(base.lastMonthResponses),
    gachaClaims: times(base.gachaClaims),
    dailyQuizAnswers: times(base.dailyQuizAnswers),
    pageViews: times(base.pageViews),
  };
}

/** How long an ad that is not delivering any more delivered (days), and the oldest page view. */
export const AD_LIFE_DAYS = 60;
export const HISTORY_DAYS = 420;
/** The big ad (the one with the most responses) began this many days ago and still delivers. */
export const BIG_AD_DAYS = 200;

// Profile distributions (weights), roughly Japan's: prefectures by population (2020 census, 10,000s).
export const PREFECTURE_WEIGHTS = [
  522, 124, 121, 230, 96, 107, 183, 287, 193, 194, 734, 628, 1405, 924, 220, 103, 113, 77, 81, 205, 198, 363,
  754, 177, 141, 258, 884, 547, 133, 92, 55, 67, 189, 280, 134, 72, 95, 133, 69, 514, 81, 131, 174, 113, 107,
  159, 147,
];
export const OCCUPATION_WEIGHTS = [3, 45, 5, 8, 8, 15, 10, 6];
export const INCOME_WEIGHTS = [35, 27, 20, 12, 6];
export const MARITAL_WEIGHTS = [45, 7, 48];
export const GENDER_WEIGHTS = [485, 485, 10];

/** The upper edges of a weight list's buckets on [0, 1), for SQL's width_bucket. */
export function thresholds(weights) {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.slice(0, -1).map((weight) => {
    running += weight;
    return running / total;
  });
}

/** A version-4 UUID made from a name (stable across builds); z.uuid() accepts it. */
export function stableUuid(name) {
  const hex = createHash('md5').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A 32-character id like better-auth's, stable across builds. */
export const stableId = (name) => createHash('md5').update(name).digest('hex');

const brandHeads = [
  'みどり',
  'あおぞら',
  'さくら',
  'ひかり',
  'やまと',
  'ほしぞら',
  'つばさ',
  'はれま',
  'ことのは',
  'いろは',
  'かなで',
  'こもれび',
];
const brandTails = [
  '銀行',
  '珈琲',
  '英会話',
  '不動産',
  '保険',
  '電力',
  '旅行',
  '食品',
  '化粧品',
  '証券',
  '住宅',
  '自動車',
  '通信',
  '製薬',
  '書店',
  '家具',
];
const products = [
  '春の新商品',
  '限定キャンペーン',
  '無料体験受付中',
  '新規会員募集',
  '期間限定セール',
  '新サービス開始',
  'お試しセット',
  '秋の特別プラン',
  '定期便はじめました',
  'アプリ公開記念',
];
const optionSets = [
  ['100円', '500円', '1,000円'],
  ['3日', '7日', '14日', '30日'],
  ['東京', '大阪', '名古屋', '福岡', '札幌'],
  ['はい', 'いいえ'],
  ['春', '夏', '秋', '冬'],
  ['1回', '2回', '3回'],
];
const companyWords = [
  '青葉',
  '朝日',
  '東西',
  '北斗',
  '南風',
  '白山',
  '緑川',
  '大和',
  '若葉',
  '光が丘',
  '中央',
  '富士',
];
const companyKinds = [
  '商事',
  '物産',
  'ホールディングス',
  '工業',
  'サービス',
  'フーズ',
  'ライフ',
  'テクノロジー',
];
const romaji = [
  'aoba',
  'asahi',
  'tozai',
  'hokuto',
  'minamikaze',
  'hakusan',
  'midorikawa',
  'yamato',
  'wakaba',
  'hikarigaoka',
  'chuo',
  'fuji',
];

/**
 * The advertisers and the ads, in the order the SQL uses them. Regular delivered ads are numbered
 * 0..deliveredAds-1 by when they began (oldest first): the newest `delivering` of them deliver now,
 * the others delivered for AD_LIFE_DAYS and ended (at their cap, by their advertiser, at the end of
 * their window, or paused). The big ad (deliveredAds) still delivers; after it come the ads that never
 * delivered (drafts, reviews waiting, rejections, approved ones whose window has not begun).
 * Advertiser 0 is the big advertiser: it owns `bigAdvertiserAds` ads including the big ad.
 */
export function planAdsAndAdvertisers(size) {
  const random = seededRandom(27);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const deliveredAds = size.ads - size.notDelivered - 1;
  const olderAds = deliveredAds - size.delivering;
  // Ads begin as often before the newest AD_LIFE_DAYS as within them, so about `delivering` are live
  // at any time, from `oldestStart` days ago.
  const oldestStart = (AD_LIFE_DAYS * deliveredAds) / size.delivering;
  const bigIndex = deliveredAds;
  // The big advertiser's ads: the big ad, a few that never delivered, and delivered ones spread over the year.
  const bigAdvertiserNever = Math.min(
    size.notDelivered,
    Math.max(1, Math.round(size.bigAdvertiserAds * 0.02)),
  );
  const bigAdvertiserRegular = size.bigAdvertiserAds - 1 - bigAdvertiserNever;
  const bigAdvertiserAds = new Set([bigIndex]);
  for (let k = 0; k < bigAdvertiserRegular; k++)
    bigAdvertiserAds.add(Math.floor((k * deliveredAds) / bigAdvertiserRegular));
  for (let k = 0; k < bigAdvertiserNever; k++) bigAdvertiserAds.add(bigIndex + 1 + k);

  const advertisers = Array.from({ length: size.advertisers }, (_, index) => {
    const word = index === 0 ? 'みどり' : companyWords[index % companyWords.length];
    const kind =
      index === 0 ? '銀行' : companyKinds[Math.floor(index / companyWords.length) % companyKinds.length];
    const name = `${word}${kind}${index === 0 ? '' : index}`;
    return {
      index,
      id: stableId(`qp-advertiser-${index}`),
      email: `${index === 0 ? 'midori-bank' : romaji[index % romaji.length]}${index}@${index % 3 === 0 ? 'example.co.jp' : 'example.jp'}`,
      displayName: name,
      companyName: `株式会社${name}`,
      companyAddress: `東京都千代田区丸の内${1 + (index % 3)}-${1 + (index % 9)}-${1 + (index % 20)}`,
      firstAdAgo: 0,
      ads: 0,
    };
  });
  // Other advertisers' ads: a few have many, most have a handful, some none yet.
  const otherAdvertiser = () => 1 + Math.floor((size.advertisers - 1) * random() ** 2);

  const ads = [];
  for (let index = 0; index < size.ads; index++) {
    const r = () => random();
    let kind;
    let startAgo = null;
    let endAgo = null;
    if (index < deliveredAds) {
      kind = 'regular';
      startAgo =
        index < olderAds
          ? AD_LIFE_DAYS + ((olderAds - 1 - index + r()) * (oldestStart - AD_LIFE_DAYS)) / olderAds
          : ((deliveredAds - 1 - index + r()) * AD_LIFE_DAYS) / size.delivering;
      endAgo = index < olderAds ? Math.max(0.01, startAgo - AD_LIFE_DAYS) : 0;
    } else if (index === bigIndex) {
      kind = 'big';
      startAgo = BIG_AD_DAYS;
      endAgo = 0;
    } else {
      kind = 'never';
    }
    const advertiser = bigAdvertiserAds.has(index) ? 0 : otherAdvertiser();
    // How the ad stands now.
    let state;
    if (kind === 'big' || (kind === 'regular' && index >= olderAds)) state = 'delivering';
    else if (kind === 'regular')
      state = pick(['capped', 'capped', 'capped', 'capped', 'capped', 'ended', 'ended', 'window', 'paused']);
    else state = pick(['draft', 'draft', 'draft', 'pending', 'rejected', 'rejected', 'scheduled']);
    const createdAgo =
      startAgo !== null ? startAgo + 0.5 + 2.5 * r() : state === 'pending' ? 7 * r() : 120 * r();
    const reward = pick([5, 8, 10, 10, 10, 12, 15, 20, 30]);
    // Targeting: most ads aim at everyone; some by gender, age or profile (the big ad at everyone).
    const everyone = kind === 'big';
    const gender = !everyone && r() < 0.23 ? (r() < 0.65 ? ['female'] : ['male']) : [];
    const ageBands = ['10s', '20s', '30s', '40s', '50s', '60s'];
    let ages = [];
    if (!everyone && r() < 0.25) {
      const first = 1 + Math.floor(r() * 4);
      ages = ageBands.slice(first, first + 1 + Math.floor(r() * 3));
    }
    const prefectureIndexes =
      !everyone && r() < 0.08 ? [12, 13, 26, 22, 10].slice(0, 1 + Math.floor(r() * 3)) : [];
    const occupationIndexes = !everyone && r() < 0.05 ? [1, 2] : [];
    const incomeIndexes = !everyone && r() < 0.05 ? [2, 3, 4] : [];
    const maritalIndexes = !everyone && r() < 0.04 ? [2] : [];
    const childrenIndexes = !everyone && r() < 0.04 ? [0] : [];
    const dimensions = [
      gender,
      ages,
      prefectureIndexes,
      occupationIndexes,
      incomeIndexes,
      maritalIndexes,
      childrenIndexes,
    ].filter((list) => list.length > 0).length;
    const options = pick(optionSets);
    const head = pick(brandHeads);
    const tail = pick(brandTails);
    const provider = `${head}${tail}`.slice(0, 15);
    const windowEnds = state === 'window' || (state === 'delivering' && kind === 'regular' && r() < 0.2);
    ads.push({
      index,
      id: stableUuid(`qp-ad-${index}`),
      kind,
      state,
      advertiser,
      startAgo,
      endAgo,
      createdAgo,
      reward,
      unitPrice: reward + 20 + 5 * dimensions,
      targetGender: gender,
      targetAges: ages,
      prefectureIndexes,
      occupationIndexes,
      incomeIndexes,
      maritalIndexes,
      childrenIndexes,
      provider,
      title: `${provider} ${pick(products)}`.slice(0, 50),
      question: `${provider}の${pick(products)}について、正しいものはどれでしょう？`,
      options,
      correct: 1 + Math.floor(r() * options.length),
      // A window that ends: at the end of delivery (ended ones), or some weeks ahead (delivering ones).
      endsAgo: windowEnds ? (state === 'window' ? endAgo : -(7 + 60 * r())) : null,
      // Approved ads waiting for their window's first day begin in a few days.
      startsAgo: state === 'scheduled' ? -(2 + 20 * r()) : null,
      // Room left above the deliveries, as a share of them (capped ones have none).
      roomShare: state === 'capped' ? 0 : 0.2 + 1.5 * r(),
      noiseForCap: r(),
    });
    const owner = advertisers[advertiser];
    owner.ads++;
    owner.firstAdAgo = Math.max(owner.firstAdAgo, createdAgo);
  }
  return { advertisers, ads, deliveredAds, olderAds, bigIndex, oldestStart };
}

/** The bits SQL compares targeting with: a list of indexes as a bit mask (0: the list is empty). */
export const maskOf = (indexes) => indexes.reduce((mask, index) => mask | (1n << BigInt(index)), 0n);
