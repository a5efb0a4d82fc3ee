/**
 * The one JSON line each category prints. `tried` counts attacks; every other count is a finding and must be 0.
 * `findings` names the first few so a failing line says what went wrong without a rerun.
 */
export const MUST_BE_ZERO = [
  'wronglyAllowed',
  'wronglyDenied',
  'fiveXX',
  'badErrorBodies',
  'crashes',
  'dataLost',
] as const;
type Count = (typeof MUST_BE_ZERO)[number];

export interface CategoryResult {
  category: string;
  seed: number;
  tried: number;
  wronglyAllowed: number;
  /** A legitimate user refused (a bystander locked out, a NAT office throttled): a denial of service. */
  wronglyDenied: number;
  fiveXX: number;
  /** An error answer that is not exactly `{code, message}` (plus the catalogue's `data` object). */
  badErrorBodies: number;
  crashes: number;
  dataLost: number;
  findings: string[];
  skipped?: string;
  [extra: string]: number | string | boolean | string[] | undefined;
}

/** How many findings a line names; PARLEY_SECURITY_MAX_FINDINGS raises it when digging into a failure. */
const MAX_FINDINGS = Number(process.env.PARLEY_SECURITY_MAX_FINDINGS ?? 40);

export class Tally {
  readonly r: CategoryResult;

  constructor(category: string, seed: number) {
    this.r = {
      category,
      seed,
      tried: 0,
      wronglyAllowed: 0,
      wronglyDenied: 0,
      fiveXX: 0,
      badErrorBodies: 0,
      crashes: 0,
      dataLost: 0,
      findings: [],
    };
  }

  tried(n = 1): void {
    this.r.tried += n;
  }

  /** Counts a finding of `kind` and remembers its description (deduplicated, capped). */
  found(kind: Count, what: string, n = 1): void {
    this.r[kind] += n;
    const line = `${kind}: ${what}`;
    if (this.r.findings.length < MAX_FINDINGS && !this.r.findings.includes(line)) this.r.findings.push(line);
  }

  /** Counts a check: true when it held; otherwise a finding of `kind`. */
  check(ok: boolean, kind: Count, what: string): boolean {
    this.tried();
    if (!ok) this.found(kind, what);
    return ok;
  }

  set(key: string, value: number | string | boolean | string[]): void {
    this.r[key] = value;
  }
}

export function failuresOf(r: CategoryResult): string[] {
  return MUST_BE_ZERO.filter((k) => r[k] !== 0);
}

export function skippedResult(category: string, seed: number, reason: string): CategoryResult {
  const t = new Tally(category, seed);
  t.r.skipped = reason;
  return t.r;
}
