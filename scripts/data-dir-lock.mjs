// The PGlite folder's lock, as apps/server/src/db/lock.ts takes it: `<DATA_DIR>.lock` holding a pid.
// Backup and restore hold it so that no server can open the folder while they copy it.
import fs from 'node:fs';
import path from 'node:path';

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export function withDataDirLock(dataDir, work) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockPath = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && isRunning(holder)) {
        console.error(`The data folder ${dataDir} is in use by process ${holder}: stop the server first.`);
        process.exit(1);
      }
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    try {
      return work();
    } finally {
      fs.rmSync(lockPath, { force: true });
    }
  }
  console.error(`Could not lock ${dataDir}.`);
  process.exit(1);
}
