/** The portal API: one route per call of PORTAL_CALLS behind the 3DES envelope (decision 0010). */
import {
  PORTAL_CALLS,
  PORTAL_CALL_NAMES,
  PORTAL_COOKIES,
  PORTAL_PREFIX,
  PORTAL_SUCCESS,
  ParleyError,
  type PortalCallName,
  PortalEnvelopeRequestSchema,
  PortalEnvelopeResponseSchema,
  SESSION_COOKIE,
} from '@parley/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../../app/config.ts';
import type { Domain } from '../../../../domain/context.ts';
import { checkAccess, portalCaller } from '../../../../domain/portal/access.ts';
import { PORTAL_HANDLERS } from '../../../../domain/portal/calls.ts';
import type { App } from '../../app-type.ts';
import { requireOrigin } from '../../auth.ts';
import { blockAdminRoutes } from './block-admin-routes.ts';
import { feedbackAdminRoutes } from './feedback-admin-routes.ts';
import { type PortalCipher, payloadChecker, portalCipher } from './envelope.ts';
import { SESSION_CALLS } from './session-calls.ts';

export interface TapiOptions {
  domain: Domain;
  config: Config;
  origins: readonly string[];
}

const FORM = 'application/x-www-form-urlencoded';
/** Password hashing calls: a CPU guard per address; the login throttle (THR1-THR3) does the real work. */
// feedback/add, user/verify, company/certify: PCP4, PCP5, PCP7 (a guessing loop over ID numbers or codes is slowed).
const RATE: Partial<Record<PortalCallName, number>> = {
  'user/login': 600,
  'user/register': 60,
  'user/uppass': 60,
  'feedback/add': 20,
  'user/verify': 20,
  'company/certify': 20,
};

/** Runs one call after the envelope was read: its errors go back in the envelope (PRT2). */
async function answer(
  cipher: PortalCipher,
  run: () => Promise<unknown>,
): Promise<{ code: number; msg: string; data: string }> {
  try {
    const result = await run();
    return {
      code: PORTAL_SUCCESS,
      msg: 'ok',
      data: result === null || result === undefined ? '' : cipher.encrypt(result),
    };
  } catch (err) {
    if (err instanceof ParleyError) return { code: err.code, msg: err.message, data: '' };
    throw err;
  }
}

function handlerFor(d: Domain, cipher: PortalCipher, name: PortalCallName) {
  const spec = PORTAL_CALLS[name];
  const check = payloadChecker(spec.request);
  const sessionCall = SESSION_CALLS[name];
  const domainCall = PORTAL_HANDLERS[name];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // PRT3: nothing runs before the envelope is read and the payload has its shape.
    const payload = cipher.decrypt((request.body as { data?: string } | undefined)?.data);
    check(payload);
    return answer(cipher, async () => {
      if (sessionCall) return sessionCall(d, payload as never, request, reply);
      const caller = await portalCaller(d, request.cookies[SESSION_COOKIE]);
      checkAccess(caller, spec.access);
      const cities = {
        province: request.cookies[PORTAL_COOKIES.province],
        citys: request.cookies[PORTAL_COOKIES.citys],
        area: request.cookies[PORTAL_COOKIES.area],
      };
      if (!domainCall) throw ParleyError.of('PORTAL_UNKNOWN_CALL');
      return domainCall(d, payload as never, { caller, cities });
    });
  };
}

/** The portal API (`/tapi/`, rules PRT1-PRT16): one route per call of PORTAL_CALLS, each in the OpenAPI document. */
export async function tapiRoutes(app: App, options: TapiOptions): Promise<void> {
  const { domain: d, config } = options;
  const cipher = portalCipher(config.portalCipher.key, config.portalCipher.iv);
  const origin = requireOrigin(options.origins);
  blockAdminRoutes(app, d, config.adminKey);
  feedbackAdminRoutes(app, d, config.adminKey);
  await app.register(async (scope: App) => {
    // Only form bodies here (PRT3); JSON elsewhere is untouched (this plugin is encapsulated).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const name of PORTAL_CALL_NAMES) {
      const spec = PORTAL_CALLS[name];
      const max = RATE[name];
      scope.post(
        `${PORTAL_PREFIX}/${name}`,
        {
          schema: {
            tags: ['portal'],
            summary: spec.summary,
            description: `Access: ${spec.access}. Form field \`data\` = base64(3DES-CBC(JSON)), JSON shape: \`${JSON.stringify(spec.request)}\`. Answers {code, msg, data}; data is the encrypted JSON result (rule PRT2).`,
            consumes: [FORM],
            body: PortalEnvelopeRequestSchema,
            response: { 200: PortalEnvelopeResponseSchema },
          },
          preHandler: origin,
          ...(max ? { config: { rateLimit: { max, timeWindow: 60_000 } } } : {}),
        },
        handlerFor(d, cipher, name),
      );
    }
    scope.all(`${PORTAL_PREFIX}/*`, { schema: { hide: true } }, async () => {
      throw ParleyError.of('PORTAL_UNKNOWN_CALL');
    });
  });
}
