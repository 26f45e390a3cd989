import { openPostgres } from './src/db/client.ts';
const h = await openPostgres(process.env.URL!);
const t = performance.now();
await h.migrate();
console.log('migrate', Math.round(performance.now() - t), 'ms');
await h.close();
