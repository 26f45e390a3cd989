import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

const dirs: string[] = [];
function tempDataDir() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-lock-'));
  dirs.push(parent);
  return path.join(parent, 'data');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('lets one holder in and frees the folder on release', () => {
    const dataDir = tempDataDir();
    const lock = acquireDataDirLock(dataDir);
    lock.release();
    acquireDataDirLock(dataDir).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    // pid 2^22 + 1 is above Linux's pid_max, so no process holds it.
    fs.writeFileSync(`${dataDir}.lock`, String(4_194_305));
    acquireDataDirLock(dataDir).release();
  });

  it('refuses a second process on the same folder with a clear message', () => {
    const dataDir = tempDataDir();
    const lock = acquireDataDirLock(dataDir);
    try {
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./apps/server/src/db/lock.ts').then(m => m.acquireDataDirLock(${JSON.stringify(dataDir)}))`,
        ],
        { cwd: repoRoot, encoding: 'utf8' },
      );
      expect(child.status).not.toBe(0);
      expect(child.stderr).toMatch(/is in use by another process \(pid \d+\)/);
    } finally {
      lock.release();
    }
  });

  it('is a DataDirLockedError that names the folder', () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(dataDir);
  });
});
