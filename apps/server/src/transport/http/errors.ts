import { ERRORS, type ErrorBody, type ErrorSpec, ParleyError, errorByCode } from '@parley/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSpaPath } from './static-web.ts';

/** The one place where errors become HTTP responses (GUIDE §5.5). Never a stack trace, never a 5xx for bad input. */
function toBody(err: FastifyError | ParleyError | Error): { status: number; body: ErrorBody; spec?: ErrorSpec } {
  if (err instanceof ParleyError) {
    const spec = errorByCode(err.code);
    const body: ErrorBody = { code: err.code, message: err.message };
    if (Object.keys(err.data).length > 0) body.data = err.data;
    return { status: spec && spec.httpStatus > 0 ? spec.httpStatus : 400, body };
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    const first = fe.validation[0];
    const where = fe.validationContext ?? 'body';
    const path = first?.instancePath || '';
    const detail =
      first?.keyword === 'additionalProperties'
        ? `unknown field "${String((first.params as { additionalProperty?: string }).additionalProperty)}"`
        : (first?.message ?? 'is invalid');
    return spec(ERRORS.INVALID_PARAMS, `${where}${path.replaceAll('/', '.')} ${detail}`);
  }
  const status = fe.statusCode ?? 500;
  // Raised by the router before any route or hook runs (HTTP7: still {code, message}).
  if (fe.code === 'FST_ERR_BAD_URL') return spec(ERRORS.INVALID_PARAMS, 'The URL is not valid percent-encoding');
  if (fe.code === 'FST_ERR_MAX_PARAM_LENGTH' || status === 414) return spec(ERRORS.URI_TOO_LONG);
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return spec(ERRORS.BODY_TOO_LARGE);
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return spec(ERRORS.UNSUPPORTED_MEDIA_TYPE);
  if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return spec(ERRORS.BAD_JSON, 'The request body is empty but declared JSON');
  if (status === 400 && (err instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY'))
    return spec(ERRORS.BAD_JSON);
  if (status === 429) return spec(ERRORS.RATE_LIMITED);
  if (status >= 400 && status < 500) return spec(ERRORS.INVALID_PARAMS, fe.message);
  return spec(ERRORS.INTERNAL);
}

function spec(s: ErrorSpec, message = s.message) {
  return { status: s.httpStatus, body: { code: s.code, message }, spec: s };
}

/**
 * Fastify's `frameworkErrors` option: the router's own errors (bad percent-encoding, an over-long path
 * parameter) bypass the error handler, so they are mapped here the same way.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toBody(err);
  void reply.code(status).send(body);
}

/** `spa`: unknown non-API GET paths get the web app's index.html so client routes survive a reload. */
export function installErrorHandling(app: FastifyInstance, spa: boolean): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = toBody(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.debug({ code: body.code }, body.message);
    void reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    if (spa && isSpaPath(request.method, request.url)) return reply.sendFile('index.html');
    return reply.code(ERRORS.NOT_FOUND.httpStatus).send({
      code: ERRORS.NOT_FOUND.code,
      message: `${ERRORS.NOT_FOUND.message}: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

/** Error schema for the OpenAPI document: every route answers errors with this shape. */
export const errorResponses = {
  '4xx': { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
} as const;
