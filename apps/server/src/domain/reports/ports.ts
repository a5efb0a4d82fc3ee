/** What message reports store (decision 0055); storage/message-reports.ts implements it on both databases. */
import type { ReportReason, ReportStatus } from '@parley/protocol';

export interface NewReport {
  reporter: string;
  /** The stored conversation key (`c2c:a|b`, `group:<id>`) and the message's client ID in it. */
  conversationKey: string;
  messageID: string;
  sender: string;
  reason: ReportReason;
  note: string;
  /** RPT3: JSON of the wire message and of its context, as the reporter saw them. */
  snapshot: string;
  context: string;
  createdAt: number;
}

export interface ReportRow extends NewReport {
  id: number;
  status: ReportStatus;
  resolvedAt: number;
  resolvedBy: string;
}

export interface ReportStore {
  /** RPT4: the reporter's open report of this message, if any. */
  openReport(reporter: string, conversationKey: string, messageID: string): Promise<ReportRow | undefined>;
  /** Inserts an open report; undefined when an open one of the same reporter and message won a race (RPT4). */
  insert(report: NewReport): Promise<number | undefined>;
  get(id: number): Promise<ReportRow | undefined>;
  /** RPT9: open reports, newest first, with an id below `before`. */
  listOpen(before: number | undefined, limit: number): Promise<ReportRow[]>;
  /** RPT10: closes every open report of the message; answers the reporters of the reports it closed. */
  resolveMessage(
    conversationKey: string,
    messageID: string,
    status: ReportStatus,
    by: string,
    at: number,
  ): Promise<string[]>;
  /** Closes one open report (dismiss); false when it was not open. */
  resolveOne(id: number, status: ReportStatus, by: string, at: number): Promise<boolean>;
}
