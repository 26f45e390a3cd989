// `node bench/scale/table.mjs [bench/results/scale.json]`: the scale bench's figures as the Markdown
// tables of docs/performance.md "Scale bench" (paste them over the old ones after a run).
import fs from 'node:fs';

const file = process.argv[2] ?? new URL('../results/scale.json', import.meta.url).pathname;
const result = JSON.parse(fs.readFileSync(file, 'utf8'));
const number = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value ?? ''));
const load = (figure) => `${figure.loadAverage.start[0]}→${figure.loadAverage.end[0]}`;
const rows = result.size.rows ?? {};
const lines = [];

lines.push(
  `Measured ${result.measuredAt.slice(0, 16).replace('T', ' ')} UTC on ${result.cores} cores (${result.node}, ${result.postgres.split(' on ')[0]}), ` +
    `database ${result.database} of ${result.size.databaseGb} GB: ${number(rows.users)} users (${number(result.size.members)} members), ` +
    `${number(result.size.advertisers)} advertisers, ${number(rows.ads)} ads (${number(result.size.deliveringAds)} delivering), ` +
    `${number(rows.quiz_responses)} quiz responses, ${number(rows.ad_deliveries)} deliveries, ${number(rows.point_transactions)} ledger rows, ` +
    `${number(rows.page_views)} page views. Load average ${result.loadAverage.start.join(' / ')} at the start, ${result.loadAverage.end.join(' / ')} at the end.`,
);
lines.push('');
lines.push(
  '| audience | path | p50 ms | p95 ms | target p95 | met | before (1M, landed main) p50 / p95 | load (1 min) |',
);
lines.push('|---|---|---|---|---|---|---|---|');
for (const figure of result.paths ?? []) {
  const status = figure.ok ? '' : ` (answered ${Object.keys(figure.statuses).join(', ')})`;
  const cut = figure.cutShort ? ` (${figure.samples} samples)` : '';
  lines.push(
    `| ${figure.audience} | ${figure.name}${status}${cut} | ${number(figure.p50)} | ${number(figure.p95)} | ${figure.targetP95} | ${figure.met ? 'yes' : '**no**'} | ${figure.before ?? ''} | ${load(figure)} |`,
  );
}
lines.push('');
lines.push('| job | seconds | target | met | what it did | before |');
lines.push('|---|---|---|---|---|---|');
for (const [name, job] of Object.entries(result.jobs ?? {})) {
  const target = name === 'monthly-billing' ? '≤ 60 s' : name === 'prune-expired-rows' ? '≤ 10 s' : '';
  const row = (result.jobTargets ?? []).find((candidate) =>
    name === 'monthly-billing'
      ? candidate.target.startsWith('monthly')
      : candidate.target.startsWith('the prune'),
  );
  const seconds = job.stoppedAfterSeconds ? `> ${job.stoppedAfterSeconds} (stopped)` : job.seconds;
  const what =
    job.invoices !== undefined
      ? `${number(job.invoices)} invoices, ${number(job.deliveriesBilled)} deliveries`
      : (job.note ?? '');
  const met = target ? (row?.met ? 'yes' : '**no**') : '';
  const before = name === 'monthly-billing' ? 'about 57 minutes' : '';
  lines.push(`| ${name} | ${seconds} | ${target} | ${met} | ${what} | ${before} |`);
}
const build = result.build;
if (build) {
  lines.push('');
  lines.push(
    `The build took ${number(build.seconds)} s${build.builtThisRun ? '' : ` (at ${build.builtAt})`}; each job's first run on it (a backfill): ` +
      `${Object.entries(build.firstJobRuns ?? {})
        .map(([name, run]) => `${name} ${run.seconds} s`)
        .join(', ')}.`,
  );
}
console.log(lines.join('\n'));
