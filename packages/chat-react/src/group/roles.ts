import { TYPES } from '../provider/chat-port.ts';
import type { ChatGroupMember } from './group-port.ts';

/**
 * Who sees which group control (seed 001 §2.7, §4, §6). The server is the authority (GUIDE §3.7); these
 * rules only hide what a role may not do. Rule IDs KGRP3–KGRP6 in docs/PROTOCOL.md.
 */

export const OWNER = TYPES.GRP_MBR_ROLE_OWNER;
export const ADMIN = TYPES.GRP_MBR_ROLE_ADMIN;
export const MEMBER = TYPES.GRP_MBR_ROLE_MEMBER;
const WORK = TYPES.GRP_WORK;
const LIVE = TYPES.GRP_AVCHATROOM;

/** Seed 000 §9, 001 §9: individual mute 2,592,000 s (30 days); 0 unmutes. */
export const MUTE_SECONDS = 2_592_000;
/** Seed 001 §9: member page size 100. */
export const MEMBER_PAGE = 100;

const manager = (role: string) => role === OWNER || role === ADMIN;

/** Seed 001 §2.7: 3 avatars, + 1 if not a Work group, + 1 if the viewer is not the owner. */
export function memberPreviewCount(type: string, role: string): number {
  return 3 + (type !== WORK ? 1 : 0) + (role !== OWNER ? 1 : 0);
}

/** Name and notification: owner or admin. */
export const canEditProfile = (role: string) => manager(role);

/** Add members: the owner, Work groups only (the add button exists only for Work groups). */
export const canAddMembers = (type: string, role: string) => type === WORK && role === OWNER;

/** Remove: the owner removes any member but himself. */
export const canRemoveMember = (role: string, targetRole: string) => role === OWNER && targetRole !== OWNER;

/** Transfer ownership: the owner, with more than one member, never in an AVChatRoom (2620). */
export const canTransfer = (type: string, role: string, memberCount: number) =>
  role === OWNER && memberCount > 1 && type !== LIVE;

/** Set or unset admins: the owner, not in Work groups; the target is not the owner. */
export const canSetAdmin = (type: string, role: string, targetRole: string) =>
  type !== WORK && role === OWNER && targetRole !== OWNER;

/**
 * Mute a member: not in Work groups; the owner mutes admins and members, an admin only ordinary members; nobody
 * mutes himself.
 */
export function canMute(type: string, role: string, targetRole: string, self: boolean): boolean {
  if (type === WORK || self) return false;
  if (role === OWNER) return targetRole !== OWNER;
  return role === ADMIN && targetRole === MEMBER;
}

/** Who joins a Work group how (inviteOption, GRP20/GRP23): its owner only (Work groups have no admins). */
export const canSetInviteOption = (type: string, role: string) => type === WORK && role === OWNER;

/** Mute All: owner or admin, not in Work groups. */
export const canMuteAll = (type: string, role: string) => type !== WORK && manager(role);

/**
 * The admin tab (admins and per-member mute): non-Work groups, for the owner and the admins; inside it the
 * admin list is the owner's only (seed 001 §6 'only owner-type users see admin management').
 */
export const showAdminTab = (type: string, role: string) => type !== WORK && manager(role);

/** Dismiss: the owner, not Work or AVChatRoom groups. */
export const canDismiss = (type: string, role: string) => role === OWNER && type !== WORK && type !== LIVE;

/** Quit: anyone but the owner; the owner only of a Work group. */
export const canQuit = (type: string, role: string) => role !== OWNER || type === WORK;

/** A member is muted while muteUntil (seconds) is in the future (seed 000 §5). */
export const isMutedUntil = (muteUntil: number | undefined, nowMs: number) =>
  typeof muteUntil === 'number' && muteUntil * 1000 > nowMs;

/** 'left': the user is no longer a member (removed, or the group was dismissed) and cannot write (KGRP20). */
export type MuteReason = 'self' | 'all' | 'left' | null;

/**
 * Why the input is disabled (seed 000 §5): 'self' while the user's muteUntil is in the future; 'all' while Mute All
 * is on and the user is neither owner nor admin (they may still speak, seed 000 §6).
 */
export function muteReason(
  group: { muteAllMembers?: boolean | undefined } | null,
  role: string,
  muteUntil: number | undefined,
  nowMs: number,
): MuteReason {
  if (!group) return null;
  if (isMutedUntil(muteUntil, nowMs)) return 'self';
  if (group.muteAllMembers && !manager(role)) return 'all';
  return null;
}

/** A member's name: name card, then nick, then user ID (as on messages). */
export const memberLabel = (m: Pick<ChatGroupMember, 'nameCard' | 'nick' | 'userID'>) =>
  m.nameCard || m.nick || m.userID;
