import pg from 'pg';
import { buildDatabase } from '/work/wt/bench/bench/scale/build-database.mjs';
import { sizeOf } from '/work/wt/bench/bench/scale/plan.mjs';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_dbg' });
await client.connect();
const stopAfter = process.argv[2];
try {
  await buildDatabase({ client, size: sizeOf('quick'), step: async (name, work) => { const t = performance.now(); const v = await work(); console.log(name, ((performance.now()-t)/1000).toFixed(1)); if (name.startsWith(stopAfter)) throw new Error('stop'); return v; } });
} catch (e) { console.log(e.message); }
await client.end();
