import { ERRORS, ParleyError, SendFrameSchema, WS } from '@parley/protocol';
import { Compile } from 'typebox/compile';
import type { Domain } from '../../domain/context.ts';
import { USER_ACTION } from '../../domain/limits/user-limits.ts';
import { sendMessage } from '../../domain/messages/send.ts';
import { refusalReason, secondsSince } from '../../domain/metrics/ports.ts';

const sendFrame = Compile(SendFrameSchema);

export interface SendFrameDeps {
  d: Domain;
  userID: string;
  /** Sends serialised text on this socket, within its queue budgets. */
  reply: (text: string) => void;
  /** A refused frame costs one frame of the abuse budget; false when the budget is spent (the socket is closing). */
  chargeRefusal: () => boolean;
  /** The frame cannot be answered (no ref): the connection is closed as a protocol violation. */
  violation: (reason: string) => void;
  /** Unexpected failures, for the log; the client gets INTERNAL. */
  onError?: (err: unknown) => void;
}

function errorBody(err: unknown): { code: number; message: string; retryAfter?: number } {
  if (!(err instanceof ParleyError)) return { code: ERRORS.INTERNAL.code, message: ERRORS.INTERNAL.message };
  const retryAfter = err.data.retryAfter;
  return typeof retryAfter === 'number'
    ? { code: err.code, message: err.message, retryAfter }
    : { code: err.code, message: err.message };
}

/**
 * `send` frames on the push socket (rules WS7–WS10): the same action as `POST /api/v1/messages`, answered by an
 * `ack` frame after the commit. Accepted sends do not take from the frame budget (the per-user send rate limit
 * bounds them, WS8/WS9); refused ones (bad frame, over the rate, too many waiting) do, so a client that ignores
 * `retryAfter` is still disconnected by the budget (LIM rules).
 */
export function sendFrameHandler(deps: SendFrameDeps): (frame: unknown) => void {
  let pending = 0;
  const ack = (ref: string, body: string) => deps.reply(`{"type":"ack","ref":${JSON.stringify(ref)},${body}}`);
  const refused = deps.d.meter.messages.refused;
  const ackLatency = deps.d.meter.sendLatency.ack;
  const refuse = (ref: string, err: unknown) => {
    refused(refusalReason(err)).inc();
    if (deps.chargeRefusal()) ack(ref, `"error":${JSON.stringify(errorBody(err))}`);
  };
  return (frame) => {
    if (!sendFrame.Check(frame)) {
      const ref = (frame as { ref?: unknown }).ref;
      if (typeof ref === 'string' && ref.length > 0 && ref.length <= 128) {
        refuse(ref, ParleyError.of('INVALID_PARAMS', 'the send frame does not match its schema'));
      } else deps.violation('bad send frame');
      return;
    }
    const { ref, message } = frame;
    if (pending >= WS.maxPendingSends) {
      refuse(ref, ParleyError.of('RATE_LIMITED', 'Too many sends waiting for their ack', { retryAfter: 1 }));
      return;
    }
    pending += 1;
    const at = performance.now();
    // The budget may be counted in Redis (SHR2): frames keep their order, as each step is taken in arrival order.
    deps.d.sendPath.limits.take(USER_ACTION.SEND, deps.userID).then(
      () =>
        sendMessage(deps.d, deps.userID, message).then(
          ({ json }) => {
            pending -= 1;
            ack(ref, `"message":${json}`);
            ackLatency.observe(secondsSince(at));
          },
          (err: unknown) => {
            pending -= 1;
            refused(refusalReason(err)).inc();
            if (!(err instanceof ParleyError)) deps.onError?.(err);
            ack(ref, `"error":${JSON.stringify(errorBody(err))}`);
          },
        ),
      (err: unknown) => {
        pending -= 1;
        refuse(ref, err);
      },
    );
  };
}
