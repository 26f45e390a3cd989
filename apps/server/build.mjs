// Bundles the server into dist/main.js, dist/migrate.js and dist/run-job.js (each loading its
// bundle, dist/<name>.bundle.js, with source maps on). npm packages stay
// external; the workspace's shared package (TypeScript source) is bundled in.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

const entries = { main: './src/main.ts', migrate: './src/migrate.ts', 'run-job': './src/run-job.ts' };

await build({
  // main.js serves; migrate.js applies the migrations as the schema owner (docs/deploy.md);
  // run-job.js runs one scheduled job once (docs/operations.md).
  entryPoints: Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [
      `${name}.bundle`,
      new URL(source, import.meta.url).pathname,
    ]),
  ),
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

// Each entry is a two-line file that turns source maps on and then loads its bundle: Node reads a
// file's source map only if they were on when it loaded, so the bundle's stack traces name the
// src/ files it was built from (dist/<name>.bundle.js.map).
for (const name of Object.keys(entries)) {
  writeFileSync(
    new URL(`./dist/${name}.js`, import.meta.url),
    `process.setSourceMapsEnabled(true);\nawait import('./${name}.bundle.js');\n`,
  );
}

// The SQL rule files (src/db/rule-files.ts) go beside the bundle, under the same paths.
const src = new URL('./src/', import.meta.url).pathname;
const rules = new URL('./dist/rules/', import.meta.url).pathname;
rmSync(rules, { recursive: true, force: true });
for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.sql')) cpSync(src + file, rules + file);
}
