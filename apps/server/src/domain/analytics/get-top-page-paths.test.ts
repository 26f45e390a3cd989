import { addDays } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteDayPageViews } from '../../db/schema.ts';
import { databaseKinds, useTestDatabase } from '../../test/test-database.ts';
import { getTopPagePaths, TOP_PATHS } from './get-top-page-paths.ts';

type Views = Record<string, number>;

/** The list the dashboard must show: every path's sum, most viewed first, ties by path. */
function expected(days: Views[]): { path: string; views: number }[] {
  const sums = new Map<string, number>();
  for (const day of days)
    for (const [path, views] of Object.entries(day)) sums.set(path, (sums.get(path) ?? 0) + views);
  return [...sums]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, TOP_PATHS)
    .map(([path, views]) => ({ path, views }));
}

const openRows = (views: Views): SQL[] =>
  Object.entries(views).map(([path, n]) => sql`select ${path}::text as path, ${n}::bigint as views`);

describe.each(databaseKinds())('the most viewed paths on %s', (kind) => {
  const t = useTestDatabase(kind);
  let dayNumber = 0;

  /** Closed days (consecutive, new ones each time) with their rows ranked as the rollup ranks them. */
  async function closedDays(days: Views[]) {
    const first = addDays('2031-01-01', dayNumber);
    dayNumber += days.length + 1;
    for (const [i, views] of days.entries()) {
      const ranked = Object.entries(views).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
      await t.db
        .insert(siteDayPageViews)
        .values(
          ranked.map(([path, n], place) => ({ day: addDays(first, i), path, views: n, rank: place + 1 })),
        );
    }
    return { from: first, to: addDays(first, days.length - 1) };
  }

  it('sums only the leaders when no other path can reach the list', async () => {
    // 25 pages read every day, and 300 pages read once or twice, each on one day.
    const days = Array.from({ length: 6 }, (_, d) => ({
      ...Object.fromEntries(Array.from({ length: 25 }, (_, p) => [`/page-${p}`, 40 + p + d])),
      ...Object.fromEntries(Array.from({ length: 50 }, (_, q) => [`/quiz/${d}-${q}`, 1 + (q % 2)])),
    }));
    const open = { '/page-3': 500, '/quiz/new': 2, '/quiz/0-1': 1 };
    const closed = await closedDays(days);
    const answer = await getTopPagePaths({ db: t.db, closed, open: openRows(open), candidatesPerDay: 26 });
    expect(answer.everyPathSummed).toBe(false);
    expect(answer.paths).toEqual(expected([...days, open]));
    expect(answer.paths[0]).toEqual({ path: '/page-3', views: 500 + 6 * 43 + 15 });
  });

  it('sums every path when the leaders are not clear of the rest', async () => {
    // Many paths with the same few views: a path outside each day's leaders could still tie.
    const days = Array.from({ length: 4 }, (_, d) =>
      Object.fromEntries(Array.from({ length: 40 }, (_, p) => [`/p-${(p + d * 7) % 45}`, 2 + (p % 3)])),
    );
    const closed = await closedDays(days);
    const answer = await getTopPagePaths({ db: t.db, closed, open: [], candidatesPerDay: 5 });
    expect(answer.everyPathSummed).toBe(true);
    expect(answer.paths).toEqual(expected(days));
  });

  it('needs no candidates cut when every path is a leader, and reads open rows alone', async () => {
    const days = [{ '/b': 3, '/a': 3, '/c': 1 }];
    const closed = await closedDays(days);
    const both = await getTopPagePaths({ db: t.db, closed, open: openRows({ '/c': 2 }) });
    expect(both).toEqual({
      paths: [
        { path: '/a', views: 3 },
        { path: '/b', views: 3 },
        { path: '/c', views: 3 },
      ],
      everyPathSummed: false,
    });
    expect(await getTopPagePaths({ db: t.db, closed: null, open: openRows({ '/x': 1, '/y': 4 }) })).toEqual({
      paths: [
        { path: '/y', views: 4 },
        { path: '/x', views: 1 },
      ],
      everyPathSummed: false,
    });
    expect(await getTopPagePaths({ db: t.db, closed: null, open: [] })).toEqual({
      paths: [],
      everyPathSummed: false,
    });
  });
});
