import {
  type AdminReport,
  type AdminReportAction,
  type AdminReportList,
  ParleyError,
  REPORT_LIMITS,
  type ReportStatus,
  type WireMessage,
} from '@parley/protocol';
import { recallAsAdmin } from '../actions/revoke.ts';
import { groupIDOfKey } from '../actions/target.ts';
import { type Actor, type Console, audit } from '../admin-console/console.ts';
import { muteGroupMember } from '../admin-console/groups.ts';
import { requireAbility } from '../admin-console/roles.ts';
import { setUserDisabled } from '../admin-console/users.ts';
import { nowSeconds } from '../context.ts';
import { ADMIN_OPERATOR } from '../groups/notices.ts';
import { notifyReporters } from './notify.ts';
import type { ReportRow, ReportStore } from './ports.ts';

export interface ReportConsole extends Console {
  readonly reports: ReportStore;
}

async function toAdminReport(c: ReportConsole, r: ReportRow): Promise<AdminReport> {
  const profiles = await c.d.storage.profiles.getMany([r.reporter, r.sender]);
  const nick = (userID: string) => profiles.find((p) => p.userID === userID)?.nick ?? '';
  return {
    id: r.id,
    createdAt: r.createdAt,
    reason: r.reason,
    note: r.note,
    status: r.status,
    groupID: groupIDOfKey(r.conversationKey) ?? null,
    reporter: { userID: r.reporter, nick: nick(r.reporter) },
    sender: { userID: r.sender, nick: nick(r.sender) },
    message: JSON.parse(r.snapshot) as WireMessage,
    context: JSON.parse(r.context) as WireMessage[],
  };
}

/** RPT9: every role reads the open reports, newest first, 50 a page. */
export async function openReports(c: ReportConsole, actor: Actor, before?: number): Promise<AdminReportList> {
  requireAbility(actor.role, 'read');
  const rows = await c.reports.listOpen(before, REPORT_LIMITS.page);
  const reports = await Promise.all(rows.map((r) => toAdminReport(c, r)));
  return { reports, next: rows.length === REPORT_LIMITS.page ? (rows.at(-1)?.id ?? null) : null };
}

const OUTCOME = {
  remove: 'removed',
  mute: 'muted',
  disable: 'disabled',
  dismiss: 'dismissed',
} as const satisfies Record<AdminReportAction['action'], ReportStatus>;

/**
 * RPT10–RPT14: a moderator or operator resolves an open report through the console's and the domain's own actions
 * (the recall, the group mute, the account disable), so their rules, tips and events apply unchanged. Removing,
 * muting or disabling closes every open report of the message; dismissing closes only this one. Each reporter whose
 * report closed is told in their system conversation; the audit log names the admin and the report.
 */
export async function resolveReport(c: ReportConsole, actor: Actor, reportID: number, input: AdminReportAction) {
  requireAbility(actor.role, 'moderate');
  const report = await c.reports.get(reportID);
  if (!report) throw ParleyError.of('INVALID_PARAMS', 'No such report');
  if (report.status !== 'open') throw ParleyError.of('INVALID_PARAMS', 'The report is resolved already');
  const groupID = groupIDOfKey(report.conversationKey);
  const status = OUTCOME[input.action];
  const detail: Record<string, unknown> = { messageID: report.messageID, sender: report.sender, status };
  if (input.action === 'remove') {
    detail.recalled = await recallAsAdmin(c.d, report.conversationKey, report.messageID, ADMIN_OPERATOR);
  } else if (input.action === 'mute') {
    if (!groupID) throw ParleyError.of('INVALID_PARAMS', 'Only a group message can be answered with a mute');
    const seconds = input.muteSeconds ?? REPORT_LIMITS.muteSeconds;
    await muteGroupMember(c, actor, groupID, report.sender, seconds);
    Object.assign(detail, { groupID, seconds });
  } else if (input.action === 'disable') {
    await setUserDisabled(c, actor, report.sender, true);
  }
  const now = nowSeconds(c.d);
  const reporters =
    input.action === 'dismiss'
      ? (await c.reports.resolveOne(report.id, status, actor.name, now))
        ? [report.reporter]
        : []
      : await c.reports.resolveMessage(report.conversationKey, report.messageID, status, actor.name, now);
  detail.reporters = reporters;
  await audit(c, actor, `report.${input.action}`, String(report.id), detail);
  if (reporters.length > 0) await notifyReporters(c.d, reporters, report.id, status);
  return { status, resolved: reporters.length };
}
