import {
  CALL_ROUTES as R,
  CallAnswerSchema,
  CallInvitationSchema,
  InviteIDParamSchema,
  InviteInGroupSchema,
  InviteResultSchema,
  InviteSchema,
  MediaSignalSchema,
  ModifyInvitationSchema,
  OkSchema,
  RingingListSchema,
} from '@parley/protocol';
import type { FastifySchema } from 'fastify';
import { acceptCall, cancelCall, hangupCall, modifyCall, rejectCall } from '../../../domain/calls/answers.ts';
import { invite } from '../../../domain/calls/invite.ts';
import { invitationFor, relayMediaSignal, ringingFor } from '../../../domain/calls/queries.ts';
import type { Domain } from '../../../domain/context.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';
import type { RouteSchemas, SchemaHandler } from '../schema-route.ts';

const tags = ['calls'];
const security = [{ userSig: [] }];

/**
 * Calls signalling routes (decision 0038): parse, call one action, reply (GUIDE §5.1). Every write counts against
 * the sender's send budget (WS8): an invitation, an answer and a media signal each cost one.
 */
export function callRoutes(app: App, d: Domain, limits: UserLimits): void {
  const auth = requireUser(d);
  const counted = limitUser(limits, USER_ACTION.SEND);
  const route = <S extends RouteSchemas>(
    method: 'GET' | 'POST',
    url: string,
    summary: string,
    s: S,
    h: SchemaHandler<S>,
  ) => {
    const schema: FastifySchema = { tags, security, summary, ...s, response: { 200: s.response } };
    return app.route({ method, url, schema, preHandler: method === 'POST' ? [auth, counted] : auth, handler: h });
  };
  const answer = { body: CallAnswerSchema, response: InviteResultSchema };
  route('POST', R.invite, 'invite', { body: InviteSchema, response: InviteResultSchema }, (r) =>
    invite(d, r.userID, r.body),
  );
  route('POST', R.inviteInGroup, 'inviteInGroup', { body: InviteInGroupSchema, response: InviteResultSchema }, (r) =>
    invite(d, r.userID, r.body),
  );
  route('POST', R.accept, 'accept', answer, (r) => acceptCall(d, r.userID, r.body));
  route('POST', R.reject, 'reject', answer, (r) => rejectCall(d, r.userID, r.body));
  route('POST', R.cancel, 'cancel', answer, (r) => cancelCall(d, r.userID, r.body));
  route('POST', R.hangup, 'hangup (Parley)', answer, (r) => hangupCall(d, r.userID, r.body));
  route('POST', R.modify, 'modifyInvitation', { body: ModifyInvitationSchema, response: InviteResultSchema }, (r) =>
    modifyCall(d, r.userID, r.body),
  );
  route('POST', R.media, 'sendCallMediaSignal (Parley)', { body: MediaSignalSchema, response: OkSchema }, (r) =>
    relayMediaSignal(d, r.userID, r.body),
  );
  route('GET', R.ringing, 'ringing invitations', { response: RingingListSchema }, async (r) => ({
    invitationList: await ringingFor(d, r.userID),
  }));
  route('GET', R.invitation, 'one invitation', { params: InviteIDParamSchema, response: CallInvitationSchema }, (r) =>
    invitationFor(d, r.userID, r.params.inviteID),
  );
}
