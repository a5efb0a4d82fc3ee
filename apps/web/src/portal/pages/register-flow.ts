import { PORTAL_ERROR } from '../../session/portal-api.ts';
import { CALL, type PortalLoginData } from '../api/calls.ts';
import type { TapiAnswer } from '../api/client.ts';

export interface RegisterFields {
  identity: 1 | 2;
  name: string;
  mobile: string;
  password: string;
}

type Call = <T>(path: string, payload: unknown) => Promise<TapiAnswer<T>>;

/** What the page shows after a try: signed in, or the answer that stopped it. */
export type RegisterOutcome =
  | { kind: 'signedIn' }
  | { kind: 'refused'; answer: { code: number; msg: string } }
  | { kind: 'taken' };

/**
 * Registration, then sign-in with what was typed. Registration answers alike for free and taken numbers (ABU38), so
 * only the sign-in tells: a 70060 there means the number was registered before with another password (decision 0027),
 * and the page says to sign in with that one. Any other refusal is shown as the server worded it.
 */
export async function registerAndSignIn(call: Call, fields: RegisterFields): Promise<RegisterOutcome> {
  const answer = await call<null>(CALL.register, { ...fields, name: fields.name.trim() });
  if (answer.code !== 1) return { kind: 'refused', answer };
  const { mobile, password, identity } = fields;
  const login = await call<PortalLoginData>(CALL.login, { mobile, password, identity });
  if (login.code === 1) return { kind: 'signedIn' };
  return login.code === PORTAL_ERROR.WRONG_CREDENTIALS ? { kind: 'taken' } : { kind: 'refused', answer: login };
}
