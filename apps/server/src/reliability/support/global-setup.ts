import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkPostgres } from '../../../../../scripts/test-support.mjs';
import { repoRoot } from '../../paths.ts';
import { serverBundle, serverEntry } from './cluster.ts';

/**
 * The reliability suites start the production build as child processes against PostgreSQL. Both
 * are required: these suites have nothing to say without them. The build is copied once so that a
 * rebuild during the run (`npm run build` elsewhere) cannot hand a half-written file to a restart.
 */
export default async function setup() {
  const dist = path.join(repoRoot, 'apps/server/dist');
  const built = path.join(dist, 'main.bundle.js');
  if (!fs.existsSync(built))
    throw new Error('Build first: npm run build (npm run test:reliability does it).');
  // The bundle with its source map, and an entry that loads it with source maps on, as dist/main.js does.
  fs.writeFileSync(
    serverBundle,
    fs
      .readFileSync(built, 'utf8')
      .replace(
        /\/\/# sourceMappingURL=main\.bundle\.js\.map\s*$/,
        `//# sourceMappingURL=${path.basename(serverBundle)}.map\n`,
      ),
  );
  fs.copyFileSync(`${built}.map`, `${serverBundle}.map`);
  fs.writeFileSync(
    serverEntry,
    fs
      .readFileSync(path.join(dist, 'main.js'), 'utf8')
      .replace('./main.bundle.js', `./${path.basename(serverBundle)}`),
  );
  execFileSync(process.execPath, ['--check', serverBundle]);

  try {
    await checkPostgres();
  } catch (error) {
    throw new Error(`The reliability suites need PostgreSQL: ${String(error)}`);
  }
  return () => {
    for (const file of [serverEntry, serverBundle, `${serverBundle}.map`]) fs.rmSync(file, { force: true });
  };
}
