import { type AdminRole, ParleyError } from '@parley/protocol';

/**
 * ADM8: what each role may do. The server checks this on every console route; the console only hides what the
 * role lacks. `read` is every GET; the rest are writes.
 */
export const ADMIN_ABILITIES = {
  read: ['operator', 'moderator', 'readonly'],
  moderate: ['operator', 'moderator'],
  operate: ['operator'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminAbility = keyof typeof ADMIN_ABILITIES;

export function requireAbility(role: AdminRole, ability: AdminAbility): void {
  if (!(ADMIN_ABILITIES[ability] as readonly AdminRole[]).includes(role)) throw ParleyError.of('ADMIN_ROLE_FORBIDDEN');
}
