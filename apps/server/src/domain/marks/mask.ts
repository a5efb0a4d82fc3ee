import { MARK_LIMITS } from '@parley/protocol';

/** A member row's 64-bit mark set (MARK1) as its bit numbers, ascending: the wire's `markBits`. */
export function bitsOf(mask: bigint): number[] {
  const bits: number[] = [];
  for (let bit = 0; bit <= MARK_LIMITS.maxBit; bit++) if ((mask >> BigInt(bit)) & 1n) bits.push(bit);
  return bits;
}

/** The set with `bit` turned on or off. */
export function withBit(mask: bigint, bit: number, on: boolean): bigint {
  const flag = 1n << BigInt(bit);
  return on ? mask | flag : mask & ~flag;
}
