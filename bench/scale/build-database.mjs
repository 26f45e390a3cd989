// Builds the scale bench's database (bench/bench-scale.mjs, docs/performance.md "Scale bench"): the
// app's own migrations, then every row in set-based SQL through the real schema. Reproducible: every
// value comes from a hash of its row's number (bench_build.u), never from random(), and the ads and
// advertisers from plan.mjs's seeded generator; times are counted back from the build's start.
//
// How it stays fast on two cores: the big tables' indexes, unique and primary keys and every foreign
// key are dropped while the rows go in (by statements read from the catalogue, so the schema comes back
// exactly as the migrations made it), and recreated after, which also checks them; the session runs
// with synchronous_commit off and large work_mem / maintenance_work_mem; each table is written in one
// statement, in time order, as a real site appends it. Triggers stay on (the ads' delivery slots are
// filled by the app's own trigger), so whatever the schema keeps in step with the rows, it keeps here.
// The build ends by checking the rules with SQL (balances equal the ledger, caps and slots hold, one
// response and one delivery per person and ad, …) and fails loudly if one is broken.
import os from 'node:os';
import { tsImport } from 'tsx/esm/api';
import {
  AD_LIFE_DAYS,
  GENDER_WEIGHTS,
  HISTORY_DAYS,
  INCOME_WEIGHTS,
  MARITAL_WEIGHTS,
  maskOf,
  OCCUPATION_WEIGHTS,
  PREFECTURE_WEIGHTS,
  planAdsAndAdvertisers,
  stableId,
  thresholds,
} from './plan.mjs';

/** The tables written in bulk: their indexes and keys are rebuilt after the rows are in. */
const BULK_TABLES = [
  'users',
  'quiz_responses',
  'ad_deliveries',
  'point_transactions',
  'auth_accounts',
  'auth_sessions',
  'notice_reads',
  'admin_audit',
  'invoices',
  'gift_requests',
  'dev_payment_charges',
];

// The member profile's own choices (the app's lists), in the order plan.mjs's weights follow: every
// value the bench writes is one the profile and the ads' targeting accept.
const {
  prefectures: prefectureNames,
  occupations: occupationNames,
  annualIncomes: incomeNames,
  maritalStatuses: maritalNames,
} = await tsImport('../../packages/shared/src/core/profile-options.ts', import.meta.url);
const { MISBILLED_ADS_SQL } = await tsImport(
  '../../apps/server/src/domain/billing/misbilled-ads.ts',
  import.meta.url,
);

const givenRomaji = [
  'haruto',
  'yuto',
  'sota',
  'ren',
  'daiki',
  'kenta',
  'takumi',
  'shota',
  'yui',
  'aoi',
  'hina',
  'sakura',
  'yuna',
  'misaki',
  'ayaka',
  'mei',
];
const givenKanji = [
  '陽翔',
  '悠斗',
  '颯太',
  '蓮',
  '大輝',
  '健太',
  '拓海',
  '翔太',
  '結衣',
  '葵',
  '陽菜',
  'さくら',
  '優奈',
  '美咲',
  '彩花',
  '芽衣',
];
const familyRomaji = [
  'sato',
  'suzuki',
  'takahashi',
  'tanaka',
  'ito',
  'watanabe',
  'yamamoto',
  'nakamura',
  'kobayashi',
  'kato',
  'yoshida',
  'yamada',
  'sasaki',
  'yamaguchi',
  'matsumoto',
  'inoue',
];
const familyKanji = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
];
const mailDomains = [
  'gmail.com',
  'yahoo.co.jp',
  'icloud.com',
  'docomo.ne.jp',
  'ezweb.ne.jp',
  'softbank.ne.jp',
  'outlook.jp',
  'hotmail.co.jp',
];
const mailDomainWeights = [40, 20, 12, 8, 5, 5, 5, 5];
const pagePaths = [
  '/',
  '/point-history',
  '/gift',
  '/friends',
  '/account',
  '/howto',
  '/about',
  '/terms',
  '/privacy',
  '/sms-verification',
  '/advertiser',
  '/advertiser/terms',
  '/advertiser/legal',
  '/admin',
];
const pagePathWeights = [40, 14, 8, 4, 5, 4, 3, 2, 2, 2, 8, 1, 1, 6];
const giftCodeTypes = [
  ['amazon', 1000],
  ['amazon', 3000],
  ['amazon', 5000],
  ['amazon', 10000],
  ['quo', 1000],
  ['quo', 3000],
  ['quo', 5000],
];

/** A SQL text array literal of plain strings (the names above: no quotes in them). */
const textArray = (values) => `array[${values.map((value) => `'${value}'`).join(',')}]::text[]`;
const floatArray = (values) => `array[${values.join(',')}]::float8[]`;
/** A value drawn from a weighted list with the uniform `u`: its 1-based position in the list. */
const weighted = (u, weights) => `(width_bucket(${u}, ${floatArray(thresholds(weights))}) + 1)`;
const indexesToNames = (indexes, names) => indexes.map((index) => names[index]);

/**
 * Builds the database behind `client` (connected to it, migrated, empty). `size` is plan.mjs's
 * sizeOf(); `step(name, work)` times each step. Answers what the timing needs to know about the
 * data (the bench member, the big advertiser, the big ad, …).
 */
export async function buildDatabase({ client, size, step, log = console.log }) {
  const plan = planAdsAndAdvertisers(size);
  const [{ t0 }] = (await client.query(`select date_trunc('second', now()) as t0`)).rows;
  const T0 = `'${t0.toISOString()}'::timestamptz`;
  const M = size.members;
  const A = size.active;
  const NEW = size.newMembers;
  const W = size.withdrawn;
  const N = size.users;
  const bigStride = Math.floor(M / size.bigAdResponses);
  // Regular ads an inactive member may have answered: those that began over 31 days ago.
  const oldAds = plan.ads.filter((ad) => ad.kind === 'regular' && ad.startAgo > 31).length;
  const adminId = stableId('qp-admin');
  // The first instants of this Japan-time month and of the one before (the month billed next).
  const THIS_MONTH = `(date_trunc('month', ${T0} at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo')`;
  const LAST_MONTH = `((date_trunc('month', ${T0} at time zone 'Asia/Tokyo') - interval '1 month') at time zone 'Asia/Tokyo')`;

  await client.query(`set synchronous_commit = off`);
  // The generators' expressions are large and run once per row: compiling them (JIT) costs seconds
  // per statement and saves nothing measurable.
  await client.query(`set jit = off`);
  await client.query(`set work_mem = '512MB'`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`set max_parallel_maintenance_workers = 2`);

  await step('plan: helper functions, the ads and advertisers, the people', async () => {
    await client.query(`drop schema if exists bench_build cascade; create schema bench_build`);
    // u(k, salt): a uniform value in [0, 1) from a hash of a row's number; every draw of the build.
    await client.query(`
      create function bench_build.u(k bigint, salt integer) returns float8 language sql immutable parallel safe
      as $$ select (hashint8(k * 7919 + salt) & 2147483647)::float8 / 2147483648.0 $$;
      create function bench_build.t0() returns timestamptz language sql immutable as $$ select ${T0} $$;
      create function bench_build.today() returns date language sql immutable
      as $$ select (${T0} at time zone 'Asia/Tokyo')::date $$;
      -- The instant at fraction f of the Japan-time day k days before today (today: up to now).
      create function bench_build.at_day(k integer, f float8) returns timestamptz language sql stable
      as $$ select ((bench_build.today() - k)::timestamp at time zone 'Asia/Tokyo')
                   + f * (case when k = 0 then ${T0} - (bench_build.today()::timestamp at time zone 'Asia/Tokyo')
                               else interval '1 day' end) $$;
      create function bench_build.ago(days float8) returns timestamptz language sql stable
      as $$ select ${T0} - days * interval '1 day' $$;
      create function bench_build.user_id(n bigint) returns text language sql immutable parallel safe
      as $$ select md5('qp-user-' || n) $$;
      -- Strata: pick j of m distinct days (days ago) in [lo, hi], one per stratum, newest last.
      create function bench_build.stratum(lo integer, hi integer, m integer, j integer, f float8) returns integer
      language sql immutable as $$
        select hi - (j * greatest(1, (hi - lo + 1) / greatest(m, 1)) + floor(f * greatest(1, (hi - lo + 1) / greatest(m, 1))))::integer $$;
      -- A daily quiz's options and correct option, by its day (days ago).
      create function bench_build.daily_options(k integer) returns integer language sql immutable
      as $$ select 3 + (abs(k) % 2) $$;
      create function bench_build.daily_correct(k integer) returns integer language sql immutable
      as $$ select 1 + floor(bench_build.u(k, 900) * bench_build.daily_options(k))::integer $$;
    `);

    const ads = plan.ads;
    const column = (pick) => ads.map(pick);
    await client.query(
      `create unlogged table bench_build.ad as
       select * from unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::float8[], $7::float8[],
         $8::float8[], $9::int[], $10::int[], $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[],
         $15::bigint[], $16::bigint[], $17::bigint[], $18::text[], $19::text[], $20::text[], $21::text[],
         $22::int[], $23::float8[], $24::float8[], $25::float8[], $26::float8[], $27::text[])
         as t(idx, id, kind, state, advertiser, start_ago, end_ago, created_ago, reward, unit_price,
              gmask, amask, pmask, omask, imask, mmask, cmask, provider, title, question, options,
              correct, ends_ago, starts_ago, room_share, cap_noise, targeting)`,
      [
        column((ad) => ad.index),
        column((ad) => ad.id),
        column((ad) => ad.kind),
        column((ad) => ad.state),
        column((ad) => ad.advertiser),
        column((ad) => ad.startAgo),
        column((ad) => ad.endAgo),
        column((ad) => ad.createdAgo),
        column((ad) => ad.reward),
        column((ad) => ad.unitPrice),
        column((ad) => maskOf(ad.targetGender.map((g) => ['male', 'female', 'other'].indexOf(g))).toString()),
        column((ad) =>
          maskOf(
            ad.targetAges.map((band) => ['10s', '20s', '30s', '40s', '50s', '60s'].indexOf(band)),
          ).toString(),
        ),
        column((ad) => maskOf(ad.prefectureIndexes).toString()),
        column((ad) => maskOf(ad.occupationIndexes).toString()),
        column((ad) => maskOf(ad.incomeIndexes).toString()),
        column((ad) => maskOf(ad.maritalIndexes).toString()),
        column((ad) => maskOf(ad.childrenIndexes).toString()),
        column((ad) => ad.provider),
        column((ad) => ad.title),
        column((ad) => ad.question),
        column((ad) => JSON.stringify(ad.options)),
        column((ad) => ad.correct),
        column((ad) => ad.endsAgo),
        column((ad) => ad.startsAgo),
        column((ad) => ad.roomShare),
        column((ad) => ad.noiseForCap),
        column((ad) =>
          JSON.stringify({
            gender: ad.targetGender,
            ages: ad.targetAges,
            prefectures: indexesToNames(ad.prefectureIndexes, prefectureNames),
            occupations: indexesToNames(ad.occupationIndexes, occupationNames),
            incomes: indexesToNames(ad.incomeIndexes, incomeNames),
            marital: indexesToNames(ad.maritalIndexes, maritalNames),
            children: ad.childrenIndexes.map((index) => ['with', 'without'][index]),
          }),
        ),
      ],
    );
    await client.query(`
      alter table bench_build.ad add primary key (idx), add column n_options int;
      update bench_build.ad set n_options = jsonb_array_length(options::jsonb);
      create unique index on bench_build.ad (id);
      analyze bench_build.ad`);

    const advertisers = plan.advertisers;
    await client.query(
      `create unlogged table bench_build.advertiser as
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::int[])
         as t(k, id, email, display_name, company_name, company_address, first_ad_ago, ads)`,
      [
        advertisers.map((a) => a.index),
        advertisers.map((a) => a.id),
        advertisers.map((a) => a.email),
        advertisers.map((a) => a.displayName),
        advertisers.map((a) => a.companyName),
        advertisers.map((a) => a.companyAddress),
        advertisers.map((a) => a.firstAdAgo),
        advertisers.map((a) => a.ads),
      ],
    );
    await client.query(
      `alter table bench_build.advertiser add primary key (k); analyze bench_build.advertiser`,
    );

    // The people, n = 1..users: members (n <= members; the first `active` were active in the last 30
    // days, the first `newMembers` of them signed up within those days), then withdrawn people, then
    // Google sign-ins that never finished signing up.
    const u = (salt) => `bench_build.u(g.n, ${salt})`;
    // One statement: the base draws (b), the profile as the users table holds it (c), then what the
    // generators read: the targeting bits, which ads (lo..hi) and days each member may have played.
    const activeShare = 4;
    const playWeight = activeShare * A + (M - A);
    await client.query(`
      create unlogged table bench_build.person as
      select c.*,
        case when c.has_children then 1 when not c.has_children then 2 else 0 end as cbit,
        -- Which ads a member may have answered, and when (days ago): inactive members only before the
        -- last 30 days, new members only after they signed up.
        case when c.kind <> 'member' then 0
             when c.fresh then least(${plan.olderAds}, greatest(0,
               ceil(${plan.olderAds} - (c.signup_ago - 1) * ${plan.olderAds} / ${plan.oldestStart - AD_LIFE_DAYS})::int))
             else 0 end as lo,
        case when c.kind <> 'member' then 0 when c.active then ${plan.deliveredAds} else ${oldAds} end as hi,
        case when c.active then 0 else 30.5 end as min_ago,
        case when c.fresh then c.signup_ago else 1e9 end as max_ago,
        case when c.active then 3 else 1 end * case when c.fresh then 1.0 / 3 else 1 end as resp_mult,
        -- Gacha and daily-quiz days (days ago): after the signup day, inactive members' before the
        -- last 30; as many as the member may have played on (see dayOf), most members far fewer.
        g.g_first, g.g_last,
        case when c.kind <> 'member' or g.g_first < g.g_last then 0
             else least(g.capacity, greatest(case when c.active then 1 else 0 end,
               floor(c.gacha_draw * case when c.active then ${activeShare} else 1 end * ${size.gachaClaims / playWeight}
                     + bench_build.u(c.n, 56))::int)) end as c_gacha,
        case when c.kind <> 'member' or g.g_first < g.g_last then 0
             else least(g.capacity, greatest(case when c.active then 1 else 0 end,
               floor(c.daily_draw * case when c.active then ${activeShare} else 1 end * ${size.dailyQuizAnswers / playWeight}
                     + bench_build.u(c.n, 57))::int)) end as c_daily,
        null::timestamptz as signup_at
      from (
        select b.*,
          (${textArray(prefectureNames)})[b.pref_i] as prefecture,
          (${textArray(occupationNames)})[b.occ_i] as occupation,
          (${textArray(incomeNames)})[b.inc_i] as annual_income,
          (${textArray(maritalNames)})[b.mar_i] as marital_status,
          case when b.children_given then b.children_f < case when b.mar_i = 3 then 0.7 else 0.12 end end as has_children,
          case b.gender when 'male' then 1 when 'female' then 2 when 'other' then 4 else 0 end as gbit,
          1 << (select case when a < 20 then 0 when a >= 60 then 5 else a / 10 - 1 end
                from (select extract(year from age(bench_build.today(), b.birth_date))::int a) x) as abit,
          case when b.pref_i is null then 0 else 1::bigint << (b.pref_i - 1) end as pbit,
          case when b.occ_i is null then 0 else 1 << (b.occ_i - 1) end as obit,
          case when b.inc_i is null then 0 else 1 << (b.inc_i - 1) end as ibit,
          case when b.mar_i is null then 0 else 1 << (b.mar_i - 1) end as mbit,
          (b.pref_i is not null)::int + (b.gender is not null)::int + (b.mar_i is not null)::int
            + b.children_given::int + (b.occ_i is not null)::int + (b.inc_i is not null)::int as filled
        from (
          select g.n,
            case when g.n <= ${M} then 'member' when g.n <= ${M + W} then 'withdrawn' else 'unfinished' end as kind,
            g.n <= ${A} as active,
            g.n <= ${NEW} as fresh,
            bench_build.user_id(g.n) as id,
            mail.email,
            encode(sha256(convert_to(mail.email, 'UTF8')), 'hex') as email_hash,
            (${textArray(familyKanji)})[1 + floor(${u(12)} * ${familyKanji.length})::int] || ' ' ||
              (${textArray(givenKanji)})[1 + floor(${u(11)} * ${givenKanji.length})::int] as name,
            case
              when g.n <= ${NEW} then 0.3 + 29 * ${u(20)}
              when g.n <= ${M} then 31 + ${HISTORY_DAYS - 31} * power(${u(20)}, 1.4)
              when g.n <= ${M + W} then 60 + ${HISTORY_DAYS - 60} * ${u(20)}
            end as signup_ago,
            ${HISTORY_DAYS} * power(${u(21)}, 1.3) as created_ago,
            ${u(22)} as withdrawn_f,
            case when ${u(30)} >= 0.03 then (array['male','female','other'])[${weighted(u(31), GENDER_WEIGHTS)}] end as gender,
            greatest(date '1950-01-01', least(date '2007-12-31',
              (bench_build.today() - (365.2425 * (18.1 + 57.5 * power((${u(32)} + ${u(33)} + ${u(34)}) / 3, 1.3)))::int))) as birth_date,
            case when ${u(35)} >= 0.04 then ${weighted(u(36), PREFECTURE_WEIGHTS)} end as pref_i,
            case when ${u(37)} >= 0.04 then ${weighted(u(38), OCCUPATION_WEIGHTS)} end as occ_i,
            case when ${u(39)} >= 0.05 then ${weighted(u(40), INCOME_WEIGHTS)} end as inc_i,
            case when ${u(41)} >= 0.04 then ${weighted(u(42), MARITAL_WEIGHTS)} end as mar_i,
            ${u(43)} as children_f,
            ${u(44)} >= 0.04 as children_given,
            -ln(1 - ${u(50)}) as response_draw,
            -ln(1 - ${u(51)}) as gacha_draw,
            -ln(1 - ${u(52)}) as daily_draw,
            ${u(53)} < 0.7 as phone,
            ${u(54)} < 0.0005 as banned,
            case when g.n <= ${M} and ${u(60)} < 0.05 then 1 + floor(${u(61)} * ${A})::int end as referrer_n
          from generate_series(1, ${N}) g(n)
          cross join lateral (
            select (${textArray(givenRomaji)})[1 + floor(${u(11)} * ${givenRomaji.length})::int] || '.' ||
                   (${textArray(familyRomaji)})[1 + floor(${u(12)} * ${familyRomaji.length})::int] || g.n || '@' ||
                   (${textArray(mailDomains)})[${weighted(u(13), mailDomainWeights)}] as email
          ) mail
        ) b
      ) c
      cross join lateral (
        select d.g_first, d.g_last,
          -- An active, not new member's last day is kept for the last 30 days (dayOf).
          case when c.active and not c.fresh and d.g_first >= 30 then d.g_first - 28 else d.g_first - d.g_last + 1 end as capacity
        from (select case when c.kind = 'member' then floor(c.signup_ago)::int - 2 else 0 end as g_first,
                     case when c.kind = 'member' and not c.active then 31 else 0 end as g_last) d
      ) g`);
    await client.query(`alter table bench_build.person add primary key (n); analyze bench_build.person`);
  });

  // The response generator: member n's pick j is a regular ad chosen by a stratified draw over the ads
  // it may have answered (distinct by construction, newer ads likelier with exponent q), answered at a
  // time inside the ad's delivery and the member's window; the big ad's responses are every
  // bigStride-th member's. Targeted ads keep only the members they target.
  // A member's number of picks: its draw times its class's weight (active members 3x the others) times
  // `scale`, which the calibration sets so that the size's total comes out after targeting.
  const picks = (scale) =>
    `least(p.hi - p.lo, floor(p.response_draw * p.resp_mult * ${scale} + bench_build.u(p.n, 55))::int)`;
  const responseSelect = ({ q, scale, sample }) => `
    select p.n, p.id as user_id, p.email_hash, a.id as ad_id, a.idx as ad_idx, t.k, t.clicked_at,
           t.answered, a.correct, a.n_options, a.reward
    from bench_build.person p
    cross join lateral (select ${picks(scale)} as c) cc
    cross join lateral generate_series(0, cc.c - 1) j
    join bench_build.ad a on a.idx = p.lo
      + floor((p.hi - p.lo - cc.c) * power((j + bench_build.u(p.n::bigint * 65536 + j, 1)) / cc.c, ${1 / q}))::int + j
    cross join lateral (
      select p.n::bigint * 65536 + j as k,
             bench_build.ago(greatest(a.end_ago, p.min_ago)
               + (least(a.start_ago, p.max_ago) - greatest(a.end_ago, p.min_ago)) * bench_build.u(p.n::bigint * 65536 + j, 2)) as clicked_at
    ) t0
    cross join lateral (select t0.k, t0.clicked_at,
      bench_build.u(t0.k, 3) < case when t0.clicked_at > ${T0} - interval '30 minutes' then 0.5 else 0.95 end as answered) t
    where p.kind = 'member' and cc.c > 0 ${sample ? `and p.n % ${sample} = 0` : ''}
      and (a.gmask = 0 or a.gmask & p.gbit <> 0) and (a.amask = 0 or a.amask & p.abit <> 0)
      and (a.pmask = 0 or a.pmask & p.pbit <> 0) and (a.omask = 0 or a.omask & p.obit <> 0)
      and (a.imask = 0 or a.imask & p.ibit <> 0) and (a.mmask = 0 or a.mmask & p.mbit <> 0)
      and (a.cmask = 0 or a.cmask & p.cbit <> 0)
    union all
    select p.n, p.id, p.email_hash, a.id, a.idx, t.k, t.clicked_at, t.answered, a.correct, a.n_options, a.reward
    from bench_build.person p
    join bench_build.ad a on a.kind = 'big'
    cross join lateral (
      select p.n::bigint * 65536 + 65535 as k,
             bench_build.ago(greatest(a.end_ago, p.min_ago)
               + (least(a.start_ago, p.max_ago) - greatest(a.end_ago, p.min_ago)) * bench_build.u(p.n::bigint * 65536 + 65535, 2)) as clicked_at
    ) t0
    cross join lateral (select t0.k, t0.clicked_at,
      bench_build.u(t0.k, 3) < case when t0.clicked_at > ${T0} - interval '30 minutes' then 0.5 else 0.95 end as answered) t
    where p.kind = 'member' and (p.n - 1) % ${bigStride} = 0 and (p.n - 1) / ${bigStride} < ${size.bigAdResponses}
      ${sample ? `and p.n % ${sample} = 0` : ''}`;

  let q = 1;
  let scale = 10;
  await step('calibrate: responses per member, and how they grow towards now', async () => {
    // On a sample of the members: the exponent that puts the size's share of the responses in the last
    // full month, and how many picks targeting keeps, which sets the scale of the total.
    const sample = Math.max(1, Math.floor(M / 20_000));
    const measure = async (exponent) => {
      const [row] = (
        await client.query(`
          select count(*)::float8 as picks,
            count(*) filter (where clicked_at >= ${LAST_MONTH} and clicked_at < ${THIS_MONTH})::float8 as last_month
          from (${responseSelect({ q: exponent, scale, sample })}) r where ad_idx <> ${plan.bigIndex}`)
      ).rows;
      return row;
    };
    const target =
      (size.lastMonthResponses - size.bigAdResponses * (30 / 200)) / (size.adResponses - size.bigAdResponses);
    let best = { q: 1, miss: Infinity, picks: 0 };
    for (const exponent of [1, 1.5, 2, 2.5, 3, 4, 5]) {
      const row = await measure(exponent);
      const share = row.last_month / Math.max(1, row.picks);
      const miss = Math.abs(share - target);
      if (miss < best.miss) best = { q: exponent, miss, share, picks: row.picks };
    }
    q = best.q;
    const [drawn] = (
      await client.query(`
        select sum(${picks(scale)}) filter (where p.n % ${sample} = 0)::float8 as sample, sum(${picks(scale)})::float8 as total
        from bench_build.person p where p.kind = 'member'`)
    ).rows;
    const kept = best.picks / Math.max(1, drawn.sample);
    scale *= (size.adResponses - size.bigAdResponses) / Math.max(1, drawn.total * kept);
    log(
      `    growth exponent ${q} (last full month ${(best.share * 100).toFixed(1)} % of regular responses, target ${(target * 100).toFixed(1)} %); targeting keeps ${(kept * 100).toFixed(1)} % of picks`,
    );
  });

  await step('load mode: drop the big tables’ keys and indexes, and every foreign key', async () => {
    await client.query(
      `create table bench_build.saved_ddl (ord serial, kind text, tbl text, name text, def text)`,
    );
    await client.query(
      `insert into bench_build.saved_ddl (kind, tbl, name, def)
       select 'foreign key', conrelid::regclass::text, conname, pg_get_constraintdef(oid)
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by conname`,
    );
    await client.query(
      `insert into bench_build.saved_ddl (kind, tbl, name, def)
       select 'constraint', conrelid::regclass::text, conname, pg_get_constraintdef(oid)
       from pg_constraint where contype in ('p', 'u') and conrelid = any($1::regclass[]) order by conname`,
      [BULK_TABLES],
    );
    await client.query(
      `insert into bench_build.saved_ddl (kind, tbl, name, def)
       select 'index', i.indrelid::regclass::text, i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
       from pg_index i
       where i.indrelid = any($1::regclass[])
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
       order by 3`,
      [BULK_TABLES],
    );
    const { rows } = await client.query(`select kind, tbl, name from bench_build.saved_ddl order by ord`);
    for (const row of rows) {
      await client.query(
        row.kind === 'index'
          ? `drop index ${row.name}`
          : `alter table ${row.tbl} drop constraint ${JSON.stringify(row.name)}`,
      );
    }
  });

  await step('quiz_responses: ad responses, in time order', async () => {
    await client.query(`begin; set local work_mem = '3GB'`);
    await client.query(`
      insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, answered_at, selected_option,
        is_correct, reward_given, points_awarded, created_at)
      select r.user_id, r.email_hash, r.ad_id, r.clicked_at, case when r.answered then x.answered_at end,
             case when r.answered then x.selected end, case when r.answered then x.selected = r.correct end,
             r.answered, case when not r.answered then 0 when x.selected = r.correct then r.reward
                              else qp_wrong_answer_points(r.reward) end,
             r.clicked_at
      from (${responseSelect({ q, scale })}) r
      cross join lateral (select
        least(r.clicked_at + (30 + 900 * power(bench_build.u(r.k, 4), 3)) * interval '1 second', ${T0}) as answered_at,
        case when bench_build.u(r.k, 5) < 0.8 then r.correct
             else 1 + (r.correct + floor(bench_build.u(r.k, 6) * (r.n_options - 1))::int) % r.n_options end as selected) x
      order by r.clicked_at`);
    await client.query(`commit`);
  });

  await step('first clicks: each member signs up before their first response', async () => {
    await client.query(`
      create unlogged table bench_build.first_click as
      select user_id, min(clicked_at) as first_at from quiz_responses group by user_id;
      create index on bench_build.first_click (user_id);
      update bench_build.person p set signup_at = least(bench_build.ago(p.signup_ago),
        (select f.first_at from bench_build.first_click f where f.user_id = p.id) - interval '10 minutes')
      where p.signup_ago is not null;
      analyze bench_build.person`);
  });

  await step('daily quizzes and their answers (quiz_responses), in time order', async () => {
    await client.query(`
      insert into daily_quizzes (publish_date, quiz_question, quiz_options, correct_option_index, explanation, created_at, updated_at)
      select to_char(bench_build.today() - k, 'YYYYMMDD'), '今日のクイズ ' || to_char(bench_build.today() - k, 'MM/DD') || '：正しいものはどれでしょう？',
             (case when bench_build.daily_options(k) = 3 then '["北海道","本州","九州"]' else '["春","夏","秋","冬"]' end)::jsonb,
             bench_build.daily_correct(k), '解説：' || to_char(bench_build.today() - k, 'YYYY年MM月DD日') || 'のクイズの答えです。',
             bench_build.ago(k + 20), bench_build.ago(k + 20)
      from generate_series(-14, ${HISTORY_DAYS + 5}) k`);
    // Daily answers (each member's count is in bench_build.person), one per stratum of the days the
    // member may have played; an active member's last one falls in the last 30 days.
    await client.query(`begin; set local work_mem = '1GB'`);
    await client.query(`
      insert into quiz_responses (user_id, email_hash, daily_quiz_id, clicked_at, answered_at, selected_option,
        is_correct, reward_given, points_awarded, created_at)
      select p.id, p.email_hash, to_char(bench_build.today() - d.k, 'YYYYMMDD'), d.at, d.at, d.selected,
             d.selected = bench_build.daily_correct(d.k), true, case when d.selected = bench_build.daily_correct(d.k) then 5 else 1 end, d.at
      from bench_build.person p
      cross join lateral generate_series(0, p.c_daily - 1) j
      cross join lateral (select ${dayOf('p', 'c_daily', 'j', 100)} as k) kk
      cross join lateral (select kk.k, bench_build.at_day(kk.k, bench_build.u(p.n::bigint * 4096 + j, 102)) as at,
        case when bench_build.u(p.n::bigint * 4096 + j, 103) < 0.7 then bench_build.daily_correct(kk.k)
             else 1 + (bench_build.daily_correct(kk.k) + floor(bench_build.u(p.n::bigint * 4096 + j, 104)
               * (bench_build.daily_options(kk.k) - 1))::int) % bench_build.daily_options(kk.k) end as selected) d
      where p.kind = 'member' and p.c_daily > 0
      order by d.at`);
    await client.query(`commit`);
  });

  await step('ad_deliveries: one per response, in the same order', async () => {
    await client.query(`
      insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at, gender, age_band)
      select r.ad_id, r.user_id, a.unit_price, r.clicked_at,
             -- The audience at the click, as qp_click_ad snapshots it (domain/ads/click-ad.sql).
             p.gender, case when p.birth_date is null then null else qp_age_band(p.birth_date, r.clicked_at) end
      from quiz_responses r join bench_build.ad a on a.id = r.ad_id join bench_build.person p on p.id = r.user_id
      where r.ad_id is not null`);
  });

  await step('ad_deliveries: indexes and vacuum (the ads’ delivery slots count them)', async () => {
    await restoreDdl(client, `tbl = 'ad_deliveries' and kind <> 'foreign key'`);
    // Vacuumed now rather than at the end: the slots' trigger then counts each ad's deliveries from
    // the index alone.
    await client.query(`vacuum analyze ad_deliveries`);
  });

  await step(
    'point_transactions: answers, daily quizzes, then signup bonuses, gacha and referrals',
    async () => {
      await client.query(`
      insert into point_transactions (user_id, points, memo, reason, ref, created_at)
      select r.user_id, r.points_awarded,
             case when r.is_correct then 'クイズ正解：' else 'クイズ回答：' end || a.title, 'ad_quiz', r.ad_id::text, r.answered_at
      from quiz_responses r join bench_build.ad a on a.id = r.ad_id
      where r.ad_id is not null and r.answered_at is not null`);
      await client.query(`
      insert into point_transactions (user_id, points, memo, reason, ref, created_at)
      select r.user_id, r.points_awarded, 'デイリークイズ', 'daily_quiz', r.daily_quiz_id, r.answered_at
      from quiz_responses r where r.daily_quiz_id is not null`);
      await client.query(`begin; set local work_mem = '1GB'`);
      await client.query(`
      insert into point_transactions (user_id, points, memo, reason, ref, created_at)
      select user_id, points, memo, reason, ref, created_at from (
        select p.id as user_id, 10 + 10 * case when p.kind = 'withdrawn' then 6 else p.filled end as points,
               '会員登録ボーナス' as memo, 'signup_bonus' as reason, 'signup' as ref, p.signup_at as created_at
        from bench_build.person p where p.kind in ('member', 'withdrawn')
        union all
        select p.id, (array[1,3,5,10,50])[${weighted(`bench_build.u(p.n::bigint * 4096 + j, 202)`, [40, 30, 20, 9, 1])}],
               'デイリーガチャ', 'gacha', to_char(bench_build.today() - d.k, 'YYYYMMDD'),
               bench_build.at_day(d.k, bench_build.u(p.n::bigint * 4096 + j, 201))
        from bench_build.person p
        cross join lateral generate_series(0, p.c_gacha - 1) j
        cross join lateral (select ${dayOf('p', 'c_gacha', 'j', 200)} as k) d
        where p.kind = 'member' and p.c_gacha > 0
        union all
        select p.id, 50, '友達紹介ボーナス（紹介された特典）', 'referral_friend', 'referral', p.signup_at + interval '5 minutes'
        from bench_build.person p where p.referrer_n is not null and p.referrer_n <> p.n
        union all
        select bench_build.user_id(p.referrer_n), 50, '友達紹介ボーナス', 'referral_referrer', p.id, p.signup_at + interval '5 minutes'
        from bench_build.person p where p.referrer_n is not null and p.referrer_n <> p.n
      ) l order by created_at`);
      await client.query(`commit`);
    },
  );

  await step(
    'gift requests (some pending, most issued, a few rejected and refunded) and withdrawals',
    async () => {
      await client.query(`
      create unlogged table bench_build.credit as
      select user_id, sum(points) as credits from point_transactions group by user_id;
      alter table bench_build.credit add primary key (user_id)`);
      // Most members with more than 1,100 points exchanged 1,000 at a time, up to three times.
      await client.query(`
      create unlogged table bench_build.gift as
      select ('00000000-' || substr(md5('qp-gift-' || p.n || '-' || g.i), 1, 4) || '-4' || substr(md5('qp-gift-' || p.n || '-' || g.i), 5, 3)
              || '-8' || substr(md5('qp-gift-' || p.n || '-' || g.i), 8, 3) || '-' || substr(md5('qp-gift-' || p.n || '-' || g.i), 11, 12))::uuid as id,
             p.id as user_id, p.n, g.i,
             case when bench_build.u(p.n::bigint * 8 + g.i, 302) < 0.7 then 'amazon' else 'quo' end as gift_type,
             bench_build.ago(case when p.active then 0.05 + 100 * bench_build.u(p.n::bigint * 8 + g.i, 303)
                                  else 31 + 100 * bench_build.u(p.n::bigint * 8 + g.i, 303) end) as created_at,
             bench_build.u(p.n::bigint * 8 + g.i, 304) as fate
      from bench_build.person p
      join bench_build.credit c on c.user_id = p.id
      cross join lateral generate_series(1, least(3, floor((c.credits - 100) / 1000)::int)) g(i)
      where p.kind = 'member' and c.credits >= 1100 and bench_build.u(p.n, 301) < 0.6`);
      await client.query(`
      delete from bench_build.gift g using bench_build.person p where p.n = g.n and g.created_at <= p.signup_at + interval '1 day';
      alter table bench_build.gift add column status text, add column settled_at timestamptz;
      update bench_build.gift set
        status = case when created_at > ${T0} - interval '4 days' then 'pending' when fate < 0.04 then 'rejected' else 'issued' end,
        settled_at = case when created_at > ${T0} - interval '4 days' then null
                          else created_at + (0.5 + 2 * fate) * interval '1 day' end`);
      await client.query(`
      insert into gift_requests (id, user_id, gift_type, points_used, status, gift_code, rejection_reason, created_at, settled_at, settled_by)
      select id, user_id, gift_type, 1000, status,
             case when status = 'issued' then upper(case gift_type when 'amazon' then 'AMZ-' else 'QUO-' end || substr(md5(id::text), 1, 12)) end,
             case when status = 'rejected' then 'ご本人確認ができませんでした' end,
             created_at, settled_at, case when status <> 'pending' then '${adminId}' end
      from bench_build.gift order by created_at`);
      await client.query(`
      insert into point_transactions (user_id, points, memo, reason, ref, created_at)
      select user_id, points, memo, reason, ref, created_at from (
        select user_id, -1000 as points,
               case gift_type when 'amazon' then 'Amazonギフトカード' else 'QUOカードPay' end || 'への交換' as memo,
               'gift_request' as reason, id::text as ref, created_at
        from bench_build.gift
        union all
        select user_id, 1000, 'ポイント交換の取り消し（返還）', 'gift_refund', id::text, settled_at
        from bench_build.gift where status = 'rejected'
        union all
        select p.id, -(10 + 10 * 6), '退会によるポイント失効', 'withdrawal_forfeit', 'withdrawal',
               p.signup_at + (bench_build.t0() - interval '31 days' - p.signup_at) * (0.2 + 0.8 * p.withdrawn_f)
        from bench_build.person p where p.kind = 'withdrawn'
      ) l order by created_at`);
      await client.query(`
      insert into admin_audit (action, target_id, reason, details, acted_by, acted_at)
      select case status when 'issued' then 'issue_gift' else 'reject_gift' end, id::text,
             case when status = 'rejected' then 'ご本人確認ができませんでした' end,
             jsonb_build_object('userId', user_id, 'pointsUsed', 1000), '${adminId}', settled_at
      from bench_build.gift where status <> 'pending' order by settled_at`);
    },
  );

  await step(
    'users: members, withdrawn people, unfinished sign-ups, advertisers and the admin, with balances',
    async () => {
      await client.query(`
      create unlogged table bench_build.balance as
      select user_id, sum(points)::int as points from point_transactions group by user_id;
      alter table bench_build.balance add primary key (user_id)`);
      await client.query(`
      insert into users (id, name, email, email_verified, created_at, updated_at, role, banned, ban_reason,
        email_hash, points, last_login_at, phone_hash, phone_verified_at, referral_code, referred_by, birth_date,
        gender, zip_code, prefecture, city, marital_status, has_children, occupation, annual_income,
        last_daily_claim, last_daily_quiz_id, card_registered, signup_completed_at, withdrawn_at)
      select p.id,
        case when p.kind = 'withdrawn' then '' else p.name end,
        case when p.kind = 'withdrawn' then 'withdrawn+' || p.id || '@invalid.quiz-points' else p.email end,
        p.kind <> 'withdrawn',
        coalesce(p.signup_at, bench_build.ago(p.created_ago)) - interval '12 minutes',
        coalesce(l.last_login, p.signup_at, bench_build.ago(p.created_ago)),
        'user', p.banned and p.kind = 'member', case when p.banned and p.kind = 'member' then '不正利用の疑い' end,
        p.email_hash, coalesce(b.points, 0), l.last_login,
        case when p.kind = 'member' and (p.phone or p.referrer_n is not null) then md5('qp-phone-' || p.n) end,
        case when p.kind = 'member' and (p.phone or p.referrer_n is not null) then p.signup_at + interval '4 minutes' end,
        case when p.kind <> 'withdrawn' then upper(lpad(to_hex((p.n::bigint * 2654435761) % 4294967296), 8, '0')) end,
        case when p.referrer_n is not null and p.referrer_n <> p.n
             then upper(lpad(to_hex((p.referrer_n::bigint * 2654435761) % 4294967296), 8, '0')) end,
        case when p.kind = 'member' then p.birth_date end,
        case when p.kind = 'member' then p.gender end,
        case when p.kind = 'member' and p.pref_i is not null
             then lpad(p.pref_i::text, 2, '0') || lpad(floor(bench_build.u(p.n, 45) * 99999)::text, 5, '0') end,
        case when p.kind = 'member' then p.prefecture end,
        case when p.kind = 'member' and p.pref_i is not null
             then (array['中央区','北区','南区','東区','西区','緑区'])[1 + floor(bench_build.u(p.n, 46) * 6)::int] end,
        case when p.kind = 'member' then p.marital_status end,
        case when p.kind = 'member' then p.has_children end,
        case when p.kind = 'member' then p.occupation end,
        case when p.kind = 'member' then p.annual_income end,
        case when p.c_gacha > 0 then bench_build.at_day(${dayOf('p', 'c_gacha', 'p.c_gacha - 1', 200)},
                                                        bench_build.u(p.n::bigint * 4096 + p.c_gacha - 1, 201)) end,
        case when p.c_daily > 0 then to_char(bench_build.today() - ${dayOf('p', 'c_daily', 'p.c_daily - 1', 100)}, 'YYYYMMDD') end,
        false,
        case when p.kind <> 'unfinished' then p.signup_at end,
        case when p.kind = 'withdrawn' then p.signup_at + (bench_build.t0() - interval '31 days' - p.signup_at) * (0.2 + 0.8 * p.withdrawn_f) end
      from bench_build.person p
      left join bench_build.balance b on b.user_id = p.id
      cross join lateral (select case
        when p.kind <> 'member' then null
        when p.active then greatest(p.signup_at, bench_build.ago(20 * bench_build.u(p.n, 47)))
        else p.signup_at + (bench_build.t0() - interval '31 days' - p.signup_at) * bench_build.u(p.n, 47) end as last_login) l
      order by coalesce(p.signup_at, bench_build.ago(p.created_ago))`);
      await client.query(`
      insert into users (id, name, email, email_verified, created_at, updated_at, role, email_hash, display_name,
        company_name, company_address, card_registered, last_login_at)
      select a.id, a.display_name, a.email, true, bench_build.ago(a.first_ad_ago + 3 + 10 * bench_build.u(a.k, 401)),
             bench_build.ago(a.first_ad_ago), 'advertiser', encode(sha256(convert_to(a.email, 'UTF8')), 'hex'),
             a.display_name, a.company_name, a.company_address, a.ads > 0 or bench_build.u(a.k, 402) < 0.85,
             bench_build.ago(bench_build.u(a.k, 403) * 20)
      from bench_build.advertiser a order by a.first_ad_ago desc`);
      await client.query(
        `insert into users (id, name, email, email_verified, created_at, updated_at, role, email_hash, referral_code)
       values ($1, '運営管理者', $2, true, bench_build.ago(${HISTORY_DAYS + 30}), bench_build.ago(1), 'user',
               encode(sha256(convert_to($2, 'UTF8')), 'hex'), 'ADMIN001')`,
        [adminId, ADMIN_EMAIL],
      );
      await client.query(`
      insert into deleted_users (uid, email_hash, phone_hash, deleted_at)
      select id, email_hash, phone_hash, withdrawn_at from users where withdrawn_at is not null`);
      await client.query(`
      insert into auth_accounts (id, account_id, provider_id, user_id, scope, created_at, updated_at, password)
      select 'acc_' || md5('qp-account-' || u.id), case when u.role = 'advertiser' then u.id else (100000000000000000000::numeric
               + ('x' || substr(u.id, 1, 15))::bit(60)::bigint)::text end,
             case when u.role = 'advertiser' then 'credential' else 'google' end, u.id,
             case when u.role = 'advertiser' then null else 'openid email profile' end, u.created_at, u.created_at,
             case when u.role = 'advertiser' then 'bench-scale-password-hash:' || md5(u.id) end
      from users u where u.withdrawn_at is null`);
    },
  );

  await step(
    'ads (their trigger fills the delivery slots), quiz answers, reviews, invoices and charges',
    async () => {
      await client.query(`
      create unlogged table bench_build.delivered as select ad_id, count(*)::int as n from ad_deliveries group by ad_id;
      alter table bench_build.delivered add primary key (ad_id)`);
      await client.query(`
      insert into ads (id, advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
        base_fee, extra_targeting_fee, unit_price, max_deliveries, status, is_active, target_gender, target_age_range,
        target_prefectures, target_occupations, target_incomes, target_marital_statuses, target_children,
        starts_at, ends_at, holds, rejection_reason, created_at, updated_at)
      select a.id, v.id, a.provider, 'https://example.com/lp/' || a.idx, a.title, a.question, a.options::jsonb, a.reward,
        20, 5, a.unit_price,
        case when a.state = 'capped' and coalesce(d.n, 0) > 0 then d.n
             when coalesce(d.n, 0) > 0 then (ceil((d.n * (1 + a.room_share) + 50) / 100.0) * 100)::int
             when a.kind = 'big' then 300000
             else 100 * (1 + floor(a.cap_noise * 50)::int) end,
        case a.state when 'draft' then 'draft' when 'pending' then 'pending' when 'rejected' then 'rejected' else 'approved' end,
        a.state in ('delivering', 'window', 'paused', 'scheduled'),
        jsonb_build_object('male', a.targeting::jsonb -> 'gender' ? 'male', 'female', a.targeting::jsonb -> 'gender' ? 'female',
                           'other', false),
        jsonb_build_object('10s', a.targeting::jsonb -> 'ages' ? '10s', '20s', a.targeting::jsonb -> 'ages' ? '20s',
                           '30s', a.targeting::jsonb -> 'ages' ? '30s', '40s', a.targeting::jsonb -> 'ages' ? '40s',
                           '50s', a.targeting::jsonb -> 'ages' ? '50s', '60s', a.targeting::jsonb -> 'ages' ? '60s'),
        array(select jsonb_array_elements_text(a.targeting::jsonb -> 'prefectures')),
        array(select jsonb_array_elements_text(a.targeting::jsonb -> 'occupations')),
        array(select jsonb_array_elements_text(a.targeting::jsonb -> 'incomes')),
        array(select jsonb_array_elements_text(a.targeting::jsonb -> 'marital')),
        array(select jsonb_array_elements_text(a.targeting::jsonb -> 'children')),
        case when a.starts_ago is not null
             then date_trunc('day', bench_build.ago(a.starts_ago) at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo' end,
        case when a.ends_ago is not null then bench_build.ago(a.ends_ago) end,
        case when a.state = 'paused' then array['paused'] else array[]::text[] end,
        case when a.state = 'rejected' then '広告の内容が確認できませんでした' end,
        bench_build.ago(a.created_ago), bench_build.ago(coalesce(a.end_ago, a.created_ago))
      from bench_build.ad a
      join bench_build.advertiser v on v.k = a.advertiser
      left join bench_build.delivered d on d.ad_id = a.id
      order by a.created_ago desc`);
      await client.query(`
      insert into quiz_answers (ad_id, correct_option_index, uid)
      select a.id, a.correct, v.id from bench_build.ad a join bench_build.advertiser v on v.k = a.advertiser`);
      await client.query(`
      insert into admin_audit (action, target_id, reason, acted_by, acted_at)
      select case when a.state = 'rejected' then 'reject_ad' else 'approve_ad' end, a.id::text,
             case when a.state = 'rejected' then '広告の内容が確認できませんでした' end, '${adminId}',
             bench_build.ago(coalesce(a.start_ago, a.created_ago - 0.3))
      from bench_build.ad a where a.state not in ('draft', 'pending') order by coalesce(a.start_ago, a.created_ago) desc`);
      // Advertisers with ads have a card on file (the local payment stand-in's), so every charge goes through.
      await client.query(`
      insert into advertiser_billing (user_id, provider_customer_id, payment_method_id, card_brand, card_last4, registered_at)
      select u.id, 'cus_local_bench_' || v.k, 'pm_local_bench_' || v.k, 'visa', '4242', u.created_at + interval '1 day'
      from bench_build.advertiser v join users u on u.id = v.id where u.card_registered`);
      // Every month before the last full one is invoiced and charged, each invoice the stretch of time
      // from its ad's previous one (its first delivery) to its month's end (decision 034); a handful of
      // advertisers' charges failed three months ago (their ads held for billing), which the operator's
      // list shows.
      await client.query(`
      insert into invoices (id, ad_id, advertiser_id, period, deliveries, unit_price, subtotal, carried_in, tax, total,
        status, provider_invoice_id, charge_attempts, failure_reason, failed_at, charged_at, created_at, issuer_name,
        issuer_registration_number, recipient_name, recipient_address, billed_from, billed_until, stretch_deliveries,
        stretch_subtotal)
      select i.id, i.ad_id, v.id, i.period, i.deliveries, i.unit_price, i.subtotal, i.carried_in,
             floor((i.subtotal + i.carried_in + 5) / 10), i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10),
             case when i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10) < 50 then 'carried_over'
                  when i.failed then 'failed' else 'charged' end,
             case when i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10) >= 50 then 'in_local_' || substr(md5(i.id::text), 1, 24) end,
             case when i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10) >= 50 then case when i.failed then 3 else 1 end else 0 end,
             case when i.failed and i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10) >= 50 then 'Your card was declined.' end,
             case when i.failed and i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10) >= 50 then i.billed_at + interval '1 minute' end,
             case when not i.failed and i.subtotal + i.carried_in + floor((i.subtotal + i.carried_in + 5) / 10) >= 50 then i.billed_at + interval '1 minute' end,
             i.billed_at, '株式会社クイズポイント', 'T0000000000000', v.company_name, v.company_address,
             coalesce(lag(i.billed_until) over (partition by i.ad_id order by i.period), i.first_at), i.billed_until,
             i.deliveries, i.subtotal
      from (
        select x.*, coalesce(case when lag(x.subtotal) over w + floor((lag(x.subtotal) over w + 5) / 10) < 50
                                  then lag(x.subtotal) over w end, 0) as carried_in,
               (to_date(x.period, 'YYYYMM') + interval '1 month 4 days 4 hours')::timestamp at time zone 'Asia/Tokyo' as billed_at,
               v.k % 400 = 7 and x.period = to_char((bench_build.t0() at time zone 'Asia/Tokyo') - interval '3 months', 'YYYYMM') as failed
        from (
          select (m.period || substr(m.ad_id::text, 7))::uuid as id, m.*,
                 (to_date(m.period, 'YYYYMM') + interval '1 month')::timestamp at time zone 'Asia/Tokyo' as billed_until
          from (
            select d.ad_id, to_char(d.delivered_at at time zone 'Asia/Tokyo', 'YYYYMM') as period, min(d.delivered_at) as first_at,
                   count(*)::int as deliveries, max(d.unit_price) as unit_price, sum(d.unit_price)::int as subtotal
            from ad_deliveries d where d.delivered_at < ${LAST_MONTH}
            group by 1, 2
          ) m
        ) x
        join bench_build.ad a on a.id = x.ad_id
        join bench_build.advertiser v on v.k = a.advertiser
        window w as (partition by x.ad_id order by x.period)
      ) i
      join bench_build.ad a on a.id = i.ad_id
      join bench_build.advertiser v on v.k = a.advertiser
      order by i.billed_at`);
      await client.query(`
      update ads set holds = array_append(holds, 'billing')
      where advertiser_id in (select advertiser_id from invoices where status = 'failed')`);
      await client.query(`
      insert into dev_payment_charges (id, idempotency_key, customer_id, amount, description, status, created_at)
      select i.provider_invoice_id, i.id::text, b.provider_customer_id, i.total,
             'クイズポイント 広告配信料 ' || i.period || '分', case when i.status = 'failed' then 'open' else 'paid' end, i.created_at
      from invoices i join advertiser_billing b on b.user_id = i.advertiser_id
      where i.provider_invoice_id is not null order by i.created_at`);
    },
  );

  await step('sessions, notices and their reads, gift-code stock, rate-limit rows, page views', async () => {
    // Live sessions for the active members; expired ones for some others (what the prune job deletes).
    await client.query(`
      insert into auth_sessions (id, expires_at, token, created_at, updated_at, user_id)
      select 'ses_' || md5('qp-session-' || p.n), u.last_login_at + interval '30 days', md5('qp-token-' || p.n),
             u.last_login_at, u.last_login_at, p.id
      from bench_build.person p join users u on u.id = p.id
      where p.kind = 'member' and (p.active or bench_build.u(p.n, 48) < 0.2) and not u.banned
      order by u.last_login_at`);
    await client.query(`
      insert into notices (id, title, body, starts_on, ends_on, posted_by, created_at, updated_at)
      select ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, 'お知らせ ' || k || '：メンテナンスのご案内',
             '本文：' || repeat('いつもクイズポイントをご利用いただきありがとうございます。', 4),
             bench_build.today() - 15 * k + 1, bench_build.today() - 15 * k + 14, '${adminId}',
             bench_build.ago(15 * k + 1), bench_build.ago(15 * k + 1)
      from generate_series(0, 23) k`);
    await client.query(`
      insert into notice_reads (user_id, notice_id, read_at)
      select p.id, ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, bench_build.ago(15 * k * bench_build.u(p.n, 49 + k))
      from bench_build.person p cross join generate_series(0, 1) k
      where p.kind = 'member' and p.active and bench_build.u(p.n * 2 + k, 49) < 0.6`);
    await client.query(`
      insert into gift_codes (gift_type, amount, code_ciphertext, fingerprint, last4, status, loaded_at, loaded_by)
      select t.gift_type, t.amount, 'v1.bench.' || md5('qp-code-' || t.gift_type || t.amount || '-' || k),
             md5('qp-fingerprint-' || t.gift_type || t.amount || '-' || k), upper(substr(md5('qp-code-' || k), 1, 4)),
             'available', bench_build.ago(30), '${adminId}'
      from (values ${giftCodeTypes.map(([type, amount]) => `('${type}', ${amount})`).join(', ')}) t(gift_type, amount)
      cross join generate_series(1, ${Math.max(20, Math.min(300, Math.floor(size.users / 3000)))}) k`);
    await client.query(`
      insert into rate_limits (key, window_started_at, hits)
      select 'click:user:' || bench_build.user_id(n), bench_build.ago(2 + bench_build.u(n, 70)), 1
      from generate_series(1, ${Math.max(10, Math.floor(N / 200))}) n`);
    await createPageViewPartitions(client);
    // Page views, oldest first, more of them lately: a third anonymous, the rest by members (only the
    // active ones in the last 30 days).
    await client.query(`
      insert into page_views (path, user_id, viewed_at)
      select (${textArray(pagePaths)})[${weighted('bench_build.u(k, 501)', pagePathWeights)}],
             case when bench_build.u(k, 502) < 0.35 then null
                  when v.ago < 30.5 then bench_build.user_id(1 + floor(bench_build.u(k, 503) * ${A})::bigint)
                  else bench_build.user_id(1 + floor(bench_build.u(k, 503) * ${M})::bigint) end,
             bench_build.ago(v.ago)
      from generate_series(0, ${size.pageViews - 1}) k
      cross join lateral (select ${HISTORY_DAYS} * power(1 - (k + 0.5) / ${size.pageViews}, 2) as ago) v`);
  });

  await step('keys, indexes and foreign keys back (building them checks them)', async () => {
    await restoreDdl(client, `kind = 'constraint'`);
    await restoreDdl(client, `kind = 'index'`);
    await restoreDdl(client, `kind = 'foreign key'`);
  });

  const facts = await step('the data the timing uses', async () => {
    const one = async (sql, params) => (await client.query(sql, params)).rows[0];
    // The bench member: the active member with the most responses (a heavy user's pages are the slow
    // ones), among those who exchanged points, so the exchange history has rows.
    const member = await one(`
      select p.id, p.email from bench_build.person p join users u on u.id = p.id
      where p.kind = 'member' and p.active and not p.fresh and not u.banned and u.phone_verified_at is not null
      order by exists (select 1 from gift_requests g where g.user_id = p.id) desc, p.response_draw * p.resp_mult desc, p.n limit 1`);
    const bigAd = plan.ads[plan.bigIndex];
    // A typical ad of the big advertiser: its delivering ad with the median number of deliveries.
    const typicalAd = await one(
      `select a.id from ads a join bench_build.delivered d on d.ad_id = a.id
       where a.advertiser_id = $1 and a.is_active and a.status = 'approved' and a.id <> $2
       order by d.n limit 1 offset (select count(*) / 2 from ads a2 join bench_build.delivered d2 on d2.ad_id = a2.id
                                    where a2.advertiser_id = $1 and a2.is_active and a2.status = 'approved' and a2.id <> $2)`,
      [plan.advertisers[0].id, bigAd.id],
    );
    return {
      builtAt: t0.toISOString(),
      growthExponent: q,
      memberId: member.id,
      memberEmail: member.email,
      bigAdvertiserId: plan.advertisers[0].id,
      bigAdvertiserEmail: plan.advertisers[0].email,
      bigAdId: bigAd.id,
      typicalAdId: typicalAd?.id ?? bigAd.id,
      smallAdvertiserId: plan.advertisers[Math.min(1, plan.advertisers.length - 1)].id,
      adminId,
      adminEmail: ADMIN_EMAIL,
    };
  });

  await step('the rules hold (SQL checks of the data)', () => checkInvariants(client));
  await step('drop the build’s own schema; vacuum and analyze every table', async () => {
    await client.query(`drop schema bench_build cascade`);
    await client.query(`vacuum analyze`);
  });
  return facts;
}

/** The admin's address (the server runs with ADMIN_EMAIL set to it). */
export const ADMIN_EMAIL = 'admin@quiz-points.example';

/** The day (days ago) of pick `j` of a person's `count` gacha or daily-quiz days (see bench_build.stratum). */
function dayOf(p, count, j, salt) {
  const f = `bench_build.u(${p}.n::bigint * 4096 + ${j}, ${salt})`;
  // An active, not new member's last one is in the last 30 days; the others spread over [30, g_first].
  return `case when ${p}.active and not ${p}.fresh and ${p}.g_first >= 30 and ${p}.${count} > 1
    then case when ${j} = ${p}.${count} - 1 then floor(${f} * 30)::int
              else bench_build.stratum(30, ${p}.g_first, ${p}.${count} - 1, ${j}, ${f}) end
    when ${p}.active and not ${p}.fresh and ${p}.g_first >= 30 then floor(${f} * 30)::int
    else bench_build.stratum(${p}.g_last, ${p}.g_first, ${p}.${count}, ${j}, ${f}) end`;
}

/** Runs the saved statements that recreate what the load dropped (`where` picks which). */
async function restoreDdl(client, where) {
  const { rows } = await client.query(
    `select kind, tbl, name, def from bench_build.saved_ddl where ${where} order by ord`,
  );
  for (const row of rows) {
    await client.query(
      row.kind === 'index'
        ? row.def
        : `alter table ${row.tbl} add constraint ${JSON.stringify(row.name)} ${row.def}`,
    );
  }
  await client.query(`delete from bench_build.saved_ddl where ${where}`);
}

/**
 * page_views is partitioned by Japan-time month (migration 0016): the history's months get their
 * partitions before the rows go in, through the app's own function, as the prune job makes them.
 */
async function createPageViewPartitions(client) {
  await client.query(`
    select qp_add_page_view_months(
      first_month, first_month, date_trunc('month', bench_build.t0() at time zone 'Asia/Tokyo')::date)
    from (select date_trunc('month', bench_build.ago(${HISTORY_DAYS + 1}) at time zone 'Asia/Tokyo')::date
            as first_month) months`);
}

/**
 * The rules the data must keep, each a count of rows that break it (0 when it holds). Throws, naming
 * every broken rule, unless all hold; answers the counts.
 */
export async function checkInvariants(client) {
  const checks = {
    'every balance equals the sum of its ledger rows': `
      select count(*) from users u left join (select user_id, sum(points) s from point_transactions group by user_id) l
        on l.user_id = u.id where u.points <> coalesce(l.s, 0)`,
    'no ad has more deliveries than its cap': `
      select count(*) from ads a join (select ad_id, count(*) n from ad_deliveries group by ad_id) d on d.ad_id = a.id
      where d.n > a.max_deliveries`,
    'an approved ad’s delivery slots hold its cap minus its deliveries': `
      select count(*) from ads a
      left join (select ad_id, count(*) n from ad_deliveries group by ad_id) d on d.ad_id = a.id
      left join (select ad_id, sum(remaining) r from ad_delivery_slots group by ad_id) s on s.ad_id = a.id
      where a.status = 'approved' and coalesce(s.r, -1) <> a.max_deliveries - coalesce(d.n, 0)`,
    'every delivery has its person’s clicked response, and every ad response its delivery': `
      select count(*) from ad_deliveries d
      full join (select ad_id, user_id from quiz_responses where ad_id is not null and clicked_at is not null) r
        on r.ad_id = d.ad_id and r.user_id = d.user_id
      where d.id is null or r.ad_id is null`,
    'every answered response has its ledger row, with the same points, and no ledger row lacks its answer': `
      select count(*) from (select user_id, ad_id::text as ref, points_awarded from quiz_responses
                            where ad_id is not null and answered_at is not null) r
      full join (select user_id, ref, points from point_transactions where reason = 'ad_quiz') l
        on l.user_id = r.user_id and l.ref = r.ref
      where r.user_id is null or l.user_id is null or l.points <> r.points_awarded`,
    'every daily-quiz answer has its ledger row': `
      select count(*) from (select user_id, daily_quiz_id, points_awarded from quiz_responses where daily_quiz_id is not null) r
      full join (select user_id, ref, points from point_transactions where reason = 'daily_quiz') l
        on l.user_id = r.user_id and l.ref = r.daily_quiz_id
      where r.user_id is null or l.user_id is null or l.points <> r.points_awarded`,
    'every gift request has its debit, and a rejected one its refund': `
      select count(*) from gift_requests g
      left join point_transactions d on d.user_id = g.user_id and d.reason = 'gift_request' and d.ref = g.id::text
      left join point_transactions f on f.user_id = g.user_id and f.reason = 'gift_refund' and f.ref = g.id::text
      where d.points is distinct from -g.points_used or ((g.status = 'rejected') <> (f.points is not null))`,
    'one response per person and ad, one delivery per person and ad (the unique indexes exist)': `
      select 2 - count(*) from pg_indexes
      where indexname in ('quiz_responses_person_ad_key', 'ad_deliveries_ad_user_key')`,
    'each ad’s invoices bill every delivery before the last one’s end exactly once': `
      select count(*) from (${MISBILLED_ADS_SQL}) misbilled`,
    'every delivery is of an approved ad, at its price': `
      select count(*) from ad_deliveries d join ads a on a.id = d.ad_id where a.status <> 'approved' or d.unit_price <> a.unit_price`,
  };
  const results = {};
  const broken = [];
  for (const [rule, sql] of Object.entries(checks)) {
    const count = Object.values((await client.query(sql)).rows[0])[0];
    results[rule] = Number(count);
    if (Number(count) !== 0) broken.push(`${rule}: ${count} rows break it`);
  }
  if (broken.length > 0) throw new Error(`The scale database breaks the rules:\n  ${broken.join('\n  ')}`);
  return results;
}

/** Row counts of the big tables, and the database's size. */
export async function databaseSize(client) {
  const tables = [
    'users',
    'ads',
    'ad_delivery_slots',
    'quiz_responses',
    'ad_deliveries',
    'point_transactions',
    'page_views',
    'gift_requests',
    'invoices',
    'auth_sessions',
    'auth_accounts',
    'notice_reads',
    'admin_audit',
  ];
  const rows = {};
  for (const table of tables) {
    rows[table] = Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
  }
  const [facts] = (
    await client.query(`
      select pg_database_size(current_database()) as bytes,
        (select count(*) from users u where qp_is_member(u, now())) as members,
        (select count(*) from users where role = 'advertiser') as advertisers,
        (select count(*) from ads a where a.status = 'approved' and a.is_active and a.holds = '{}'
           and (a.starts_at is null or a.starts_at <= now()) and (a.ends_at is null or a.ends_at > now())
           and qp_ad_has_room(a.id)) as delivering`)
  ).rows;
  return {
    rows,
    members: Number(facts.members),
    advertisers: Number(facts.advertisers),
    deliveringAds: Number(facts.delivering),
    databaseBytes: Number(facts.bytes),
    databaseGb: Number((Number(facts.bytes) / 1e9).toFixed(1)),
    cores: os.cpus().length,
  };
}
