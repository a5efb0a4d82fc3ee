// `npm start`: build the web app if needed, then run the server serving it on one port.
import { spawn } from 'node:child_process';
import { buildWebIfNeeded } from './web-build.mjs';

buildWebIfNeeded();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/app/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
