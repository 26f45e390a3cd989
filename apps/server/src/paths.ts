import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Both this source file and the bundled dist/main.js sit one folder below apps/server, so the
// same relative paths work in development, tests and production.
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const sampleAdsDir = fileURLToPath(new URL('../sample-ads', import.meta.url));

const here = fileURLToPath(new URL('.', import.meta.url));
/** The SQL rule files (db/rule-files.ts): beside their TypeScript in src, copied to dist/rules by the build. */
export const ruleFilesFolder = path.basename(here) === 'dist' ? path.join(here, 'rules') : here;
