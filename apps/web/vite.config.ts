import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const app = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * React, ReactDOM and React Router (with the scheduler and the bundler's interop helpers they need),
 * split from the app: boot.ts evaluates them in a task before the app's, so neither task is long on a slow
 * phone (docs/performance.md, "Signed-in pages"). Named in index.html's `app-libraries`.
 */
const LIBRARIES = 'react-dom';

/**
 * Names the app's chunks in index.html for its tiny script (src/boot.ts), which loads the app by
 * that list: `<meta name="app-chunks">`, the app's own chunk first, then those it imports, leaving
 * out what the page's script has loaded already; and `<meta name="app-libraries">`, the libraries'
 * chunk among them, which boot.ts evaluates first. The pre-rendering (scripts/prerender.mjs) adds a
 * page's own chunks to it; in development, where there is no pre-rendering, index.html has it too.
 */
function appChunksMeta(): Plugin {
  return {
    name: 'quiz-points:app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        const chunks = new Map(
          Object.values(bundle ?? {})
            .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
            .map((output) => [output.fileName, output]),
        );
        const closure = (fileName: string, seen = new Set<string>()) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const appChunk = [...chunks.values()].find(
          (output) => output.isEntry && output.facadeModuleId === app,
        );
        if (appChunk === undefined || chunk === undefined) throw new Error('No app chunk for index.html');
        const loaded = closure(chunk.fileName);
        if (loaded.has(appChunk.fileName)) throw new Error("index.html's script must not import the app");
        const files = [...closure(appChunk.fileName)].filter((fileName) => !loaded.has(fileName));
        const libraries = files.filter((fileName) => chunks.get(fileName)?.name === LIBRARIES);
        if (libraries.length !== 1) throw new Error(`The app imports no ${LIBRARIES} chunk`);
        const meta = (name: string, list: string[]) => ({
          tag: 'meta',
          attrs: { name, content: list.map((fileName) => `/${fileName}`).join(' ') },
          injectTo: 'head' as const,
        });
        return [meta('app-chunks', files), meta('app-libraries', libraries)];
      },
    },
  };
}

/**
 * Writes the service worker (scripts/service-worker.js) into the build as /sw.js, with the build's
 * version (a hash of every file name: each deploy gets a cache of its own and drops the old one) and
 * its app shell: the entry scripts with the chunks they import, and the stylesheets.
 */
function serviceWorker(): Plugin {
  const template = fileURLToPath(new URL('./scripts/service-worker.js', import.meta.url));
  return {
    name: 'quiz-points:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle);
      const chunks = new Map(
        outputs
          .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
          .map((output) => [output.fileName, output]),
      );
      const shell = new Set<string>();
      const add = (fileName: string) => {
        if (shell.has(fileName)) return;
        shell.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) add(chunk.fileName);
      for (const output of outputs) if (output.fileName.endsWith('.css')) shell.add(output.fileName);
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 16);
      const source = readFileSync(template, 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace('__SHELL__', JSON.stringify([...shell].sort().map((fileName) => `/${fileName}`)));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), appChunksMeta(), serviceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.QP_SOURCEMAP === '1',
    target: 'es2022',
    // Every browser of the target (ES2022) but Safari before 17 knows modulepreload; there the links
    // do nothing and the app loads by its imports. The polyfill was a third of the page's script.
    modulePreload: { polyfill: false },
    // The manifest lets the bundle-budget test (e2e/bundle-budget.e2e.ts) measure each route's
    // initial JavaScript, and the pre-rendering (scripts/prerender.mjs) name each page's chunks.
    manifest: true,
    rolldownOptions: {
      // index.html's script is the tiny src/boot.ts, which loads the app after the first paint by
      // the URLs the HTML names. The app is an entry of its own, not imported by boot.ts in the
      // module graph, so it is bundled as it was while it was index.html's script: one chunk with
      // what it imports, the lazily loaded pages importing from it.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), main: app },
      output: {
        codeSplitting: {
          // React Router 8 is published module by module: left out, its modules land in three chunks by
          // which pages import them (2 KB more than with the libraries, which every page loads).
          groups: [
            { name: LIBRARIES, test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/sample-ads': 'http://localhost:3000' } },
});
