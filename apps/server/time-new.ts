import { openPostgres } from './src/db/client.ts';
import { pruneExpiredRows } from './src/domain/maintenance/prune-expired-rows.ts';
const h = await openPostgres(process.env.URL ?? 'postgres://postgres@127.0.0.1:5432/pviews_scratch');
const now = process.env.NOW ? new Date(process.env.NOW) : new Date();
for (let i = 0; i < Number(process.env.RUNS ?? 1); i++) {
  const t = performance.now();
  const r = await pruneExpiredRows({ db: h.db, now, pageViewRetentionMonths: Number(process.env.KEEP ?? 13) });
  console.log(JSON.stringify(r), Math.round(performance.now() - t), 'ms');
}
await h.close();
