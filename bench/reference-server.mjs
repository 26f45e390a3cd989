// The reference of npm run bench (issue 14: "a ceiling is claimed only with a reference
// implementation measured beside it"): the smallest server that does the hot endpoints' work on
// this machine — plain node:http and pg, no framework, no validation library, no logging — with the
// same database effect as the product: the same signed session cookie checked the same way, the
// same one SQL function per request sent as the same named prepared statement, and the ad list's
// segment kept per catalogue version and answered from each ad's JSON, as the product does.
// bench/bench.mjs starts it with: node bench/reference-server.mjs <port> <database url> <secret>.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl, secret] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const LIFE = 60 * 60 * 24 * 30;
const REFRESH = 60 * 60 * 24;
const COOKIE = 'qp.session_token=';
const gachaTable = JSON.stringify([
  { points: 1, weight: 40 },
  { points: 3, weight: 30 },
  { points: 5, weight: 20 },
  { points: 10, weight: 9 },
  { points: 50, weight: 1 },
]);
const dailyPoints = JSON.stringify({ correct: 5, wrong: 1 });
const giftTypes = JSON.stringify([
  { id: 'amazon', label: 'Amazonギフトカード', amounts: [1000, 3000, 5000, 10000] },
]);

function sessionToken(cookieHeader = '') {
  const start = cookieHeader.indexOf(COOKIE);
  if (start < 0) return null;
  const end = cookieHeader.indexOf(';', start);
  const value = decodeURIComponent(cookieHeader.slice(start + COOKIE.length, end < 0 ? undefined : end));
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const statements = {
  click: 'select clicked_at, delivered from qp_click_ad($1, $2::uuid, $3, $4, $5, $6::timestamptz, $7, $8)',
  answer: `select is_correct, points, correct_option, balance
           from qp_answer_ad_quiz($1, $2::uuid, $3, $4, $5, $6, $7::timestamptz, $8, $9)`,
  gacha: 'select reward, balance from qp_claim_gacha($1, $2, $3::jsonb, $4::timestamptz, $5, $6)',
  daily: `select is_correct, points, correct_option, explanation, balance
          from qp_answer_daily_quiz($1, $2, $3::jsonb, $4::timestamptz, $5, $6)`,
  gift: `select r.id, r.gift_type, r.points_used,
                case when c.code is null then r.status else 'issued' end as status,
                r.created_at, r.email, r.label, c.code as code_ciphertext
         from qp_request_gift($1, $2, $3, $4::jsonb, $5::timestamptz, $6, $7) r
         cross join lateral qp_take_gift_code(r.id, r.gift_type, r.points_used, $5::timestamptz) c(code)`,
  mail: 'insert into dev_outbox ("to", subject, text) values ($1, $2, $3)',
  member: `select viewer_gender, viewer_age_band, catalogue_version, ad_id, clicked_at,
                  ad_provider, ad_title, ad_url, user_reward, created_at
           from qp_list_ads_for_member($1, $2::timestamptz, $3, $4, $5::uuid, $6)`,
  segment: `select catalogue_version, id, ad_provider, ad_title, ad_url, user_reward, created_at
            from qp_segment_ads($1, $2, $3)`,
};
/** An answer's result as the app's answer endpoints give it. */
const graded = (row) => ({
  isCorrect: row.is_correct,
  points: row.points,
  correctOption: row.correct_option,
  balance: row.balance,
});
const run = async (name, values) => (await pool.query({ name, text: statements[name], values })).rows;

const PAGE = 50;
const adJson = (id, ad) =>
  JSON.stringify({
    id,
    adProvider: ad.ad_provider,
    adTitle: ad.ad_title,
    adUrl: ad.ad_url,
    userReward: ad.user_reward,
  }).slice(0, -1);
const segments = new Map();
// The first page of the list: the database picks the person's page, the segment's ads give each its JSON.
async function adList(token) {
  const [head, ...page] = await run('member', [token, new Date().toISOString(), LIFE, REFRESH, null, PAGE]);
  const key = `${head.viewer_gender}/${head.viewer_age_band}`;
  let segment = segments.get(key);
  if (segment?.version !== Number(head.catalogue_version)) {
    const ads = await run('segment', [head.viewer_gender, head.viewer_age_band, null]);
    segment = {
      version: Number(ads[0].catalogue_version),
      ads: new Map(ads.filter((ad) => ad.id).map((ad) => [ad.id, adJson(ad.id, ad)])),
    };
    segments.set(key, segment);
  }
  const shown = page.slice(0, PAGE);
  const items = shown.map((row) => {
    const ad = row.ad_title === null ? segment.ads.get(row.ad_id) : adJson(row.ad_id, row);
    const clickedAt = row.clicked_at ? `"${row.clicked_at.toISOString()}"` : 'null';
    return `${ad},"clickedAt":${clickedAt},"answered":false}`;
  });
  const next = page.length > PAGE ? `"${shown.at(-1).ad_id}"` : 'null';
  return `{"ads":[${items.join(',')}],"nextCursor":${next}}`;
}

async function handle(request, body) {
  const token = sessionToken(request.headers.cookie);
  if (!token) return [401, '{"error":{"code":"UNAUTHENTICATED"}}'];
  const now = new Date().toISOString();
  const url = request.url;
  if (request.method === 'GET' && url === '/api/ads') return [200, await adList(token)];
  if (url === '/api/gacha/claim') {
    const [row] = await run('gacha', [token, randomInt(2 ** 47) / 2 ** 47, gachaTable, now, LIFE, REFRESH]);
    return [200, JSON.stringify({ success: true, reward: row.reward, balance: row.balance })];
  }
  if (url === '/api/daily-quiz/answer') {
    const { option } = JSON.parse(body);
    const [row] = await run('daily', [token, option, dailyPoints, now, LIFE, REFRESH]);
    return [200, JSON.stringify({ ...graded(row), explanation: row.explanation })];
  }
  if (url === '/api/gift-requests') {
    const { giftType, points } = JSON.parse(body);
    const [row] = await run('gift', [token, giftType, points, giftTypes, now, LIFE, REFRESH]);
    await run('mail', [
      row.email,
      '【クイズポイント】ポイント交換を受け付けました',
      `${row.label}への交換を受け付けました。`,
    ]);
    return [
      200,
      JSON.stringify({
        id: row.id,
        giftType: row.gift_type,
        pointsUsed: row.points_used,
        status: row.status,
      }),
    ];
  }
  const ad = /^\/api\/ads\/([0-9a-f-]{36})\/(click|answer)$/.exec(url);
  if (ad?.[2] === 'click') {
    const [row] = await run('click', [token, ad[1], 0, 120, 3600, now, LIFE, REFRESH]);
    return [200, JSON.stringify({ clickedAt: row.clicked_at.toISOString(), waitSeconds: 0 })];
  }
  if (ad?.[2] === 'answer') {
    const { option } = JSON.parse(body);
    const [row] = await run('answer', [token, ad[1], option, 0, 240, 3600, now, LIFE, REFRESH]);
    return [200, JSON.stringify(graded(row))];
  }
  return [404, '{"error":{"code":"NOT_FOUND"}}'];
}

http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, Buffer.concat(chunks).toString())
        .catch((error) => [
          error.code === 'QPREF' ? 409 : 500,
          JSON.stringify({ error: { code: error.message } }),
        ])
        .then(([status, text]) => {
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          response.end(text);
        });
    });
  })
  .listen(Number(port), '127.0.0.1');
