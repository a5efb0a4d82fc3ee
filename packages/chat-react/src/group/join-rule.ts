import { TYPES } from '../provider/chat-port.ts';

export type JoinButton = 'joined' | 'applied' | 'apply' | 'join' | 'disabled';

/**
 * Seed 001 §4 group detail buttons after a search by ID (KGRP9): a member sees 'already joined'; after applying,
 * 'already applied'; a group that needs permission shows 'apply' with a verification message; one that refuses
 * applications shows no button; any other shows 'join'.
 */
export function joinButton(joinOption: string | undefined, member: boolean, applied: boolean): JoinButton {
  if (member) return 'joined';
  if (applied) return 'applied';
  if (joinOption === TYPES.JOIN_OPTIONS_DISABLE_APPLY) return 'disabled';
  if (joinOption === TYPES.JOIN_OPTIONS_NEED_PERMISSION) return 'apply';
  return 'join';
}
