import { ERRORS } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';

const KICK_TYPES: readonly string[] = [
  TYPES.KICKED_OUT_MULT_ACCOUNT,
  TYPES.KICKED_OUT_MULT_DEVICE,
  TYPES.KICKED_OUT_USERSIG_EXPIRED,
  TYPES.KICKED_OUT_REST_API,
];

/**
 * The TIM kick type a failed request means, or null when it does not end the session: 70001 (userSig
 * expired), and 70062 (the session was signed out elsewhere or the userSig revoked, rule SES4), whose
 * `data.kick` names the type.
 */
export function kickTypeOf(err: { code: number; data?: Record<string, unknown> }): string | null {
  if (err.code === ERRORS.USERSIG_EXPIRED.code) return TYPES.KICKED_OUT_USERSIG_EXPIRED;
  if (err.code !== ERRORS.USERSIG_REVOKED.code) return null;
  const kick = err.data?.kick;
  return typeof kick === 'string' && KICK_TYPES.includes(kick) ? kick : TYPES.KICKED_OUT_MULT_ACCOUNT;
}
