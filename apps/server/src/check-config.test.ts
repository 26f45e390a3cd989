import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configVariables } from './config.ts';
import { repoRoot } from './paths.ts';
import { productionEnv } from './test/production-app.ts';

const script = path.join(repoRoot, 'apps/server/src/check-config.ts');
const tsxCli = fs.realpathSync(path.join(repoRoot, 'node_modules/.bin/tsx'));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** Runs `npm run check:config`'s command in a fresh folder with only these variables (and `.env`). */
function checkConfig(
  env: Record<string, string | undefined>,
  dotEnv?: string,
): Promise<{ code: number; stdout: string; stderr: string; cwd: string }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'check-config-'));
  folders.push(cwd);
  if (dotEnv !== undefined) fs.writeFileSync(path.join(cwd, '.env'), dotEnv);
  const childEnv: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsxCli, script],
      { cwd, env: childEnv, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr, cwd });
      },
    );
  });
}

describe('npm run check:config', () => {
  it('is the root script that runs check-config.ts', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.scripts['check:config']).toBe('tsx apps/server/src/check-config.ts');
  });

  it('lists every missing production setting at once and exits 1', async () => {
    const result = await checkConfig({
      ...productionEnv,
      AUTH_SECRET: undefined,
      DATABASE_URL: undefined,
      GOOGLE_DISCOVERY_URL: undefined,
      INVOICE_REGISTRATION_NUMBER: undefined,
      GIFT_CODE_KEY: undefined,
      TWILIO_FROM: undefined,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('設定に問題はありません');
    expect(result.stderr).toContain('設定に問題があります（6 件）');
    for (const problem of [
      'AUTH_SECRET must be set in production',
      'DATABASE_URL must point to PostgreSQL in production',
      'set GOOGLE_DISCOVERY_URL',
      'INVOICE_REGISTRATION_NUMBER must be set in production',
      'GIFT_CODE_KEY must be set in production',
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    ]) {
      expect(result.stderr).toContain(problem);
    }
  });

  it('accepts the complete production environment, .env included, and prints no secret', async () => {
    const { DATABASE_URL, GIFT_CODE_KEY, ...rest } = productionEnv;
    // .env fills in what the environment lacks; the environment wins where both set a variable.
    const result = await checkConfig(
      rest,
      `DATABASE_URL=${DATABASE_URL}\nGIFT_CODE_KEY=${GIFT_CODE_KEY}\nMAIL_TRANSPORT=capture\n`,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('設定に問題はありません');
    expect(result.stdout).toMatch(/mode:\s+production/);
    expect(result.stdout).toMatch(/database:\s+PostgreSQL/);
    expect(result.stdout).toMatch(/mail:\s+SMTP/);
    expect(result.stdout).toMatch(/payments:\s+Stripe/);
    expect(result.stdout).toMatch(/images:\s+S3 API, bucket quiz-points-images/);
    for (const secret of [
      productionEnv.AUTH_SECRET,
      productionEnv.DATABASE_URL,
      productionEnv.SMTP_URL,
      productionEnv.STRIPE_SECRET_KEY,
      productionEnv.TWILIO_AUTH_TOKEN,
      productionEnv.GIFT_CODE_KEY,
      productionEnv.S3_SECRET_ACCESS_KEY,
    ]) {
      expect(result.stdout).not.toContain(secret);
    }
  });

  it('reports the offline defaults without opening the database', async () => {
    const result = await checkConfig({ DATA_DIR: 'pglite-data' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/mode:\s+development \(not production\)/);
    expect(result.stdout).toMatch(/database:\s+PGlite/);
    expect(result.stdout).toMatch(/payments:\s+local/);
    expect(result.stdout).toMatch(/images:\s+the folder .*pglite-data\/images \(the local stand-in\)/);
    expect(fs.existsSync(path.join(result.cwd, 'pglite-data'))).toBe(false);
  });
});

describe('the configuration documents', () => {
  const envExample = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
  const reference = fs.readFileSync(path.join(repoRoot, 'docs/configuration.md'), 'utf8');

  it.each(configVariables)('.env.example and docs/configuration.md list %s', (name) => {
    expect(envExample).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
    expect(reference).toContain(`| \`${name}\` |`);
  });

  it('list nothing the server does not read', () => {
    const known = new Set<string>(configVariables);
    const inExample = [...envExample.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    const inReference = [...reference.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
    expect(inExample.filter((name) => !known.has(name ?? ''))).toEqual([]);
    expect(inReference.filter((name) => !known.has(name ?? ''))).toEqual([]);
  });
});
