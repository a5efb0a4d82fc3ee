import {
  AddMembersResultSchema,
  AddMembersSchema,
  ChangeOwnerSchema,
  CreateGroupResultSchema,
  CreateGroupSchema,
  DeleteAttributesResultSchema,
  DeleteAttributesSchema,
  DeleteMembersResultSchema,
  DeleteMembersSchema,
  GROUP_ROUTES,
  GroupApplicationListSchema,
  GroupAttributesResultSchema,
  GroupAttributesSchema,
  GroupIDParamSchema,
  GroupIDResultSchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupMemberParamSchema,
  GroupMessageParamSchema,
  GroupRemindSchema,
  GroupResultSchema,
  HandleApplicationSchema,
  HandleInvitationResultSchema,
  HandleInvitationSchema,
  JoinGroupResultSchema,
  JoinGroupSchema,
  MemberListQuerySchema,
  MemberListSchema,
  MemberProfileListSchema,
  MemberProfileQuerySchema,
  MemberResultSchema,
  MuteMemberSchema,
  OkSchema,
  OnlineMemberCountSchema,
  ReadMemberListSchema,
  ReadMemberQuerySchema,
  ReadReceiptListSchema,
  ReadReceiptMessagesSchema,
  SetMemberCustomFieldSchema,
  SetNameCardSchema,
  SetRoleSchema,
  UpdateGroupProfileSchema,
} from '@parley/protocol';
import type { FastifySchema } from 'fastify';
import type { Domain } from '../../../domain/context.ts';
import { deleteAttributes, getAttributes, initAttributes, setAttributes } from '../../../domain/groups/attributes.ts';
import { handleInvitation } from '../../../domain/groups/invitations.ts';
import { createGroup, dismissGroup } from '../../../domain/groups/lifecycle.ts';
import {
  changeOwner,
  muteMember,
  setMemberCustomField,
  setNameCard,
  setRole,
  updateProfile,
} from '../../../domain/groups/manage.ts';
import {
  addMembers,
  deleteMembers,
  handleApplication,
  joinGroup,
  quitGroup,
} from '../../../domain/groups/membership.ts';
import {
  applicationList,
  getGroupList,
  getGroupProfile,
  memberList,
  memberProfiles,
  searchGroup,
} from '../../../domain/groups/queries.ts';
import {
  onlineMemberCount,
  readMembers,
  readReceiptList,
  sendReadReceipt,
  setGroupRemind,
} from '../../../domain/groups/receipts.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';
import type { RouteSchemas, SchemaHandler } from '../schema-route.ts';

const tags = ['groups'];
const security = [{ userSig: [] }];
const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));

/**
 * The writes that change who is in a group: each counts against the caller's group-write budget (ABU20), checked
 * before the body reaches the action, so a refused one writes and pushes nothing.
 */
const MEMBERSHIP_WRITES = new Set(
  [
    GROUP_ROUTES.groups,
    GROUP_ROUTES.join,
    GROUP_ROUTES.quit,
    GROUP_ROUTES.members,
    GROUP_ROUTES.deleteMembers,
    GROUP_ROUTES.handleApplication,
    GROUP_ROUTES.handleInvitation,
  ].map((url) => `POST ${url}`),
);

/** Group routes (decision 0012): each parses, calls one action, replies (GUIDE §5.1). Roles are checked in the actions. */
export function groupRoutes(app: App, d: Domain, limits: UserLimits): void {
  const auth = requireUser(d);
  const limited = [auth, limitUser(limits, USER_ACTION.GROUP_WRITE)];
  const route: Route = (method, url, summary, s, h) => {
    // The schema widened to FastifySchema: the request's type comes from the handler (SchemaRequest), the reply's
    // is checked by the response schema at run time.
    const schema: FastifySchema = { tags, security, summary, ...s, response: { 200: s.response } };
    const preHandler = MEMBERSHIP_WRITES.has(`${method} ${url}`) ? limited : auth;
    return app.route({ method, url, schema, preHandler, handler: h });
  };
  const P = GroupIDParamSchema;
  const M = GroupMemberParamSchema;

  route(
    'POST',
    GROUP_ROUTES.groups,
    'createGroup',
    { body: CreateGroupSchema, response: CreateGroupResultSchema },
    (r) => createGroup(d, r.userID, r.body),
  );
  route(
    'GET',
    GROUP_ROUTES.groups,
    'getGroupList',
    { querystring: GroupListQuerySchema, response: GroupListSchema },
    (r) => getGroupList(d, r.userID, { cursor: r.query.cursor, count: num(r.query.count) }),
  );
  route('GET', GROUP_ROUTES.applications, 'getGroupApplicationList', { response: GroupApplicationListSchema }, (r) =>
    applicationList(d, r.userID),
  );
  route('GET', GROUP_ROUTES.group, 'getGroupProfile', { params: P, response: GroupResultSchema }, async (r) => ({
    group: await getGroupProfile(d, r.userID, r.params.groupID),
  }));
  route(
    'PATCH',
    GROUP_ROUTES.group,
    'updateGroupProfile',
    { params: P, body: UpdateGroupProfileSchema, response: GroupResultSchema },
    async (r) => ({ group: await updateProfile(d, r.userID, r.params.groupID, r.body) }),
  );
  route('DELETE', GROUP_ROUTES.group, 'dismissGroup', { params: P, response: GroupIDResultSchema }, (r) =>
    dismissGroup(d, r.userID, r.params.groupID),
  );
  route('GET', GROUP_ROUTES.search, 'searchGroupByID', { params: P, response: GroupResultSchema }, async (r) => ({
    group: await searchGroup(d, r.userID, r.params.groupID),
  }));
  route(
    'POST',
    GROUP_ROUTES.join,
    'joinGroup',
    { params: P, body: JoinGroupSchema, response: JoinGroupResultSchema },
    (r) => joinGroup(d, r.userID, r.params.groupID, r.body.applyMessage),
  );
  route('POST', GROUP_ROUTES.quit, 'quitGroup', { params: P, response: GroupIDResultSchema }, (r) =>
    quitGroup(d, r.userID, r.params.groupID),
  );
  route(
    'POST',
    GROUP_ROUTES.owner,
    'changeGroupOwner',
    { params: P, body: ChangeOwnerSchema, response: GroupResultSchema },
    (r) => changeOwner(d, r.userID, r.params.groupID, r.body.newOwnerID),
  );
  route(
    'POST',
    GROUP_ROUTES.handleApplication,
    'handleGroupApplication',
    { params: P, body: HandleApplicationSchema, response: GroupResultSchema },
    (r) => handleApplication(d, r.userID, r.params.groupID, r.body),
  );
  route(
    'POST',
    GROUP_ROUTES.handleInvitation,
    'handleGroupInvitation',
    { params: P, body: HandleInvitationSchema, response: HandleInvitationResultSchema },
    (r) => handleInvitation(d, r.userID, r.params.groupID, r.body),
  );
  route(
    'GET',
    GROUP_ROUTES.onlineCount,
    'getGroupOnlineMemberCount',
    { params: P, response: OnlineMemberCountSchema },
    (r) => onlineMemberCount(d, r.userID, r.params.groupID),
  );
  route(
    'PUT',
    GROUP_ROUTES.remind,
    'setMessageRemindType (group)',
    { params: P, body: GroupRemindSchema, response: OkSchema },
    async (r) => {
      await setGroupRemind(d, r.userID, r.params.groupID, r.body.messageRemindType);
      return {};
    },
  );
  attributeRoutes(route, d);
  memberRoutes(route, d, P, M);
  receiptRoutes(route, d, P);
}

/** Registers one route; its handler's request is typed from the schemas given beside it. */
type Route = <S extends RouteSchemas>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  summary: string,
  s: S,
  h: SchemaHandler<S>,
) => unknown;

function attributeRoutes(route: Route, d: Domain): void {
  const P = GroupIDParamSchema;
  const R = GroupAttributesResultSchema;
  route('GET', GROUP_ROUTES.attributes, 'getGroupAttributes', { params: P, response: R }, async (r) => ({
    groupAttributes: await getAttributes(d, r.userID, r.params.groupID),
  }));
  route(
    'PUT',
    GROUP_ROUTES.attributes,
    'setGroupAttributes',
    { params: P, body: GroupAttributesSchema, response: R },
    async (r) => ({
      groupAttributes: await setAttributes(d, r.userID, r.params.groupID, r.body.groupAttributes),
    }),
  );
  route(
    'POST',
    GROUP_ROUTES.initAttributes,
    'initGroupAttributes',
    { params: P, body: GroupAttributesSchema, response: R },
    async (r) => ({
      groupAttributes: await initAttributes(d, r.userID, r.params.groupID, r.body.groupAttributes),
    }),
  );
  route(
    'POST',
    GROUP_ROUTES.deleteAttributes,
    'deleteGroupAttributes',
    { params: P, body: DeleteAttributesSchema, response: DeleteAttributesResultSchema },
    (r) => deleteAttributes(d, r.userID, r.params.groupID, r.body.keyList),
  );
}

function memberRoutes(route: Route, d: Domain, P: typeof GroupIDParamSchema, M: typeof GroupMemberParamSchema): void {
  route(
    'GET',
    GROUP_ROUTES.members,
    'getGroupMemberList',
    { params: P, querystring: MemberListQuerySchema, response: MemberListSchema },
    (r) => memberList(d, r.userID, r.params.groupID, { count: num(r.query.count), offset: num(r.query.offset) }),
  );
  route(
    'POST',
    GROUP_ROUTES.memberProfiles,
    'getGroupMemberProfile',
    { params: P, body: MemberProfileQuerySchema, response: MemberProfileListSchema },
    (r) => memberProfiles(d, r.userID, r.params.groupID, r.body.userIDList),
  );
  route(
    'POST',
    GROUP_ROUTES.members,
    'addGroupMember',
    { params: P, body: AddMembersSchema, response: AddMembersResultSchema },
    (r) => addMembers(d, r.userID, r.params.groupID, r.body.userIDList),
  );
  route(
    'POST',
    GROUP_ROUTES.deleteMembers,
    'deleteGroupMember',
    { params: P, body: DeleteMembersSchema, response: DeleteMembersResultSchema },
    (r) => deleteMembers(d, r.userID, r.params.groupID, r.body.userIDList),
  );
  route(
    'PUT',
    GROUP_ROUTES.mute,
    'setGroupMemberMuteTime',
    { params: M, body: MuteMemberSchema, response: MemberResultSchema },
    (r) => muteMember(d, r.userID, r.params.groupID, r.params.userID, r.body.muteTime),
  );
  route(
    'PUT',
    GROUP_ROUTES.role,
    'setGroupMemberRole',
    { params: M, body: SetRoleSchema, response: MemberResultSchema },
    (r) => setRole(d, r.userID, r.params.groupID, r.params.userID, r.body.role),
  );
  route(
    'PUT',
    GROUP_ROUTES.nameCard,
    'setGroupMemberNameCard',
    { params: M, body: SetNameCardSchema, response: MemberResultSchema },
    (r) => setNameCard(d, r.userID, r.params.groupID, r.params.userID, r.body.nameCard),
  );
  route(
    'PUT',
    GROUP_ROUTES.memberCustomField,
    'setGroupMemberCustomField',
    { params: M, body: SetMemberCustomFieldSchema, response: MemberResultSchema },
    (r) => setMemberCustomField(d, r.userID, r.params.groupID, r.params.userID, r.body.memberCustomField),
  );
}

function receiptRoutes(route: Route, d: Domain, P: typeof GroupIDParamSchema): void {
  route(
    'POST',
    GROUP_ROUTES.sendReadReceipt,
    'sendMessageReadReceipt (group)',
    { params: P, body: ReadReceiptMessagesSchema, response: OkSchema },
    async (r) => {
      await sendReadReceipt(d, r.userID, r.params.groupID, r.body.messageIDList);
      return {};
    },
  );
  route(
    'POST',
    GROUP_ROUTES.readReceipts,
    'getMessageReadReceiptList (group)',
    { params: P, body: ReadReceiptMessagesSchema, response: ReadReceiptListSchema },
    (r) => readReceiptList(d, r.userID, r.params.groupID, r.body.messageIDList),
  );
  route(
    'GET',
    GROUP_ROUTES.readMembers,
    'getGroupMessageReadMemberList',
    { params: GroupMessageParamSchema, querystring: ReadMemberQuerySchema, response: ReadMemberListSchema },
    (r) =>
      readMembers(d, r.userID, r.params.groupID, r.params.messageID, {
        filter: r.query.filter === '0' ? 0 : 1,
        cursor: r.query.cursor ?? '',
        count: num(r.query.count) ?? 15,
      }),
  );
}
