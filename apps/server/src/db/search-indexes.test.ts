import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advertiserLines } from '../domain/admin-advertisers/search-advertisers.ts';
import { exactMatches, partialMatches } from '../domain/admin-users/search-users.ts';
import { pendingGiftRequestLines } from '../domain/gifts/list-gift-requests.ts';
import { postgresKinds, useTestDatabase } from '../test/test-database.ts';
import { hashEmail } from './email-hash.ts';
import { queryRows } from './query-rows.ts';

const MEMBERS = 60_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the statement's plan (EXPLAIN, not run): its kind, table and index. */
async function planOf(db: Parameters<typeof queryRows>[0], statement: SQLWrapper | SQL) {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    db,
    sql`explain (format json) ${statement}`,
  );
  const nodes: { type: string; table?: string; index?: string }[] = [];
  const walk = (node: PlanNode) => {
    nodes.push({ type: node['Node Type'], table: node['Relation Name'], index: node['Index Name'] });
    node.Plans?.forEach(walk);
  };
  walk(row!['QUERY PLAN'][0].Plan);
  return {
    nodes,
    uses: (index: string) => nodes.some((node) => node.index === index),
    scans: (table: string) => nodes.some((node) => node.type === 'Seq Scan' && node.table === table),
  };
}

// Speed is the plan's (no timed test): with tens of thousands of members analysed, the planner
// picks migration 0014's indexes by its own costs, as it does at a million (docs/performance.md).
describe.each(postgresKinds())('the admin searches’ indexes on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('reads the searches and lists through their indexes among 60,000 members', async () => {
    const { db } = database;
    // Members with addresses as people have them (a third at gmail.com), one in 500 an advertiser,
    // one in five withdrawn (its address replaced, its hashes in deleted_users).
    await db.execute(sql`
      insert into users (id, name, email, email_hash, role, display_name, company_name, phone_hash,
                         withdrawn_at, created_at)
      select 'plan-' || n, (array['田中 太郎','鈴木 花子','Ren Kato'])[1 + n % 3],
             case when n % 5 = 1 then 'withdrawn+plan-' || n || '@invalid.quiz-points'
                  when n % 500 = 0 then 'info' || n || '@' || family || '-shoji.co.jp'
                  else given || '.' || family || (n * 7919) % 100003 || '@' ||
                       (array['gmail.com','yahoo.co.jp','gmail.com','docomo.ne.jp','icloud.com','gmail.com',
                              'outlook.jp','ezweb.ne.jp','softbank.ne.jp'])[1 + n % 9]
             end,
             '', case when n % 500 = 0 then 'advertiser' else 'user' end,
             case when n % 500 = 0 then '広告担当 ' || n end,
             case when n % 500 = 0 then '株式会社' || family || '商事' end,
             'phone-' || n, case when n % 5 = 1 then timestamptz '2026-01-01' end,
             timestamptz '2024-01-01' + n * interval '17 minutes'
      from generate_series(1, ${MEMBERS}) n,
           lateral (select (array['tanaka','suzuki','sato','ito','kato','yamada','mori'])[1 + n % 7] as family,
                           (array['taro','hanako','yuki','ren','aoi','sota','mei','riku'])[1 + n % 8] as given) names`);
    await db.execute(
      sql`update users set email_hash = encode(sha256(convert_to(lower(email), 'UTF8')), 'hex')`,
    );
    await db.execute(sql`
      insert into deleted_users (uid, email_hash, phone_hash)
      select id, email_hash, phone_hash from users where withdrawn_at is not null`);
    await db.execute(sql`
      insert into gift_requests (user_id, gift_type, points_used)
      select id, 'amazon', 1000 from users where withdrawn_at is null and id like '%00'`);
    await db.execute(sql`analyze users, deleted_users, gift_requests`);

    const [{ email } = { email: '' }] = await queryRows<{ email: string }>(
      db,
      sql`select email from users where id = 'plan-12347'`,
    );
    // A fragment one address holds, from its middle: the trigram index.
    const rare = email.slice(3, 14);
    const rarePlan = await planOf(db, partialMatches(db, rare));
    expect(rarePlan.nodes).toContainEqual({ type: 'Bitmap Index Scan', index: 'users_email_trgm_idx' });
    expect(rarePlan.scans('users')).toBe(false);
    expect((await partialMatches(db, rare)).map((user) => user.id)).toEqual(['plan-12347']);

    // A fragment a third of the addresses hold: newest first along the index, until 50 are found.
    const commonPlan = await planOf(db, partialMatches(db, 'gmail'));
    expect(commonPlan.nodes).toContainEqual({
      type: 'Index Scan',
      table: 'users',
      index: 'users_created_idx',
    });
    expect(commonPlan.scans('users')).toBe(false);
    expect(await partialMatches(db, 'gmail')).toHaveLength(50);

    // Exact: the id, the e-mail's hash, a pasted hash.
    for (const q of ['plan-12347', email.toUpperCase(), hashEmail(email)]) {
      const plan = await planOf(db, exactMatches(db, q));
      expect(plan.uses('users_pkey') && plan.uses('users_email_hash_idx'), q).toBe(true);
      expect(plan.scans('users'), q).toBe(false);
      expect((await exactMatches(db, q)).map((user) => user.id)).toEqual(['plan-12347']);
    }

    // The advertiser list and its searches read the advertisers' own index (120 of 60,000 rows),
    // a Japanese fragment of one or two characters too.
    for (const q of [undefined, '商事', '田', 'info12', 'nothing-like-this']) {
      const plan = await planOf(db, advertiserLines({ db, q }));
      expect(plan.nodes, q).toContainEqual({
        type: 'Index Scan',
        table: 'users',
        index: 'users_advertisers_idx',
      });
      expect(plan.scans('users'), q).toBe(false);
    }
    expect(await advertiserLines({ db })).toHaveLength(50);
    expect(await advertiserLines({ db, q: 'tanaka-shoji' })).toHaveLength(17);
    // A later page starts at its cursor along the same index.
    const [, , last] = await advertiserLines({ db, limit: 3 });
    const laterPlan = await planOf(db, advertiserLines({ db, cursor: last!.user.id }));
    expect(laterPlan.nodes).toContainEqual({
      type: 'Index Scan',
      table: 'users',
      index: 'users_advertisers_idx',
    });
    expect(laterPlan.scans('users')).toBe(false);
    expect(
      (await advertiserLines({ db, cursor: last!.user.id, limit: 1 }))[0]!.user.createdAt.getTime(),
    ).toBeLessThan(last!.user.createdAt.getTime());
    const commonLater = await planOf(db, partialMatches(db, 'gmail', { cursor: 'plan-30000' }));
    expect(commonLater.scans('users')).toBe(false);

    // The gift requests' "withdrew before" finds a person by e-mail hash or phone hash.
    const giftPlan = await planOf(db, pendingGiftRequestLines(db));
    expect(
      giftPlan.uses('deleted_users_email_hash_idx') && giftPlan.uses('deleted_users_phone_hash_idx'),
    ).toBe(true);
    expect(giftPlan.scans('deleted_users')).toBe(false);
  }, 120_000);
});
