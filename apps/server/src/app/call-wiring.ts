import type { FastifyInstance } from 'fastify';
import type { Domain } from '../domain/context.ts';
import { sweepOverdueCalls } from '../domain/calls/sweep.ts';

/**
 * Calls signalling's housekeeping (SIG7, decision 0038): every `sweepMs` this node times out the invitations past
 * their deadline, whichever node took them; at shutdown its own timers stop. One sweep at a time, errors logged.
 */
export function startCallHousekeeping(app: FastifyInstance, d: Domain, sweepMs: number): void {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepOverdueCalls(d)
      .then((n) => {
        if (n > 0) app.log.debug({ timedOut: n }, 'call invitations timed out by the sweep');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'call sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, sweepMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    d.callTimers.close();
    await running;
  });
}
