/** The one JSON line each scenario prints (GUIDE §6). Extra fields describe the faults injected. */
export interface Summary {
  scenario: string;
  seed: number;
  sent: number;
  acked: number;
  lost: number;
  duplicated: number;
  unexpected: number;
  orderViolations: number;
  convergeMs: number;
  [extra: string]: number | string | boolean;
}

/**
 * Counts that must be zero; `sequenceHoles` is R2's and R3's dense-sequence check, `slowNotClosed` R5's (the slow
 * client must be closed by the server's queue limit).
 */
export function failures(s: Summary): string[] {
  const keys = ['lost', 'duplicated', 'unexpected', 'orderViolations', 'sequenceHoles', 'slowNotClosed'] as const;
  return keys.filter((k) => typeof s[k] === 'number' && (s[k] as number) !== 0);
}
