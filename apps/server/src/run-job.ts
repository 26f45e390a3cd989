// `node apps/server/dist/run-job.js <name>`: runs one scheduled job of src/jobs.ts once, in this
// process, against the database the environment names (DATABASE_URL, as for main.js), and exits:
// 0 when the run finished, 1 with the reason on stderr. `--list` prints the jobs' names, one a line.
// Every job is idempotent, so a run by hand (after an outage, to see how long one takes, or timed by
// `npm run bench:scale`) may overlap the servers' scheduled runs safely. The job does exactly what its
// scheduled run does: monthly billing charges the card on file through the configured provider.
import fs from 'node:fs';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { scheduledJobs } from './jobs.ts';
import { createMailer } from './services/mail/create-mailer.ts';
import { createPaymentProvider } from './services/payments/create-payment-provider.ts';

async function runJob(args: string[]) {
  // As in main.ts: a .env file is optional and the environment itself wins.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    // The server's own logger settings (level, redaction), without a server.
    const log = Fastify({ logger: loggerOptions(config.logLevel) }).log;
    const payments = createPaymentProvider(config, database.db);
    const mailer = createMailer(config, database.db);
    const jobs = scheduledJobs({ config, database, payments, mailer, log });
    if (args[0] === '--list') {
      for (const job of jobs) console.log(job.name);
      return;
    }
    const job = jobs.find((candidate) => candidate.name === args[0]);
    if (args.length !== 1 || !job) {
      throw new ConfigError(
        `Usage: node apps/server/dist/run-job.js <name> | --list. The jobs: ${jobs.map((j) => j.name).join(', ')}.`,
      );
    }
    const startedAt = performance.now();
    await job.run();
    console.log(`${job.name} ran in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

runJob(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
