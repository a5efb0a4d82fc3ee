/** Message reports (decision 0055): the user's report and the console's queue. Parse, call one action, reply. */
import {
  AdminReportActionSchema,
  AdminReportListQuerySchema,
  AdminReportListSchema,
  AdminReportParamsSchema,
  AdminReportResultSchema,
  REPORT_ROUTES,
  ReportMessageSchema,
  ReportReceiptSchema,
} from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import { reportMessage } from '../../../domain/reports/actions.ts';
import { openReports, type ReportConsole, resolveReport } from '../../../domain/reports/console.ts';
import type { ReportStore } from '../../../domain/reports/ports.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';
import type { ConsoleGuard } from './admin-console-routes.ts';

/** RPT1, RPT6: authenticated, and a report takes from the user's send budget like every message action. */
export function reportRoutes(app: App, d: Domain, limits: UserLimits, store: ReportStore): void {
  app.post(
    REPORT_ROUTES.report,
    {
      schema: {
        tags: ['message actions'],
        security: [{ userSig: [] }],
        summary: 'Report a message to the moderators (reportMessage, RPT1)',
        body: ReportMessageSchema,
        response: { 200: ReportReceiptSchema },
      },
      preHandler: [requireUser(d), limitUser(limits, USER_ACTION.SEND)],
    },
    async (request) => reportMessage(d, store, request.userID, request.body),
  );
}

/** RPT9, RPT10: the console's queue; the role is checked by the action (ADM8). */
export function reportConsoleRoutes(app: App, c: ReportConsole, guard: ConsoleGuard): void {
  const tags = ['admin-console'];
  const security = [{ adminSession: [] }];
  app.get(
    REPORT_ROUTES.consoleList,
    {
      schema: {
        tags,
        security,
        summary: 'Open message reports, newest first (RPT9)',
        querystring: AdminReportListQuerySchema,
        response: { 200: AdminReportListSchema },
      },
      preHandler: guard(false),
    },
    async (request) => {
      const { before } = request.query;
      return openReports(c, request.admin, before === undefined ? undefined : Number(before));
    },
  );
  app.post(
    REPORT_ROUTES.consoleAction,
    {
      schema: {
        tags,
        security,
        summary: 'Resolve a report: remove, mute, disable or dismiss (RPT10)',
        params: AdminReportParamsSchema,
        body: AdminReportActionSchema,
        response: { 200: AdminReportResultSchema },
      },
      preHandler: guard(true),
    },
    async (request) => resolveReport(c, request.admin, Number(request.params.reportID), request.body),
  );
}
