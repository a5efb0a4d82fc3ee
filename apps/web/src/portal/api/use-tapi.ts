import { useEffect, useState } from 'react';
import { type TapiAnswer, tapi } from './client.ts';

export type TapiState<T> =
  | { status: 'loading' }
  | { status: 'done'; answer: TapiAnswer<T> }
  /** The transport failed; the 'Request exception' dialog has already shown it. */
  | { status: 'failed' };

/** Answers that are the same for every visitor and rarely change (job groups, content blocks, cities). */
const shared = new Map<string, Promise<TapiAnswer<unknown>>>();

function load<T>(path: string, payload: unknown, cache: boolean): Promise<TapiAnswer<T>> {
  if (!cache) return tapi<T>(path, payload);
  const key = `${path} ${JSON.stringify(payload)}`;
  let pending = shared.get(key);
  if (!pending) {
    pending = tapi<unknown>(path, payload);
    // A failure is not remembered: the next page asks again.
    pending.catch(() => shared.delete(key));
    shared.set(key, pending);
  }
  return pending as Promise<TapiAnswer<T>>;
}

/**
 * One portal call for a page: loading, then the answer (whatever its code), or failed. `payload` null: not now
 * (for example before the session is known). The payload is compared by value, so literals are fine.
 */
export function useTapi<T>(
  path: string,
  payload: object | null,
  options: { cache?: boolean /** Change it to ask again (after a change the list shows). */; version?: number } = {},
): TapiState<T> {
  const [state, setState] = useState<TapiState<T>>({ status: 'loading' });
  const key = payload === null ? null : JSON.stringify(payload);
  const cache = options.cache ?? false;
  const version = options.version ?? 0;
  // `version` only asks again: it is not part of the payload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ status: 'loading' });
    load<T>(path, JSON.parse(key), cache).then(
      (answer) => live && setState({ status: 'done', answer }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [path, key, cache, version]);
  return state;
}

/** The data of a successful answer, else null. */
export function dataOf<T>(state: TapiState<T>): T | null {
  return state.status === 'done' && state.answer.code === 1 ? state.answer.data : null;
}
