// Development: rebuilds the web app on change and restarts the server on change.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const run = (command, args) => spawn(command, args, { stdio: 'inherit', shell: false });
const indexHtml = new URL('../apps/web/dist/index.html', import.meta.url);

if (!fs.existsSync(indexHtml)) {
  const first = run('npx', ['vite', 'build', 'apps/web']);
  await new Promise((resolve) => first.on('exit', resolve));
}
const children = [
  run('npx', ['vite', 'build', 'apps/web', '--watch']),
  run('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts']),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
