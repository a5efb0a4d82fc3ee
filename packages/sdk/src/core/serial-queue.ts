/**
 * Runs tasks one after another. Every change that comes from the server (pushes, sync pages, send acks) goes
 * through one queue, so the SDK applies them in the order it received them and never interleaves a catch-up
 * page with a push for the same conversation. A failing task is reported and does not stop the queue.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #onError: (err: unknown) => void;

  constructor(onError: (err: unknown) => void) {
    this.#onError = onError;
  }

  /** Resolves with the task's result once it ran; rejects with its error (which is also reported). */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch((err: unknown) => this.#onError(err));
    return result;
  }

  /** Fire and forget: the error is only reported. */
  post(task: () => unknown): void {
    this.run(task).catch(() => undefined);
  }
}
