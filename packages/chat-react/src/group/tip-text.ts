import type { Translate } from '../i18n/translate.ts';
import type { NameOf } from '../names/name-store.ts';
import { TYPES } from '../provider/chat-port.ts';

/**
 * The one-line texts of group tips (TIMGroupTipElem, reference §11–12) and group system notices
 * (TIMGroupSystemNoticeElem, seed 000 §4 operation types) in the kit's language. Rule KGRP2.
 */

interface TipMember {
  userID: string;
  nick?: string;
  muteTime?: number;
}

export interface TipPayload {
  operationType?: number;
  operatorID?: string;
  operatorInfo?: { userID?: string; nick?: string };
  userIDList?: string[];
  memberList?: TipMember[];
  newGroupProfile?: { muteAllMembers?: boolean; ownerID?: string; groupName?: string; notification?: string };
}

export interface NoticePayload {
  operationType?: number;
  operatorID?: string;
  groupProfile?: { groupID?: string; name?: string; groupName?: string };
  userDefinedField?: string;
  handleMessage?: string;
  applicant?: string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** '30 days', '2 hours', ...: the largest whole unit. */
export function durationText(seconds: number, t: Translate): string {
  const units: [string, number][] = [
    ['days', 86_400],
    ['hours', 3_600],
    ['minutes', 60],
  ];
  for (const [unit, size] of units) {
    if (seconds >= size && seconds % size === 0) return t(`group.duration.${unit}`, { count: seconds / size });
  }
  for (const [unit, size] of units) {
    if (seconds >= size) return t(`group.duration.${unit}`, { count: Math.floor(seconds / size) });
  }
  return t('group.duration.seconds', { count: seconds });
}

/**
 * Names in a tip (KGRP15): the user is 'you'; anyone else by the kit's resolver (name card, nickname), then by the
 * nick the tip carried when it was written, and by the ID only when neither knows a name.
 */
function namer(payload: TipPayload, selfID: string, t: Translate, nameOf?: NameOf) {
  const nicks = new Map((payload.memberList ?? []).map((m) => [m.userID, m.nick ?? '']));
  const operator = payload.operatorInfo;
  if (operator?.userID && operator.nick && !nicks.get(operator.userID)) nicks.set(operator.userID, operator.nick);
  return (userID: string) => {
    if (userID === selfID) return t('group.you');
    const resolved = nameOf?.(userID);
    return (resolved && resolved !== userID ? resolved : '') || nicks.get(userID) || userID;
  };
}

function profileTip(payload: TipPayload, operator: string, name: (id: string) => string, t: Translate): string {
  const next = payload.newGroupProfile ?? {};
  const lines: string[] = [];
  if (typeof next.muteAllMembers === 'boolean')
    lines.push(t(next.muteAllMembers ? 'group.tip.muteAllOn' : 'group.tip.muteAllOff', { operator }));
  if (next.ownerID) lines.push(t('group.tip.owner', { name: name(next.ownerID) }));
  if (next.groupName) lines.push(t('group.tip.name', { operator, value: next.groupName }));
  if (next.notification) lines.push(t('group.tip.notification', { operator, value: next.notification }));
  return lines.length > 0 ? lines.join('; ') : t('group.tip.profile', { operator });
}

function muteTip(payload: TipPayload, operator: string, name: (id: string) => string, t: Translate): string {
  const lines = (payload.memberList ?? []).map((m) =>
    (m.muteTime ?? 0) > 0
      ? t('group.tip.muted', { operator, name: name(m.userID), duration: durationText(m.muteTime ?? 0, t) })
      : t('group.tip.unmuted', { operator, name: name(m.userID) }),
  );
  return lines.length > 0 ? lines.join('; ') : t('group.tip.other');
}

export function groupTipText(raw: unknown, selfID: string, t: Translate, nameOf?: NameOf): string {
  const payload = record(raw) as TipPayload;
  const name = namer(payload, selfID, t, nameOf);
  const ids = payload.userIDList?.length ? payload.userIDList : (payload.memberList ?? []).map((m) => m.userID);
  const names = ids.map(name).join(t('group.separator'));
  const operatorID = payload.operatorID ?? '';
  const operator = operatorID ? name(operatorID) : '';
  switch (payload.operationType) {
    case TYPES.GRP_TIP_MBR_JOIN:
      return operatorID && !ids.includes(operatorID)
        ? t('group.tip.invited', { operator, names })
        : t('group.tip.join', { names });
    case TYPES.GRP_TIP_MBR_QUIT:
      return t('group.tip.quit', { names });
    case TYPES.GRP_TIP_MBR_KICKED_OUT:
      return t('group.tip.kicked', { names, operator });
    case TYPES.GRP_TIP_MBR_SET_ADMIN:
      return t('group.tip.setAdmin', { names, operator });
    case TYPES.GRP_TIP_MBR_CANCELED_ADMIN:
      return t('group.tip.cancelAdmin', { names, operator });
    case TYPES.GRP_TIP_GRP_PROFILE_UPDATED:
      return profileTip(payload, operator, name, t);
    case TYPES.GRP_TIP_MBR_PROFILE_UPDATED:
      return muteTip(payload, operator, name, t);
    case TYPES.GRP_TIP_BAN_AVCHATROOM_MEMBER:
      return t('group.tip.banned', { names, operator });
    case TYPES.GRP_TIP_UNBAN_AVCHATROOM_MEMBER:
      return t('group.tip.unbanned', { names, operator });
    default:
      return t('group.tip.other');
  }
}

/** Operation types with a text of their own (seed 000 §4); 15 and 255 are custom notices. */
const NOTICE_TYPES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);

/** A notice's text; the person it names (applicant, inviter, operator) through `nameOf` (KGRP15). */
export function systemNoticeText(raw: unknown, t: Translate, nameOf?: NameOf): string {
  const payload = record(raw) as NoticePayload;
  const group = payload.groupProfile?.name || payload.groupProfile?.groupName || payload.groupProfile?.groupID || '';
  const op = payload.operationType ?? 0;
  const userID = payload.applicant || payload.operatorID || '';
  const user = (userID && nameOf?.(userID)) || userID;
  if (NOTICE_TYPES.has(op)) return t(`group.notice.op${op}`, { group, user });
  if (op === 15 || op === 255) return t('group.notice.custom', { group, text: payload.userDefinedField ?? '' });
  return t('group.notice.other');
}

/** A join application (operation type 1) waiting for an answer shows Accept and Reject. */
export const JOIN_APPLICATION = 1;
/** An invitation waiting for the invitee's consent (operation type 12) shows Accept and Reject to the invitee. */
export const GROUP_INVITATION = 12;
