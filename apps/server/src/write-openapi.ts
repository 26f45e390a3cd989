// npm run openapi: writes docs/openapi.json from the endpoint declarations (http/openapi.ts).
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from './http/openapi.ts';
import { repoRoot } from './paths.ts';

export const openApiFile = path.join(repoRoot, 'docs/openapi.json');
export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(openApiFile, openApiText());
  console.log(`Written to ${path.relative(process.cwd(), openApiFile)}`);
}
