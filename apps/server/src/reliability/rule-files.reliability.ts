import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../../scripts/test-support.mjs';
import { repoRoot } from '../paths.ts';
import { scratchDir, serverBundle, serverEntry, startServer, stopServer } from './support/cluster.ts';

/**
 * The built server with a rule file of its own: a copy of the build (its bundle and rules/) in a
 * scratch tree shaped like the repository, the migrations and packages linked from it.
 */
function buildCopy() {
  const root = scratchDir('rule-files');
  const dist = path.join(root, 'apps/server/dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.copyFileSync(serverEntry, path.join(dist, 'main.js'));
  for (const file of [serverBundle, `${serverBundle}.map`])
    fs.copyFileSync(file, path.join(dist, path.basename(file)));
  fs.cpSync(path.join(repoRoot, 'apps/server/dist/rules'), path.join(dist, 'rules'), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'apps/server/migrations'), path.join(root, 'apps/server/migrations'));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  const clickRule = path.join(dist, 'rules/domain/ads/click-ad.sql');
  const good = fs.readFileSync(clickRule, 'utf8');
  return {
    root,
    entry: path.join(dist, 'main.js'),
    breakClickRule: () =>
      fs.writeFileSync(clickRule, `${good}\ncreate or replace function qp_broken( returns;\n`),
    mendClickRule: () => fs.writeFileSync(clickRule, good),
  };
}

describe('a server whose rule file does not apply', () => {
  const copy = buildCopy();
  afterAll(() => fs.rmSync(copy.root, { recursive: true, force: true }));

  it('refuses to start on PGlite, saying which file', async () => {
    copy.breakClickRule();
    const dataDir = scratchDir('rule-files-data');
    try {
      const server = await startServer({ entry: copy.entry, dataDir, waitUntilReady: false });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('The SQL rule file domain/ads/click-ad.sql did not apply');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start on PostgreSQL, and starts with the file mended', async () => {
    const database = await createPostgresDatabase('qp_rel_rules');
    try {
      copy.breakClickRule();
      const refused = await startServer({
        entry: copy.entry,
        databaseUrl: database.url,
        waitUntilReady: false,
      });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('The SQL rule file domain/ads/click-ad.sql did not apply');

      copy.mendClickRule();
      const server = await startServer({ entry: copy.entry, databaseUrl: database.url });
      await stopServer(server);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ name: string }>(
        "select name from drizzle.__rule_files where name = 'domain/ads/click-ad.sql'",
      );
      await client.end();
      expect(rows).toHaveLength(1);
    } finally {
      await database.drop();
    }
  });
});
