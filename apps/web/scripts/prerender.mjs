// Pre-renders the public pages, and the frame of every other page, to HTML after `vite build`
// (docs/performance.md, "Pre-rendering"). The server sends these files; the browser app hydrates them.
// The server-side build it renders with stays in dist/server: the server draws a member's home and
// quiz page with it at request time, into the templates written here (docs/decisions/040).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const webDir = new URL('..', import.meta.url).pathname;
const dist = path.join(webDir, 'dist');
const outDir = path.join(dist, 'prerendered');
const ssrDir = path.join(dist, 'server');

// The server-side build of the same components (React and the router stay in node_modules).
await build({
  root: webDir,
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const { renderPage, renderShell, prerenderedPageRoutes, memberPagePaths } = await import(
  path.join(ssrDir, 'entry-server.js')
);

// What production's server embeds (hasSession aside). A page whose HTML changes when one of these
// changes (the demo shows the wait, the legal page the invoice issuer) is marked with those values:
// the server sends it only under the same values (else the app draws it).
const config = {
  adWaitSeconds: 30,
  paymentsPublishableKey: null,
  // The development defaults (apps/server/src/config.ts); production sets its own.
  invoiceIssuerName: '株式会社クイズポイント',
  invoiceRegistrationNumber: 'T0000000000000',
};
const probe = {
  adWaitSeconds: 29,
  paymentsPublishableKey: 'pk_probe',
  invoiceIssuerName: '株式会社プローブ',
  invoiceRegistrationNumber: 'T9999999999999',
};

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const rootStart = '<div id="root"';
const emptyRoot = `${rootStart}></div>`;
if (!template.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot}`);
// The HTML's script is tiny (src/boot.ts): after the first paint it loads the app (src/main.tsx, an
// entry of its own) and the chunks the HTML names in its meta element (written by vite.config.ts),
// to which a pre-rendered page adds its own. A page the app draws (a shell, an unknown page's
// index.html) also links the app's chunks for preloading, so they download beside the page's
// script. A pre-rendered page does not: its paint needs none of them, and a download that ended
// before the paint counts against it (docs/performance.md, "Paint before the script").
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
};
const entry = closure('index.html');
const app = [...closure('src/main.tsx')].filter((key) => !entry.has(key));
const appChunks = app.map((key) => `/${manifest[key].file}`);
const appMeta = `<meta name="app-chunks" content="${appChunks.join(' ')}">`;
if (!template.includes(appMeta)) throw new Error(`index.html does not name the app's chunks as ${appMeta}`);

// A lazily loaded page's chunk, and what it imports beyond the app, found in Vite's manifest by the
// page's file name (the component FooBarPage lives in foo-bar-page.tsx): named in the HTML, it is
// requested together with the app, and the page hydrates sooner.
const chunksOf = (component) => {
  if (component === undefined) return [];
  return chunksOfFile(component.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase());
};
const chunksOfFile = (name) => {
  const key = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
  if (key === undefined) throw new Error(`No chunk named ${name} for the page ${component}`);
  return [...closure(key)]
    .filter((k) => !entry.has(k) && !app.includes(k))
    .map((k) => `/${manifest[k].file}`);
};

const page = (markup, { attributes = '', pageChunks = [], preload = false } = {}) => {
  const links = preload
    ? appChunks.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`)
    : [];
  return template
    .replace(appMeta, `<meta name="app-chunks" content="${[...appChunks, ...pageChunks].join(' ')}">`)
    .replace('  </head>', `${links.join('')}  </head>`)
    .replace(emptyRoot, `${rootStart}${attributes}>${markup}</div>`);
};

// Where the server writes a member's page and the answers it drew it from (apps/server/src/http/web-app.ts).
const MEMBER_PAGE_MARKUP = '<!--member-page-->';
const QUERY_STATE = '<!--query-state-->';

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir);
const written = { pages: {}, shells: {} };
const write = (name, html) => {
  const markup = html.slice(html.indexOf(rootStart));
  if (/<script|\sstyle=/.test(markup)) {
    throw new Error(
      `${name}: the pre-rendered markup holds a script or a style attribute, which the CSP refuses`,
    );
  }
  fs.writeFileSync(path.join(outDir, name), html);
  return name;
};

for (const route of prerenderedPageRoutes) {
  const rendered = await renderPage(route, { ...config, hasSession: false });
  // Each value the page shows, found by changing that one alone.
  const renderedWith = {};
  for (const key of Object.keys(config)) {
    const probed = await renderPage(route, { ...config, [key]: probe[key], hasSession: false });
    if (probed.html !== rendered.html) renderedWith[key] = config[key];
  }
  const name = route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '-')}.html`;
  const html = page(rendered.html, {
    attributes: ' data-prerendered=""',
    pageChunks: chunksOf(rendered.page),
  });
  written.pages[route] = {
    file: write(name, html),
    ...(Object.keys(renderedWith).length === 0 ? {} : { renderedWith }),
  };
}

// Pages that need a session, or a visitor on them: the layout with the loading bar, in the user's
// area, the advertiser's and the admin's (the member's site and the two consoles differ), with and
// without a session cookie.
const shellAt = { user: '/gift', advertiser: '/advertiser/ads-status', admin: '/admin' };
for (const [area, url] of Object.entries(shellAt)) {
  for (const hasSession of [true, false]) {
    const key = `${area}-${hasSession ? 'session' : 'visitor'}`;
    const shell = renderShell(url, { ...config, hasSession });
    written.shells[key] = write(`shell-${key}.html`, page(shell, { preload: true }));
  }
}
// A member's home and quiz page, drawn by the server with their data at request time
// (entry-server.tsx renderMemberPage): the server puts the markup in the root and the answers it was
// drawn from after it. As a pre-rendered page, it paints from its HTML alone and its app is requested
// after that paint, with the member's frame and the page's code named for it.
const memberFrame = ['query-state', 'guards', 'signed-in-header', 'member-tab-bar'];
const memberPageFiles = { '/': 'user-home', '/quiz/:id': 'quiz-page' };
written.memberPages = {};
for (const route of memberPagePaths) {
  const chunks = new Set([...memberFrame, memberPageFiles[route]].flatMap(chunksOfFile));
  const html = page(MEMBER_PAGE_MARKUP, { attributes: ' data-prerendered=""', pageChunks: [...chunks] });
  const name = `member-${route === '/' ? 'home' : route.split('/')[1]}.html`;
  written.memberPages[route] = write(
    name,
    html.replace(`${MEMBER_PAGE_MARKUP}</div>`, `${MEMBER_PAGE_MARKUP}</div>${QUERY_STATE}`),
  );
}
fs.writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(written, null, 2)}\n`);
// index.html (an unknown page's, drawn by the app) preloads the app too.
fs.writeFileSync(path.join(dist, 'index.html'), page('', { preload: true }));
