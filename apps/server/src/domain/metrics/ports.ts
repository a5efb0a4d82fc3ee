import { ERRORS, ParleyError } from '@parley/protocol';

/**
 * What the server counts for its operators (rules MET1–MET30, decision 0042). The domain and the transports see only
 * these small instruments; `app/metrics/` backs them with prom-client. Every instrument is bound to its labels once,
 * when the app starts, so that counting on the send path is a field increment: no label look-up, no allocation.
 */
export interface Counter {
  inc(n?: number): void;
}

export interface Histogram {
  /** Seconds for durations, a plain count for sizes. */
  observe(value: number): void;
}

/** Why a send was refused: the error catalogue's name (bounded), e.g. `RATE_LIMITED`; anything else is `INTERNAL`. */
export type RefusalCounter = (reason: string) => Counter;

export interface Meter {
  readonly messages: {
    /** A send taken by the send path (after the checks that run before the writer). */
    readonly accepted: Counter;
    /** A `message.new` frame written to a push socket on this node. */
    readonly delivered: Counter;
    readonly refused: RefusalCounter;
  };
  /** Seconds from a send's acceptance to each stage (MET3). */
  readonly sendLatency: { readonly commit: Histogram; readonly ack: Histogram; readonly push: Histogram };
  /** Drafts per group-commit transaction (decision 0020). */
  readonly batchSize: Histogram;
  /** Push sockets closed because they could not keep up (WS3, LIM4). */
  readonly slowConsumerDisconnects: Counter;
  readonly logins: { readonly succeeded: Counter; readonly failed: Counter; readonly throttled: Counter };
  readonly uploads: { readonly files: Counter; readonly bytes: Counter };
  readonly database: { readonly query: Histogram; readonly errors: Counter };
  /** Seconds an event took through the bus and back to this node (Redis only). */
  readonly busLag: Histogram;
}

const noCount: Counter = { inc: () => undefined };
const noObservation: Histogram = { observe: () => undefined };

/** A meter that counts nothing: for tests that build a domain by hand, and tools that run without metrics. */
export const NO_METER: Meter = {
  messages: { accepted: noCount, delivered: noCount, refused: () => noCount },
  sendLatency: { commit: noObservation, ack: noObservation, push: noObservation },
  batchSize: noObservation,
  slowConsumerDisconnects: noCount,
  logins: { succeeded: noCount, failed: noCount, throttled: noCount },
  uploads: { files: noCount, bytes: noCount },
  database: { query: noObservation, errors: noCount },
  busLag: noObservation,
};

/** Seconds since `start` (a `performance.now()` reading), for the latency histograms. */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

let names: Map<number, string> | undefined;

/**
 * The label of a refused send: the catalogue name of its error (a bounded set, so the label cannot grow without
 * bound, MET4); a schema failure is `INVALID_PARAMS`; anything unexpected is `INTERNAL`.
 */
export function refusalReason(err: unknown): string {
  if (err instanceof ParleyError) {
    names ??= new Map(Object.entries(ERRORS).map(([name, e]) => [e.code, name]));
    return names.get(err.code) ?? 'INTERNAL';
  }
  if (typeof err === 'object' && err !== null && 'validation' in err) return 'INVALID_PARAMS';
  return 'INTERNAL';
}
