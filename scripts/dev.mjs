// `npm run dev`: the server (restarting on change) plus the Vite dev server proxying to it.
import { spawn } from 'node:child_process';

// The browser talks to Vite's origin; the server compares Origin with configured origins only (rule HDR5).
const VITE_ORIGINS = 'http://127.0.0.1:5173,http://localhost:5173';
const serverEnv = { ...process.env, PARLEY_ALLOWED_ORIGINS: process.env.PARLEY_ALLOWED_ORIGINS || VITE_ORIGINS };

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/app/main.ts'], {
    stdio: 'inherit',
    env: serverEnv,
  }),
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
