// `npm run dev`: the server (restarting on change) plus the Vite dev server proxying to it.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/app/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@parley/web'], { stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const c of children) c.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
