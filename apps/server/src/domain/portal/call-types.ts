import type { Domain } from '../context.ts';
import type { PortalCaller } from './access.ts';
import type { CityCookies } from './job-actions.ts';

/** What a call sees besides its payload: the caller from the session, and the city cookies (job/list). */
export interface CallContext {
  caller: PortalCaller;
  cities: CityCookies;
}

/**
 * Each handler declares its payload's type (the protocol schema's static type); the transport hands it the payload
 * its call's schema checked. `never` here lets every handler keep its own payload type without `any`.
 */
export type Handler = (d: Domain, payload: never, ctx: CallContext) => Promise<unknown>;
