import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AccountDeletedSchema,
  DeleteAccountSchema,
  ExportLinkSchema,
  ExportTokenParamSchema,
  PERSONAL_DATA_ROUTES,
  ParleyError,
  PersonalDataUserParamSchema,
  SESSION_COOKIE,
} from '@parley/protocol';
import { deleteAccount, deleteOwnAccount, type ErasureParts } from '../../../domain/accounts/erase.ts';
import { EXPORT_LINK_SECONDS, signExportToken, verifyExportToken } from '../../../domain/accounts/export-link.ts';
import { exportEntries } from '../../../domain/accounts/export.ts';
import type { WrittenEntry } from '../../../domain/accounts/personal-data-ports.ts';
import { type Domain, nowSeconds } from '../../../domain/context.ts';
import type { BudgetStore } from '../../../domain/limits/ports.ts';
import { tarStream } from '../../../files/tar-writer.ts';
import type { App } from '../app-type.ts';
import { requireAdmin, requireUser } from '../auth.ts';
import { noStore } from './auth-routes.ts';

export interface PersonalDataWiring {
  parts: ErasureParts | undefined;
  budgets: BudgetStore;
  /** PDAT7: seconds between two export links of one user; 0: no limit. */
  exportIntervalSeconds: number;
  spoolDir: string;
  adminKey: string | undefined;
}

const tags = ['personal data'];
const safe = (userID: string) => userID.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'user';

/** Personal data (decision 0051): the archive download and account deletion, for the user and for an operator. */
export async function personalDataRoutes(app: App, d: Domain, w: PersonalDataWiring): Promise<void> {
  const auth = requireUser(d);
  const admin = requireAdmin(w.adminKey);
  // Spool files a crash left behind (the archive's messages while being written).
  await rm(w.spoolDir, { recursive: true, force: true });
  const parts = (): ErasureParts => {
    if (!w.parts) throw ParleyError.of('NOT_FOUND', 'This storage keeps no personal data store');
    return w.parts;
  };

  const sendArchive = (reply: import('fastify').FastifyReply, userID: string) => {
    const written: WrittenEntry[] = [];
    const now = d.clock.now();
    const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
    const root = `parley-data-${safe(userID)}`;
    const entries = exportEntries(d, parts(), userID, written, root);
    const body = tarStream(entries, w.spoolDir, Math.floor(now / 1000), (e) => written.push(e));
    noStore(reply);
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-disposition', `attachment; filename="${root}-${day}.tar"`)
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(body, { objectMode: false }));
  };

  app.post(
    PERSONAL_DATA_ROUTES.export,
    {
      schema: {
        tags,
        security: [{ userSig: [] }],
        summary: 'A download link for my data archive (PDAT6, PDAT7)',
        response: { 200: ExportLinkSchema },
      },
      preHandler: auth,
    },
    async (request, reply) => {
      if (!(await d.storage.accounts.get(request.userID))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
      if (w.exportIntervalSeconds > 0) {
        const shape = { ratePerSecond: 1 / w.exportIntervalSeconds, burst: 1 };
        const waitMs = await w.budgets.take(`personalExport:${request.userID}`, shape, 1);
        if (waitMs > 0) {
          reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
          throw ParleyError.of('RATE_LIMITED', 'An archive was made recently; try again later');
        }
      }
      noStore(reply);
      const expiresAt = nowSeconds(d) + EXPORT_LINK_SECONDS;
      const token = signExportToken(d.secret, request.userID, expiresAt);
      return { url: PERSONAL_DATA_ROUTES.download.replace(':token', token), expiresAt };
    },
  );

  app.get(
    PERSONAL_DATA_ROUTES.download,
    {
      schema: {
        tags,
        summary: 'My data archive, as a tar (PDAT1–PDAT5); the link is the capability',
        params: ExportTokenParamSchema,
      },
    },
    async (request, reply) => {
      const userID = verifyExportToken(d.secret, request.params.token, nowSeconds(d));
      if (!userID || !(await d.storage.accounts.get(userID))) throw ParleyError.of('NOT_FOUND', 'No such archive');
      return sendArchive(reply, userID);
    },
  );

  app.post(
    PERSONAL_DATA_ROUTES.delete,
    {
      schema: {
        tags,
        security: [{ userSig: [] }],
        summary: 'Delete my account, confirmed with my password (PDAT9)',
        body: DeleteAccountSchema,
        response: { 200: AccountDeletedSchema },
      },
      preHandler: auth,
    },
    async (request, reply) => {
      const result = await deleteOwnAccount(d, parts(), request.userID, request.body.password, request.ip);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return result;
    },
  );

  app.get(
    PERSONAL_DATA_ROUTES.adminExport,
    {
      schema: {
        tags,
        security: [{ adminKey: [] }],
        summary: "A user's data archive, for an operator (PDAT8)",
        params: PersonalDataUserParamSchema,
      },
      preHandler: admin,
    },
    async (request, reply) => {
      if (!(await d.storage.accounts.get(request.params.userID))) throw ParleyError.of('ACCOUNT_NOT_FOUND');
      return sendArchive(reply, request.params.userID);
    },
  );

  app.delete(
    PERSONAL_DATA_ROUTES.adminDelete,
    {
      schema: {
        tags,
        security: [{ adminKey: [] }],
        summary: "Delete a user's account, for an operator (PDAT8)",
        params: PersonalDataUserParamSchema,
        response: { 200: AccountDeletedSchema },
      },
      preHandler: admin,
    },
    async (request) => deleteAccount(d, parts(), request.params.userID),
  );
}
