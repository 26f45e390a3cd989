import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkPostgres } from '../../../../../scripts/test-support.mjs';
import { repoRoot } from '../../paths.ts';
import { serverEntry } from './cluster.ts';

/**
 * The reliability suites start the production build as child processes against PostgreSQL. Both
 * are required: these suites have nothing to say without them. The build is copied once so that a
 * rebuild during the run (`npm run build` elsewhere) cannot hand a half-written file to a restart.
 */
export default async function setup() {
  const built = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(built))
    throw new Error('Build first: npm run build (npm run test:reliability does it).');
  fs.copyFileSync(built, serverEntry);
  execFileSync(process.execPath, ['--check', serverEntry]);

  try {
    await checkPostgres();
  } catch (error) {
    throw new Error(`The reliability suites need PostgreSQL: ${String(error)}`);
  }
  return () => fs.rmSync(serverEntry, { force: true });
}
