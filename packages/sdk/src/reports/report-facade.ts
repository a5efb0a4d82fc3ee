/**
 * Message reports (decision 0055): a user reports a message to the deployment's moderators. Parley's own method, not
 * in the reference SDK; declared for the registry (decision 0029).
 */
import { REPORT_REASONS, REPORT_LIMITS, REPORT_ROUTES, type ReportReason, type ReportReceipt } from '@parley/protocol';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import type { Message } from '../message/message.ts';

type Response<T> = Promise<ChatResponse<T>>;

export type { ReportReason, ReportReceipt };
export interface ReportOptions {
  reason: ReportReason;
  /** At most 200 characters (RPT2). */
  note?: string;
}

export class ReportModule {
  readonly #host: SdkHost;

  constructor(host: SdkHost) {
    this.#host = host;
  }

  /**
   * RPT1–RPT4: reports a message of one of my conversations. Reporting it again while the report is open answers the
   * same report.
   */
  async reportMessage(message: Message, options: ReportOptions): Response<ReportReceipt> {
    const api = 'reportMessage';
    assertParams(typeof message?.ID === 'string' && message.ID !== '', api, 'message must be a message');
    assertParams(typeof message.conversationID === 'string', api, 'message must have a conversationID');
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    assertParams((REPORT_REASONS as readonly string[]).includes(options.reason), api, 'reason is not a known reason');
    const note = options.note ?? '';
    assertParams(typeof note === 'string' && note.length <= REPORT_LIMITS.noteChars, api, 'note is too long');
    return ok(
      await this.#host.http.post<ReportReceipt>(REPORT_ROUTES.report, {
        conversationID: message.conversationID,
        messageID: message.ID,
        reason: options.reason,
        ...(note ? { note } : {}),
      }),
    );
  }
}

export const reportsFeature = defineFeature({
  name: 'reports',
  create: (host: SdkHost) => ({ host, module: new ReportModule(host) }),
  methods: {
    reportMessage(message: Message, options: ReportOptions): Response<ReportReceipt> {
      return this.host.guarded('reportMessage', () => this.module.reportMessage(message, options));
    },
  },
});
