import { type Static, Type } from 'typebox';
import { GroupID } from '../groups/requests.ts';
import { Strict, Text, UserID } from '../schemas/common.ts';
import { CALL_LIMITS as L } from './constants.ts';

/** An invitation's ID: made by the inviting client (inviteSync returns it at once, reference §8), unique (8012). */
export const InviteID = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });
/** The app's own data (JSON text by convention): any text but NUL (rule IN1). */
const Data = Text({ maxLength: L.dataBytes });
const Timeout = Type.Integer({ minimum: 0, maximum: L.maxTimeoutSeconds });

/** invite (reference §8): one invitee. `offlinePushInfo` is accepted and unused (no offline push, decision 0038). */
export const InviteSchema = Type.Object(
  {
    inviteID: InviteID,
    userID: UserID,
    data: Type.Optional(Data),
    timeout: Type.Optional(Timeout),
    onlineUserOnly: Type.Optional(Type.Boolean()),
  },
  Strict,
);
export type Invite = Static<typeof InviteSchema>;

/** inviteInGroup (reference §8): current members only, not muted (SIG27). */
export const InviteInGroupSchema = Type.Object(
  {
    inviteID: InviteID,
    groupID: GroupID,
    inviteeList: Type.Array(UserID, { minItems: 1, maxItems: L.groupInvitees }),
    data: Type.Optional(Data),
    timeout: Type.Optional(Timeout),
    onlineUserOnly: Type.Optional(Type.Boolean()),
  },
  Strict,
);
export type InviteInGroup = Static<typeof InviteInGroupSchema>;

/** cancel, accept, reject, hangup (and modifyInvitation, where `data` is the new data). */
export const CallAnswerSchema = Type.Object({ inviteID: InviteID, data: Type.Optional(Data) }, Strict);
export type CallAnswer = Static<typeof CallAnswerSchema>;

/** modifyInvitation: the new data. */
export const ModifyInvitationSchema = Type.Object({ inviteID: InviteID, data: Data }, Strict);

/** sendCallMediaSignal (Parley, SIG31): `data` goes to `userID`'s devices, never stored. */
export const MediaSignalSchema = Type.Object(
  { inviteID: InviteID, userID: UserID, data: Text({ minLength: 1, maxLength: L.mediaSignalChars }) },
  Strict,
);
export type MediaSignal = Static<typeof MediaSignalSchema>;

export const InviteIDParamSchema = Type.Object({ inviteID: InviteID }, Strict);

const InviteeSchema = Type.Object({
  userID: Type.String(),
  /** INVITEE_STATE. */
  state: Type.String(),
});

/** One invitation as the server keeps it (SIG4). Times are milliseconds since the epoch; 0 when not yet. */
export const CallInvitationSchema = Type.Object({
  inviteID: Type.String(),
  inviter: Type.String(),
  /** '' for a one-to-one invitation. */
  groupID: Type.String(),
  inviteeList: Type.Array(Type.String()),
  invitees: Type.Array(InviteeSchema),
  data: Type.String(),
  timeout: Type.Integer(),
  onlineUserOnly: Type.Boolean(),
  /** CALL_TYPE, read from the data's `call_type` at the invitation (SIG10). */
  callType: Type.Integer(),
  /** CALL_STATE. */
  state: Type.String(),
  createdAt: Type.Number(),
  /** When it stops ringing (SIG8). */
  deadline: Type.Number(),
  acceptedAt: Type.Number(),
  endedAt: Type.Number(),
  /** Whether the inviter still takes part (an accepted call they have not left). */
  inviterIn: Type.Boolean(),
});
export type CallInvitation = Static<typeof CallInvitationSchema>;

export const InviteResultSchema = Type.Object({ inviteID: Type.String() });
export const RingingListSchema = Type.Object({ invitationList: Type.Array(CallInvitationSchema) });
