import {
  ageBands,
  annualIncomes,
  genders,
  japanDayStart,
  maritalStatuses,
  noTargeting,
  occupations,
  type PricedTargeting,
  prefectures,
  profileUpdateBody,
  signupBody,
} from '@quiz-points/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../../scripts/test-support.mjs';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { users } from '../../db/schema.ts';
import { createAds } from '../../test/factories.ts';
import { databaseKinds, postgresKinds, useTestDatabase } from '../../test/test-database.ts';
import { banAccount } from '../accounts/ban-account.ts';
import { completeSignup } from '../accounts/complete-signup.ts';
import { updateProfile } from '../accounts/update-profile.ts';
import { withdrawAccount } from '../accounts/withdraw-account.ts';
import { applyPointChange } from '../points/ledger.ts';
import { countReach, reachStatement } from './count-reach.ts';
import { refreshReachCells } from './refresh-reach-cells.ts';

// The cells' first day is the last of February 2026 (Japan time); the next day, 1 March, moves age
// bands: people born on 1 March, and in a year that is not a leap year those born on 29 February
// (PostgreSQL's age(), which qp_is_member and qp_age_band use, as ageOn does), have their birthday.
const DAY = '2026-02-28';
const NEXT_DAY = '2026-03-01';
const noonOf = (day: string) => new Date(japanDayStart(day).getTime() + 12 * 3600_000);
const minutesAfterMidnight = (day: string, minutes: number) =>
  new Date(japanDayStart(day).getTime() + minutes * 60_000);

type Random = ReturnType<typeof seededRandom>;
const oneOf = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const sometimes = <T>(random: Random, value: T, chance = 0.8): T | null => (random() < chance ? value : null);

/** Few prefectures, so that cells hold several people and targetings overlap. */
const PREFECTURES = ['東京都', '神奈川県', '大阪府', '鳥取県', '島根県'] as const;
/** A zip code in each, for the sign-up and profile forms (which store the zip code's prefecture). */
const ZIP_CODES = ['1000001', '2200011', '5300001', '6800001', '6900001'] as const;

/**
 * The profile part of the sign-up and profile forms as a person fills it in: each field most often
 * given, sometimes left blank (gender with `genderChance`).
 */
function profileFormOf(random: Random, genderChance = 0.8) {
  return {
    zipCode: random() < 0.8 ? oneOf(random, ZIP_CODES) : '',
    gender: random() < genderChance ? oneOf(random, genders) : '',
    occupation: random() < 0.8 ? oneOf(random, occupations) : '',
    annualIncome: random() < 0.8 ? oneOf(random, annualIncomes) : '',
    maritalStatus: random() < 0.8 ? oneOf(random, maritalStatuses) : '',
    hasChildren: random() < 0.8 ? random() < 0.5 : null,
  };
}

/** Birth dates on both sides of the next day's band boundaries, and others anywhere from 1940 to 2011. */
function birthDateOf(random: Random): string {
  if (random() < 0.5) {
    const age = oneOf(random, [17, 18, 19, 20, 29, 30, 39, 40, 49, 50, 59, 60]);
    const year = 2026 - age;
    return oneOf(random, [`${year}-03-01`, `${year}-02-28`, `${year}-03-02`]);
  }
  if (random() < 0.1) return oneOf(random, ['2008-02-29', '1996-02-29', '1976-02-29', '1956-02-29']);
  const day = new Date(Date.UTC(1940, 0, 1) + Math.floor(random() * 71 * 365) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

let serial = 0;
const SIGNED_UP_AT = new Date('2025-06-01T00:00:00Z');

/** People as they are found in the users table: members, and all the kinds who are not. */
function peopleRows(random: Random, howMany: number) {
  return Array.from({ length: howMany }, () => {
    const id = `cell-${++serial}`;
    const completed = random() < 0.9;
    return {
      id,
      email: `${id}@example.com`,
      emailHash: `hash-${id}`,
      role: random() < 0.95 ? ('user' as const) : ('advertiser' as const),
      signupCompletedAt: completed ? SIGNED_UP_AT : null,
      birthDate: completed || random() < 0.5 ? birthDateOf(random) : null,
      withdrawnAt: random() < 0.04 ? new Date('2025-12-01T00:00:00Z') : null,
      banned: random() < 0.05,
      gender: sometimes(random, oneOf(random, genders)),
      prefecture: sometimes(random, oneOf(random, PREFECTURES)),
      occupation: sometimes(random, oneOf(random, occupations)),
      annualIncome: sometimes(random, oneOf(random, annualIncomes)),
      maritalStatus: sometimes(random, oneOf(random, maritalStatuses)),
      hasChildren: sometimes(random, random() < 0.5),
    };
  });
}

type UserInsert = typeof users.$inferInsert;

/**
 * Plain users (neither advertisers, withdrawn nor suspended), not signed up and with no birth date
 * unless `fields` (of the i-th, from 0) say otherwise.
 */
function plainUsers(
  random: Random,
  howMany: number,
  fields: (i: number) => Partial<UserInsert> = () => ({}),
) {
  return peopleRows(random, howMany).map((row, i) => ({
    ...row,
    role: 'user' as const,
    signupCompletedAt: null,
    withdrawnAt: null,
    banned: false,
    birthDate: null,
    ...fields(i),
  }));
}

async function insertPeople(db: Database, rows: UserInsert[]) {
  for (let start = 0; start < rows.length; start += 100) {
    await db.insert(users).values(rows.slice(start, start + 100));
  }
}

/** A targeting as the advertiser's form makes one: boxes ticked or not, each list empty or a few values. */
function targetingOf(random: Random): PricedTargeting {
  const boxes = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, random() < 0.45])) as Record<K, boolean>;
  const list = (values: readonly string[]) => (random() < 0.55 ? [] : values.filter(() => random() < 0.4));
  return {
    targetGender: random() < 0.5 ? noTargeting.targetGender : boxes(genders),
    targetAgeRange: random() < 0.5 ? noTargeting.targetAgeRange : boxes(ageBands),
    targetPrefectures: list([...PREFECTURES, '沖縄県']),
    targetOccupations: list(occupations),
    targetIncomes: list(annualIncomes),
    targetMaritalStatuses: list(maritalStatuses),
    targetChildren: list(['with', 'without']),
  };
}

const everyone: PricedTargeting = {
  ...noTargeting,
  targetPrefectures: [],
  targetOccupations: [],
  targetIncomes: [],
  targetMaritalStatuses: [],
  targetChildren: [],
};
const allTicked = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, true]));

/** Every cell, in key order, leaving out the ones emptied since the last recount. */
function cellsOf(db: Database) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select level, prefecture, occupation, annual_income, marital_status, has_children, gender,
               age_band, members
        from reach_cells where members <> 0
        order by level, prefecture, occupation, annual_income, marital_status, has_children, gender, age_band`,
  );
}

/** The matrix: everyone, every box and value at once, each age band alone, and random targetings. */
function targetingMatrix(): PricedTargeting[] {
  const random = seededRandom(27);
  return [
    everyone,
    {
      targetGender: allTicked(genders) as PricedTargeting['targetGender'],
      targetAgeRange: allTicked(ageBands) as PricedTargeting['targetAgeRange'],
      targetPrefectures: [...PREFECTURES],
      targetOccupations: [...occupations],
      targetIncomes: [...annualIncomes],
      targetMaritalStatuses: [...maritalStatuses],
      targetChildren: ['with', 'without'],
    },
    ...ageBands.map((band) => ({
      ...everyone,
      targetAgeRange: { ...noTargeting.targetAgeRange, [band]: true },
    })),
    { ...everyone, targetChildren: ['with', 'without'] },
    { ...everyone, targetPrefectures: ['沖縄県'] },
    // More than half the prefectures (regions ticked), counted from the ones left out.
    { ...everyone, targetPrefectures: [...prefectures] },
    { ...everyone, targetPrefectures: prefectures.filter((prefecture) => prefecture !== '鳥取県') },
    ...Array.from({ length: 12 }, () => {
      const targeting = targetingOf(random);
      const leftOut = new Set(PREFECTURES.filter(() => random() < 0.5));
      const many = prefectures.filter((prefecture, i) => !leftOut.has(prefecture as never) && i % 5 !== 0);
      return { ...targeting, targetPrefectures: many };
    }),
    ...Array.from({ length: 72 }, () => targetingOf(random)),
  ];
}

describe.each(databaseKinds())('the reach cells on %s', (kind) => {
  const database = useTestDatabase(kind);
  const matrix = targetingMatrix();
  /** One approved, running ad per targeting of the matrix, for the delivery rule to be asked of. */
  let adIds: string[] = [];
  const random = seededRandom(kind === 'pglite' ? 1 : 2);

  beforeAll(async () => {
    const created = await createAds(database.db, matrix.length, (i) => {
      const targeting = matrix[i]!;
      return {
        targetGender: targeting.targetGender,
        targetAgeRange: targeting.targetAgeRange,
        targetPrefectures: [...targeting.targetPrefectures],
        targetOccupations: [...targeting.targetOccupations],
        targetIncomes: [...targeting.targetIncomes],
        targetMaritalStatuses: [...targeting.targetMaritalStatuses],
        targetChildren: [...targeting.targetChildren],
      };
    });
    adIds = created.map((ad) => ad.id);
  });

  /** Members each matrix ad delivers to, counted person by person with `qp_ad_delivers` on `day`. */
  async function rawCounts(day: string): Promise<number[]> {
    const at = noonOf(day).toISOString();
    const rows = await queryRows<{ id: string; members: number }>(
      database.db,
      sql`select a.id,
                 (select count(*)::integer from users u
                  where qp_is_member(u, ${at}::timestamptz) and not u.banned
                    and qp_ad_delivers(a, u, qp_age_band(u.birth_date, ${at}::timestamptz), ${at}::timestamptz)
                 ) as members
          from ads a`,
    );
    const byId = new Map(rows.map((row) => [row.id, row.members]));
    return adIds.map((id) => byId.get(id)!);
  }

  async function cellSums(): Promise<number[]> {
    const sums: number[] = [];
    for (const targeting of matrix) sums.push(await countReach({ db: database.db, targeting }));
    return sums;
  }

  async function asOf(): Promise<string> {
    const [row] = await queryRows<{ day: string }>(
      database.db,
      sql`select as_of::text as day from reach_cell_state`,
    );
    return row!.day;
  }

  const cells = () => cellsOf(database.db);

  /** The cells sum to what the delivery rule counts for every targeting, and equal a recount. */
  async function expectExact(day: string) {
    expect(await asOf()).toBe(day);
    const raw = await rawCounts(day);
    expect(await cellSums()).toEqual(raw);
    const kept = await cells();
    await refreshReachCells({ db: database.db, now: noonOf(day), force: true });
    expect(await cells()).toEqual(kept);
    return raw;
  }

  async function membersNamed(ids: string[]) {
    return database.db.select().from(users).where(inArray(users.id, ids));
  }

  /** Some of the population who count today, by the rule itself. */
  async function someMembers(howMany: number, day: string) {
    const at = noonOf(day).toISOString();
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`select u.id from users u
          where u.id like 'cell-%' and qp_is_member(u, ${at}::timestamptz) and not u.banned
          order by u.id desc limit ${howMany}`,
    );
    return rows.map((row) => row.id);
  }

  it('sum, for every targeting of the matrix, to what the delivery rule counts member by member', async () => {
    await refreshReachCells({ db: database.db, now: noonOf(DAY), force: true });
    expect(await cells()).toEqual([]);
    // Written one hundred at a time, so the trigger builds every cell from nothing.
    await insertPeople(database.db, peopleRows(random, 400));
    const raw = await expectExact(DAY);
    // The matrix is no trivial one: its targetings reach many different numbers of members.
    expect(new Set(raw).size).toBeGreaterThan(25);
    expect(raw[0]).toBeGreaterThan(200);
  });

  it('count sign-ups at once', async () => {
    const db = database.db;
    const rows = plainUsers(random, 30);
    await insertPeople(db, rows);
    // Signed in but not signed up: no member yet.
    expect(await cellSums()).toEqual(await rawCounts(DAY));
    for (const row of rows) {
      const input = signupBody.parse({
        birthYear: oneOf(random, [1960, 1966, 1976, 1996, 2006, 2007]),
        birthMonth: oneOf(random, [2, 3]),
        birthDay: oneOf(random, [1, 28]),
        agreeToTerms: true,
        ...profileFormOf(random),
      });
      await completeSignup({ db, userId: row.id, input, now: noonOf(DAY) });
    }
    const signedUp = await membersNamed(rows.map((row) => row.id));
    expect(signedUp.filter((user) => user.signupCompletedAt === null)).toEqual([]);
    await expectExact(DAY);
  });

  it('follow profile edits at once, and not balance changes', async () => {
    const db = database.db;
    const ids = await someMembers(40, DAY);
    for (const id of ids) {
      const input = profileUpdateBody.parse(profileFormOf(random, 0.5));
      await updateProfile({ db, userId: id, input });
    }
    await expectExact(DAY);

    const before = await cells();
    for (const id of ids.slice(0, 5)) {
      await db.transaction((tx) =>
        applyPointChange(tx, { userId: id, points: 7, reason: 'admin_adjustment', ref: `reach-${id}` }),
      );
    }
    expect(await cells()).toEqual(before);
    // Only the columns that decide membership and cells fire the trigger; balances never do.
    const triggers = await queryRows<{ definition: string }>(
      db,
      sql`select pg_get_triggerdef(t.oid) as definition from pg_trigger t
          where t.tgrelid = 'users'::regclass and t.tgfoid = 'qp_reach_cells_follow_users'::regproc
          order by t.tgname`,
    );
    expect(triggers.map((trigger) => trigger.definition)).toEqual([
      expect.stringMatching(
        /AFTER DELETE ON public\.users REFERENCING OLD TABLE AS changed_users FOR EACH STATEMENT/,
      ),
      expect.stringMatching(
        /AFTER INSERT ON public\.users REFERENCING NEW TABLE AS changed_users FOR EACH STATEMENT/,
      ),
      expect.stringMatching(
        /AFTER UPDATE OF role, banned, withdrawn_at, signup_completed_at, birth_date, gender, prefecture, occupation, annual_income, marital_status, has_children ON public\.users FOR EACH ROW WHEN/,
      ),
    ]);
  });

  it('follow withdrawals, suspensions and their lifting, role changes and deleted rows at once', async () => {
    const db = database.db;
    const [withdrawing, suspending, other] = [
      await someMembers(5, DAY),
      (await someMembers(11, DAY)).slice(5),
      (await someMembers(13, DAY)).slice(11),
    ];
    for (const id of withdrawing) {
      await withdrawAccount({ db, userId: id, sessionStartedAt: noonOf(DAY), now: noonOf(DAY) });
    }
    for (const id of suspending) {
      await db.transaction((tx) =>
        banAccount(tx, { userId: id, suspended: true, reason: 'テスト', now: noonOf(DAY) }),
      );
    }
    await expectExact(DAY);

    const lifted = (await db.select({ id: users.id }).from(users).where(eq(users.banned, true))).slice(0, 4);
    expect(lifted).toHaveLength(4);
    for (const { id } of lifted) {
      await db.transaction((tx) =>
        banAccount(tx, { userId: id, suspended: false, reason: '', now: noonOf(DAY) }),
      );
    }
    await db.update(users).set({ role: 'advertiser' }).where(eq(users.id, other[0]!));
    // A member with no ledger rows (written straight to the table) can be deleted.
    const [plain] = await queryRows<{ id: string }>(
      db,
      sql`select u.id from users u where u.id like 'cell-%' and u.signup_completed_at is not null
            and not u.banned and u.role = 'user' and u.withdrawn_at is null
            and not exists (select 1 from point_transactions p where p.user_id = u.id)
          order by u.id limit 1`,
    );
    await db.delete(users).where(eq(users.id, plain!.id));
    await expectExact(DAY);
  });

  it('move members across age bands, and in at 18, at the recount after the Japan-time midnight', async () => {
    const db = database.db;
    const before = await expectExact(DAY);
    // Still the last day of February: nothing to recount.
    expect(await refreshReachCells({ db, now: minutesAfterMidnight(NEXT_DAY, -1) })).toEqual({
      asOf: DAY,
      written: null,
    });
    // Until the recount the cells count the day they were counted on.
    expect(await cellSums()).toEqual(before);

    const refreshed = await refreshReachCells({ db, now: minutesAfterMidnight(NEXT_DAY, 5) });
    expect(refreshed).toMatchObject({ asOf: NEXT_DAY, written: expect.any(Number) });
    const after = await expectExact(NEXT_DAY);
    // Birthdays moved people: the age bands alone (matrix rows 2 to 7) count differently today.
    expect(after.slice(2, 8)).not.toEqual(before.slice(2, 8));
    const [turned18] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::integer as n from users u
          where u.birth_date in ('2008-03-01', '2008-02-29') and not u.banned
            and qp_is_member(u, ${noonOf(NEXT_DAY).toISOString()}::timestamptz)`,
    );
    expect(turned18!.n).toBeGreaterThan(0);
    // A run later the same day changes nothing.
    expect(await refreshReachCells({ db, now: minutesAfterMidnight(NEXT_DAY, 65) })).toEqual({
      asOf: NEXT_DAY,
      written: null,
    });

    // Changes after the recount are counted on the new day: one who turns 18 today signs up.
    const [newcomer] = plainUsers(random, 1);
    await insertPeople(db, [newcomer!]);
    await completeSignup({
      db,
      userId: newcomer!.id,
      input: signupBody.parse({ birthYear: 2008, birthMonth: 3, birthDay: 1, agreeToTerms: true }),
      now: noonOf(NEXT_DAY),
    });
    const withNewcomer = await expectExact(NEXT_DAY);
    expect(withNewcomer[0]).toBe(after[0]! + 1);

    // Moved on over many birthdays at once (the job did not run for weeks), and across a new year.
    for (const day of ['2026-04-15', '2026-12-20', '2027-01-10', '2027-03-01']) {
      expect(await refreshReachCells({ db, now: minutesAfterMidnight(day, 5) })).toMatchObject({ asOf: day });
      await expectExact(day);
    }
  });

  it('count a prefecture outside the 47 as the delivery does, whichever way a list is counted', async () => {
    const db = database.db;
    const day = await asOf();
    const odd = plainUsers(random, 3, () => ({
      signupCompletedAt: SIGNED_UP_AT,
      birthDate: '1985-01-01',
      prefecture: 'テスト県',
    }));
    await insertPeople(db, odd);
    expect(await cellSums()).toEqual(await rawCounts(day));
    await db.delete(users).where(
      inArray(
        users.id,
        odd.map((row) => row.id),
      ),
    );
    expect(await cellSums()).toEqual(await rawCounts(day));
  });

  it('are put right by a recount however wrong they were', async () => {
    const db = database.db;
    const day = await asOf();
    const right = await cells();
    await db.execute(
      sql`update reach_cells set members = members + 3 where level = 31 and prefecture = '東京都'`,
    );
    await db.execute(sql`delete from reach_cells where level = 1 and gender is null`);
    await db.execute(
      sql`insert into reach_cells (level, prefecture, gender, age_band, members) values (1, '沖縄県', 'male', '20s', 9)`,
    );
    expect(await cells()).not.toEqual(right);
    expect(await refreshReachCells({ db, now: noonOf(day), force: true })).toMatchObject({
      written: expect.any(Number),
    });
    expect(await cells()).toEqual(right);
    // And from nothing.
    await db.execute(sql`delete from reach_cells`);
    expect(await refreshReachCells({ db, now: noonOf(day) })).toMatchObject({ asOf: day });
    expect(await cells()).toEqual(right);
  });

  it('are what the estimate reads, through the index, never the members; birthdays are found by index', async () => {
    for (const targeting of [everyone, matrix[1]!, matrix[20]!]) {
      const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
        database.db,
        sql`explain (format json) ${reachStatement(targeting)}`,
      );
      const text = JSON.stringify(plan!['QUERY PLAN']);
      expect(text).toContain('"Relation Name":"reach_cells"');
      expect(text).not.toContain('"Relation Name":"users"');
    }
    // The daily move finds the people whose birthday came through users_birth_month_day_idx (the
    // query's expression must be the index's own to use it).
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`explain (format json) select count(*) from users u
            where u.birth_date is not null
              and extract(month from u.birth_date) * 100 + extract(day from u.birth_date) = any (array[228, 229, 301])`,
      );
      return JSON.stringify(row!['QUERY PLAN']);
    });
    expect(plan).toContain('"Index Name":"users_birth_month_day_idx"');
  });
});

describe.each(postgresKinds())('the reach cells under concurrent changes on %s', (kind) => {
  const database = useTestDatabase(kind);
  const random = seededRandom(3);
  const cells = () => cellsOf(database.db);

  it('stay exactly equal to a recount through sign-ups, profile edits, suspensions, the midnight move and recounts at once', async () => {
    const db = database.db;
    // The cells count the last day of February; the burst runs on 1 March, when some have a birthday.
    const now = noonOf(NEXT_DAY);
    await refreshReachCells({ db, now: noonOf(DAY), force: true });
    // Two profiles people swap between in both directions at once, and sign-ups into the same cells.
    const profiles = [
      {
        zipCode: '1000001',
        gender: 'female',
        occupation: '会社員',
        annualIncome: '500万円〜',
        maritalStatus: 'married',
        hasChildren: true,
      },
      {
        zipCode: '5300001',
        gender: 'male',
        occupation: '学生',
        annualIncome: '',
        maritalStatus: 'single',
        hasChildren: false,
      },
    ] as const;
    const editors = plainUsers(random, 60, (i) => ({
      signupCompletedAt: SIGNED_UP_AT,
      // Every third has a birthday on 1 March: turning 30, or 18 (a member from that day on).
      birthDate: i % 3 === 0 ? oneOf(random, ['1996-03-01', '1996-02-29', '2008-03-01']) : '1990-05-05',
      gender: null,
      prefecture: i % 2 === 0 ? '東京都' : '大阪府',
    }));
    const joining = plainUsers(random, 60);
    await insertPeople(db, [...editors, ...joining]);
    const before = await cells();
    expect(before.length).toBeGreaterThan(0);

    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 3; round++) {
      editors.forEach((editor, i) => {
        const profile = profiles[(i + round) % 2]!;
        work.push(updateProfile({ db, userId: editor.id, input: profileUpdateBody.parse(profile) }));
      });
      if (round === 0) work.push(refreshReachCells({ db, now: minutesAfterMidnight(NEXT_DAY, 5) }));
      if (round === 1) work.push(refreshReachCells({ db, now, force: true }));
    }
    joining.forEach((person, i) => {
      const { zipCode, gender, occupation, annualIncome, maritalStatus, hasChildren } = profiles[i % 2]!;
      const input = signupBody.parse({
        birthYear: 1985,
        birthMonth: 4,
        birthDay: 4,
        agreeToTerms: true,
        zipCode,
        gender,
        occupation,
        annualIncome,
        maritalStatus,
        hasChildren,
      });
      work.push(completeSignup({ db, userId: person.id, input, now }));
    });
    // Members written many at a time (an import), beside the rest.
    for (let batch = 0; batch < 3; batch++) {
      const rows = plainUsers(random, 20, () => ({
        signupCompletedAt: SIGNED_UP_AT,
        birthDate: '1980-01-01',
        prefecture: '東京都',
      }));
      work.push(insertPeople(db, rows));
    }
    for (const editor of editors.slice(0, 10)) {
      work.push(
        db.transaction((tx) => banAccount(tx, { userId: editor.id, suspended: true, reason: 'テスト', now })),
      );
    }
    const outcomes = await Promise.allSettled(work);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    const counted = await cells();
    expect(counted).not.toEqual(before);
    await refreshReachCells({ db, now, force: true });
    expect(await cells()).toEqual(counted);
    const [members] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::integer as n from users u where qp_is_member(u, ${now.toISOString()}::timestamptz) and not u.banned`,
    );
    expect(await countReach({ db, targeting: everyone })).toBe(members!.n);
    expect(members!.n).toBe(170);
    expect(await queryRows(db, sql`select as_of::text as day from reach_cell_state`)).toEqual([
      { day: NEXT_DAY },
    ]);
  });

  it('keep the earning paths from waiting on a recount, which only member changes wait for', async () => {
    const db = database.db;
    const [person] = await queryRows<{ id: string }>(
      db,
      sql`select u.id from users u where u.signup_completed_at is not null and not u.banned order by u.id limit 1`,
    );
    const lockTimeout = async (work: (tx: Tx) => Promise<unknown>) => {
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '300ms'`);
          await work(tx);
        });
        return 'done';
      } catch (error) {
        return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      }
    };
    // A recount in progress holds the state row.
    const outcome = await db.transaction(async (recount) => {
      await recount.execute(sql`select 1 from reach_cell_state where id = 1 for update`);
      return {
        balance: await lockTimeout((tx) =>
          applyPointChange(tx, {
            userId: person!.id,
            points: 5,
            reason: 'admin_adjustment',
            ref: 'reach-wait',
          }),
        ),
        profile: await lockTimeout((tx) =>
          tx.update(users).set({ occupation: '無職' }).where(eq(users.id, person!.id)),
        ),
      };
    });
    expect(outcome).toEqual({ balance: 'done', profile: '55P03' });
  });
});
