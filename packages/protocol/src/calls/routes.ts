import { API_PREFIX } from '../routes.ts';

const C = `${API_PREFIX}/calls`;

/** Calls signalling routes (decision 0038). All are POST but `ringing` and `invitation` (GET). */
export const CALL_ROUTES = {
  /** invite: a one-to-one invitation. */
  invite: `${C}/invite`,
  /** inviteInGroup. */
  inviteInGroup: `${C}/invite-group`,
  cancel: `${C}/cancel`,
  accept: `${C}/accept`,
  reject: `${C}/reject`,
  modify: `${C}/modify`,
  /** hangup (Parley): ends my part of an accepted call. */
  hangup: `${C}/hangup`,
  /** sendCallMediaSignal (Parley): relayed to one participant, never stored (SIG31–SIG36). */
  media: `${C}/media`,
  /** GET: invitations ringing for me now (a device that connects during the ring rings too, SIG25). */
  ringing: `${C}/ringing`,
  /** GET: one invitation I take part in. */
  invitation: `${C}/:inviteID`,
} as const;

export function invitationPath(inviteID: string): string {
  return CALL_ROUTES.invitation.replace(':inviteID', encodeURIComponent(inviteID));
}
