/** Message reports' part of the protocol (decision 0055, rules RPT1–RPT20). */
import { type Static, Type } from 'typebox';
import { ADMIN_CONSOLE_API } from '../admin-console/index.ts';
import { API_PREFIX } from '../routes.ts';
import { ConversationID, Strict, Text } from '../schemas/common.ts';
import { MessageID, WireMessageSchema } from '../schemas/message.ts';

/** RPT2: the fixed reasons a user picks from. */
export const REPORT_REASONS = ['spam', 'abuse', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** RPT10: what a moderator does with an open report. */
export const REPORT_ACTIONS = ['remove', 'mute', 'disable', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** RPT5: a report is `open` until an action resolves it; the status names the action taken. */
export type ReportStatus = 'open' | 'removed' | 'muted' | 'disabled' | 'dismissed';

export const REPORT_LIMITS = {
  /** RPT2: the note's length at most, in characters. */
  noteChars: 200,
  /** RPT3: the messages before the reported one kept as its context. */
  contextMessages: 5,
  /** RPT9: reports per console page. */
  page: 50,
  /** RPT12: a mute from a report, one day unless the moderator says otherwise. */
  muteSeconds: 86_400,
} as const;

export const REPORT_ROUTES = {
  /** POST: report a message of one of my conversations (RPT1). */
  report: `${API_PREFIX}/messages/report`,
  /** GET: open reports, newest first (RPT9). */
  consoleList: `${ADMIN_CONSOLE_API}/reports`,
  /** POST: resolve a report (RPT10). */
  consoleAction: `${ADMIN_CONSOLE_API}/reports/:reportID/action`,
} as const;

const ReasonSchema = Type.Union([
  Type.Literal('spam'),
  Type.Literal('abuse'),
  Type.Literal('illegal'),
  Type.Literal('other'),
]);

export const ReportMessageSchema = Type.Object(
  {
    conversationID: ConversationID,
    messageID: MessageID,
    reason: ReasonSchema,
    note: Type.Optional(Text({ maxLength: REPORT_LIMITS.noteChars })),
  },
  Strict,
);
export type ReportMessage = Static<typeof ReportMessageSchema>;

export const ReportReceiptSchema = Type.Object({ reportID: Type.Integer(), status: Type.String() });
export type ReportReceipt = Static<typeof ReportReceiptSchema>;

const PersonSchema = Type.Object({ userID: Type.String(), nick: Type.String() });

export const AdminReportSchema = Type.Object({
  id: Type.Integer(),
  createdAt: Type.Integer(),
  reason: ReasonSchema,
  note: Type.String(),
  status: Type.String(),
  /** The group the message was sent in; null for a one-to-one message. */
  groupID: Type.Union([Type.String(), Type.Null()]),
  reporter: PersonSchema,
  sender: PersonSchema,
  /** RPT3: the message as it was when reported, and up to five messages before it (oldest first). */
  message: WireMessageSchema,
  context: Type.Array(WireMessageSchema),
});
export type AdminReport = Static<typeof AdminReportSchema>;

export const AdminReportListQuerySchema = Type.Object(
  { before: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })) },
  Strict,
);
export const AdminReportListSchema = Type.Object({
  reports: Type.Array(AdminReportSchema),
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminReportList = Static<typeof AdminReportListSchema>;

export const AdminReportParamsSchema = Type.Object({ reportID: Type.String({ pattern: '^[0-9]{1,15}$' }) }, Strict);

export const AdminReportActionSchema = Type.Object(
  {
    action: Type.Union([
      Type.Literal('remove'),
      Type.Literal('mute'),
      Type.Literal('disable'),
      Type.Literal('dismiss'),
    ]),
    /** RPT12: for `mute` only; one day when absent. */
    muteSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 30 * 86_400 })),
  },
  Strict,
);
export type AdminReportAction = Static<typeof AdminReportActionSchema>;

/** RPT10: the resolved report and how many open reports of the same message it closed with it. */
export const AdminReportResultSchema = Type.Object({ status: Type.String(), resolved: Type.Integer() });
