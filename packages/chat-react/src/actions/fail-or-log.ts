/** Seed 000 §8: 2480, 2481 and 20026 are logged only; other errors go to the shared toast (decision 0015). */
export function failOrLog(err: unknown, report: (err: unknown) => void): void {
  const code = (err as { code?: unknown })?.code;
  if (code === 2480 || code === 2481 || code === 20026) console.warn('message action refused:', err);
  else report(err);
}
