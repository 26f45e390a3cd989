import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: two processes on one data folder would corrupt it. An exclusive lock
 * file holding our pid keeps a second process out; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  // The lock sits beside the folder: PGlite wants the folder itself to hold only its own files.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockPath = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another process (pid ${holder}). ` +
            'PGlite allows one process per folder: stop the other one, or set DATA_DIR or DATABASE_URL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
