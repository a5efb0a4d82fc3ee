import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root: the real server is started from there, as `npm start` does. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = 'apps/server/src/app/main.ts';

export interface ServerProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>;
}

/** Spawns the real server entry point with only the given environment (plus PATH and HOME). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Resolves once the process has printed `text` on stdout; rejects if it exits first. */
export function waitForOutput(server: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!server.stdout().includes(text)) return;
      server.child.stdout?.off('data', check);
      resolve();
    };
    server.child.stdout?.on('data', check);
    check();
    void server.exited.then((code) =>
      reject(new Error(`server exited (${code}) before printing "${text}": ${server.stderr()}`)),
    );
  });
}

/** A port that was free a moment ago (the OS picks it); small race, acceptable for tests. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Kills the process if a test left it running (by its own pid only). */
export function killIfRunning(server: ServerProcess | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}
