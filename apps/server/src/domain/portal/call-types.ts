import type { Domain } from '../context.ts';
import type { PortalCaller } from './access.ts';
import type { CityCookies } from './job-actions.ts';

/** What a call sees besides its payload: the caller from the session, and the city cookies (job/list). */
export interface CallContext {
  caller: PortalCaller;
  cities: CityCookies;
}

// biome-ignore lint/suspicious/noExplicitAny: each handler narrows the payload its call's schema checked
export type Handler = (d: Domain, payload: any, ctx: CallContext) => Promise<unknown>;
