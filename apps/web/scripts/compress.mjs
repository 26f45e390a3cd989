// Writes .br and .gz beside each text asset of the build, for the server's pre-compressed serving.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The server's rendering code (dist/server, scripts/prerender.mjs) is not sent to browsers.
    if (entry.isDirectory()) {
      if (full !== path.join(dist, 'server')) yield* files(full);
    } else if (compressible.test(entry.name)) yield full;
  }
}

for (const file of files(dist)) {
  const source = fs.readFileSync(file);
  if (source.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
}
