import fastifyMultipart from '@fastify/multipart';
import {
  ERRORS,
  FileParamsSchema,
  ParleyError,
  UPLOAD_KINDS,
  UPLOAD_ROUTES,
  UploadBodySchema,
  UploadResultSchema,
  type UploadKind,
  uploadPath,
} from '@parley/protocol';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Domain } from '../../../domain/context.ts';
import { attachmentHeader, parseRange } from '../../../domain/uploads/serve.ts';
import { retryAfterOf } from '../../../domain/limits/user-limits.ts';
import { deleteUpload, fillLedger } from '../../../domain/uploads/quota.ts';
import { receiveUpload, tooLarge, type Uploads } from '../../../domain/uploads/upload.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';

const tags = ['uploads'];
/** Room for the multipart boundaries and part headers around the file (a 255-character name included). */
const MULTIPART_OVERHEAD = 64 * 1024;
const YEAR_SECONDS = 31_536_000;

/**
 * Refuses a declared length over the limit before a byte of the body is read (UPL4). The rest of the body is then
 * discarded by Node as it arrives (never buffered or stored, bounded by the request timeout) rather than the
 * connection reset, so that every client can read the 413: a reset while it still writes loses the answer.
 */
function declaredSizeCheck(kind: UploadKind, max: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > max + MULTIPART_OVERHEAD) {
      // Linger: keep the connection after the answer, so Node discards the rest of the body instead of closing
      // at once (a client that asked for `Connection: close` would otherwise still be writing into a closed socket,
      // get a reset, and lose the 413 with it). The keep-alive timeout closes the socket once the client is done.
      reply.raw.shouldKeepAlive = true;
      throw tooLarge(kind);
    }
  };
}

/** `multipart/form-data` with a boundary to split it by: without one, there is no part to read (ABU3). */
const MULTIPART_WITH_BOUNDARY = /^multipart\/form-data\s*;(.*;)?\s*boundary=("[^"]+"|[^\s;"]+)/i;

async function multipartCheck(request: FastifyRequest): Promise<void> {
  if (!MULTIPART_WITH_BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw ParleyError.of('INVALID_PARAMS', 'an upload is multipart/form-data with a boundary');
  }
}

/** The user's upload rate and quota, from the declared length, before a byte of the body is read (ABU5, ABU6). */
function admissionCheck(u: Uploads) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await u.admission.admit(request.userID, Number(request.headers['content-length'] ?? 0), MULTIPART_OVERHEAD);
    } catch (err) {
      const retryAfter = retryAfterOf(err);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      throw err;
    }
  };
}

function uploadRoute(app: App, d: Domain, u: Uploads, kind: UploadKind): void {
  app.post(
    uploadPath(kind),
    {
      schema: {
        tags,
        security: [{ userSig: [] }],
        summary: `Upload a file for a ${kind} message (multipart/form-data, one part named "file")`,
        consumes: ['multipart/form-data'],
        body: UploadBodySchema,
        response: { 200: UploadResultSchema },
      },
      // The body is a stream read by the handler, not an object to validate.
      validatorCompiler: () => () => true,
      onRequest: [requireUser(d), declaredSizeCheck(kind, u.limits[kind]), multipartCheck, admissionCheck(u)],
    },
    async (request) => {
      try {
        const part = await request.file({
          limits: { fileSize: u.limits[kind] + 1, files: 1, fields: 0, parts: 1, headerPairs: 8 },
          preservePath: true,
        } as Parameters<typeof request.file>[0]);
        if (part?.fieldname !== 'file') throw ParleyError.of('INVALID_PARAMS', 'one part named "file" is required');
        const result = await receiveUpload(u, request.userID, kind, part.filename, part.file);
        d.meter.uploads.files.inc();
        d.meter.uploads.bytes.inc(result.size);
        return result;
      } catch (err) {
        // What is left of a refused body is discarded as it arrives (see declaredSizeCheck).
        throw err instanceof ParleyError ? err : multipartError(err);
      }
    },
  );
}

function multipartError(err: unknown): Error {
  const code = (err as { code?: string }).code ?? '';
  if (code.startsWith('FST_') || code === 'ECONNRESET' || /aborted|Unexpected end/i.test(String(err))) {
    return ParleyError.of('INVALID_PARAMS', 'the upload is not a complete multipart/form-data body');
  }
  return err as Error;
}

function fileRoute(app: App, u: Uploads): void {
  app.get(
    UPLOAD_ROUTES.file,
    {
      schema: {
        tags,
        summary: 'A stored file (capability URL; Range, ETag and long-lived caching)',
        params: FileParamsSchema,
      },
    },
    async (request, reply) => {
      const record = await u.store.getRecord(request.params.fileID);
      const size = record ? await u.store.size(record.key) : undefined;
      if (!record || size === undefined) throw ParleyError.of('NOT_FOUND', 'No such file');
      const etag = `"${record.key}"`;
      reply
        .header('cache-control', `private, max-age=${YEAR_SECONDS}, immutable`)
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('content-type', record.type)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-site');
      if (!record.inline) reply.header('content-disposition', attachmentHeader(record.name));
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ code: ERRORS.INVALID_PARAMS.code, message: 'Range not satisfiable' }));
      }
      if (range === 'whole') return reply.header('content-length', size).send(u.store.read(record.key));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(u.store.read(record.key, range));
    },
  );
}

/** Rule ABU7: the owner deletes an upload no message refers to (all of an image's files at once). */
function deleteRoute(app: App, d: Domain, u: Uploads): void {
  app.delete(
    UPLOAD_ROUTES.file,
    {
      schema: {
        tags,
        security: [{ userSig: [] }],
        summary: 'Delete one of your uploads that no message refers to (60092 when one does)',
        params: FileParamsSchema,
        response: { 200: Type.Object({}) },
      },
      onRequest: requireUser(d),
    },
    async (request) => {
      await deleteUpload(u.admission.ledger, u.store, request.userID, request.params.fileID);
      return {};
    },
  );
}

/** Upload and file routes (decision 0016), in their own scope so multipart parsing exists only here. */
export async function uploadRoutes(app: App, d: Domain, u: Uploads): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    for (const kind of UPLOAD_KINDS) uploadRoute(scope as unknown as App, d, u, kind);
    fileRoute(scope as unknown as App, u);
    deleteRoute(scope as unknown as App, d, u);
  });
  await u.store.sweepStaging();
  if (u.admission.ledger) await fillLedger(u.admission.ledger, u.store);
}
