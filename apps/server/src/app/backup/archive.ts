import { spawn } from 'node:child_process';

/**
 * Runs GNU tar (Debian's `tar`, present on every machine Parley runs on) with `args`. The archive is a plain tar:
 * any operator can list or unpack it by hand (`tar -tvf backup.tar`).
 */
export function tar(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`));
    });
  });
}
