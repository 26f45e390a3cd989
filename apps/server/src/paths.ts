import { fileURLToPath } from 'node:url';

// Both this source file and the bundled dist/main.js sit one folder below apps/server, so the
// same relative paths work in development, tests and production.
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const sampleAdsDir = fileURLToPath(new URL('../sample-ads', import.meta.url));
