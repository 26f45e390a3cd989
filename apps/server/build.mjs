// Bundles the server into dist/main.js, dist/migrate.js and dist/run-job.js. npm packages stay
// external; the workspace's shared package (TypeScript source) is bundled in.
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

await build({
  // main.js serves; migrate.js applies the migrations as the schema owner (docs/deploy.md);
  // run-job.js runs one scheduled job once (docs/operations.md).
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    migrate: new URL('./src/migrate.ts', import.meta.url).pathname,
    'run-job': new URL('./src/run-job.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

// The SQL rule files (src/db/rule-files.ts) go beside the bundle, under the same paths.
const src = new URL('./src/', import.meta.url).pathname;
const rules = new URL('./dist/rules/', import.meta.url).pathname;
rmSync(rules, { recursive: true, force: true });
for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.sql')) cpSync(src + file, rules + file);
}
