// The scale bench's quick mode (`node bench/bench-scale.mjs --quick`, docs/performance.md "Scale
// bench") end to end, so the bench keeps working as the app changes: it builds a small database of its
// own through the real schema, checks the data's rules, runs every scheduled job through run-job.js,
// times every declared GET endpoint and the single writes against the production build, and undoes
// what it changed. Its timings mean nothing on a database this small and are never asserted.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL } from '../../../../scripts/test-support.mjs';
import { repoRoot } from '../paths.ts';
import { scratchDir } from './support/cluster.ts';

const run = promisify(execFile);

interface PathFigure {
  name: string;
  endpoint: string;
  ok: boolean;
  samples: number;
  statuses: Record<string, number>;
}
interface ScaleResult {
  quick?: string;
  build: { builtThisRun: boolean; steps: { name: string; seconds: number }[] };
  jobs: Record<string, { ok: boolean; invoices?: number; note?: string }>;
  paths: PathFigure[];
  coverage: { declaredGetEndpoints: number; missing: string[] };
  invariants: Record<string, number>;
  undone: { invoicesUndone: number; writersRemoved: number };
  size: { members: number; advertisers: number; rows: Record<string, number> };
  loadAverage: { start: number[]; end: number[] };
}

describe('the scale bench, quick mode', () => {
  const database = `qp_scale_rel_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  });

  it(
    'builds its database keeping the rules, runs every job, and every path answers 2xx',
    async () => {
      const out = path.join(scratchDir('scale-bench'), 'scale.json');
      const kept = path.join(repoRoot, 'bench/results/scale.json');
      const keptBefore = fs.existsSync(kept) ? fs.readFileSync(kept, 'utf8') : null;

      await run(
        process.execPath,
        [path.join(repoRoot, 'bench/bench-scale.mjs'), '--quick', '--database', database, '--out', out],
        { cwd: repoRoot, timeout: 9 * 60_000, maxBuffer: 64 * 1024 * 1024 },
      );

      const result = JSON.parse(fs.readFileSync(out, 'utf8')) as ScaleResult;
      expect(result.quick).toMatch(/--quick/);
      expect(result.build.builtThisRun).toBe(true);
      // The quick size as planned: 2,400 members by the product's rule, 20 advertisers.
      expect(result.size.members).toBe(2_400);
      expect(result.size.advertisers).toBe(20);
      const rows = (table: string) => result.size.rows[table] ?? 0;
      expect(rows('quiz_responses')).toBeGreaterThan(20_000);
      expect(rows('ad_deliveries')).toBeGreaterThan(20_000);
      expect(rows('point_transactions')).toBeGreaterThan(rows('ad_deliveries'));
      // Every rule held after the timing and its undoing (each count is of rows breaking it).
      expect(Object.keys(result.invariants).length).toBeGreaterThanOrEqual(10);
      expect(Object.entries(result.invariants).filter(([, broken]) => broken !== 0)).toEqual([]);
      // Every scheduled job ran; the billing billed last month (from the 5th) and was undone.
      expect(Object.entries(result.jobs).filter(([, job]) => !job.ok)).toEqual([]);
      const billing = result.jobs['monthly-billing'];
      expect(billing).toBeDefined();
      if (billing?.note === undefined) expect(billing?.invoices).toBeGreaterThan(0);
      expect(result.undone.invoicesUndone).toBe(billing?.invoices);
      expect(result.undone.writersRemoved).toBe(69);
      // Every declared GET endpoint was timed, every path answered only 2xx.
      expect(result.coverage.declaredGetEndpoints).toBeGreaterThan(30);
      expect(result.coverage.missing).toEqual([]);
      expect(
        result.paths.filter((figure) => !figure.ok).map((figure) => [figure.name, figure.statuses]),
      ).toEqual([]);
      expect(result.paths.every((figure) => figure.samples >= 3)).toBe(true);
      for (const write of ['click', 'answer', 'gacha', 'daily-quiz/answer']) {
        expect(
          result.paths.some(
            (figure) => figure.endpoint.startsWith('POST') && figure.endpoint.includes(write),
          ),
        ).toBe(true);
      }
      expect(result.loadAverage.start).toHaveLength(3);
      // The full run's figures are left alone.
      expect(fs.existsSync(kept) ? fs.readFileSync(kept, 'utf8') : null).toBe(keptBefore);
    },
    10 * 60_000,
  );
});
