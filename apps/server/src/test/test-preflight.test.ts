import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const preflight = fileURLToPath(new URL('../../../../scripts/test-preflight.mjs', import.meta.url));
const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [preflight, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });

/** `npm test` starts with scripts/test-preflight.mjs: what the machine lacks is said at once, by name. */
describe('the test preflight', () => {
  it('stops at once, naming the exact commands, when the browser and PostgreSQL are missing', () => {
    const result = run(['--browser', '--postgres'], {
      QP_TEST_INSTALL: 'never',
      CHROMIUM_PATH: '/nonexistent/chromium',
      TEST_POSTGRES_URL: 'postgres://postgres@127.0.0.1:1/postgres',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('sudo apt-get install -y chromium');
    expect(result.stderr).toContain('CHROMIUM_PATH');
    expect(result.stderr).toContain('postgres://postgres@127.0.0.1:1/postgres');
    expect(result.stderr).toContain('TEST_POSTGRES_URL');
  });

  it('lets the tests run when nothing is missing', () => {
    const wanted = process.env.QP_TEST_POSTGRES === '1' ? ['--postgres'] : [];
    const result = run(wanted, { QP_TEST_INSTALL: 'never' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
