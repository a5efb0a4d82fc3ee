import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { MESSAGE_TYPE } from '../constants.ts';
import { ConversationID, MAX_SAFE_INT, Strict, Text, UserID } from '../schemas/common.ts';
import { WireMessageSchema } from '../schemas/message.ts';
import { SEARCH_LIMITS } from './routes.ts';

const Keywords = Type.Array(Text({ minLength: 1, maxLength: SEARCH_LIMITS.keywordLength }), {
  maxItems: SEARCH_LIMITS.keywords,
});
/** Users, groups and members are searched by keyword only: at least one. */
const RequiredKeywords = Type.Array(Text({ minLength: 1, maxLength: SEARCH_LIMITS.keywordLength }), {
  minItems: 1,
  maxItems: SEARCH_LIMITS.keywords,
});
const MatchType = Type.Union([Type.Literal('or'), Type.Literal('and')]);
const Count = Type.Integer({ minimum: 1, maximum: SEARCH_LIMITS.count });
/** An opaque position in the answer; Parley's is the offset of the next item as decimal digits. */
const Cursor = Type.String({ maxLength: 16, pattern: '^[0-9]*$' });
const SEARCHABLE_TYPES = Object.values(MESSAGE_TYPE);

export const SearchMessagesSchema = Type.Object(
  {
    keywordList: Type.Optional(Keywords),
    keywordListMatchType: Type.Optional(MatchType),
    senderUserIDList: Type.Optional(Type.Array(UserID, { maxItems: SEARCH_LIMITS.senders })),
    messageTypeList: Type.Optional(
      Type.Array(Type.Union(SEARCHABLE_TYPES.map((t) => Type.Literal(t))), { maxItems: SEARCHABLE_TYPES.length }),
    ),
    conversationID: Type.Optional(ConversationID),
    /** Seconds: search messages at or before this time (0: now). */
    timePosition: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT })),
    /** Seconds before `timePosition` to search (0: all). */
    timePeriod: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT })),
    count: Type.Optional(Count),
    cursor: Type.Optional(Cursor),
  },
  Strict,
);
export type SearchMessages = Static<typeof SearchMessagesSchema>;

export const SearchResultSchema = Type.Object({
  conversationID: Type.String(),
  messageCount: Type.Integer(),
  messageList: Type.Array(WireMessageSchema),
});

export const SearchMessagesResultSchema = Type.Object({
  searchResultList: Type.Array(SearchResultSchema),
  cursor: Type.String(),
  totalCount: Type.Integer(),
});
export type SearchMessagesResult = Static<typeof SearchMessagesResultSchema>;

export const SearchUsersSchema = Type.Object(
  {
    keywordList: RequiredKeywords,
    keywordListMatchType: Type.Optional(MatchType),
    gender: Type.Optional(Type.String({ maxLength: 40 })),
    miniBirthday: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999 })),
    maxBirthday: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999 })),
    count: Type.Optional(Count),
    cursor: Type.Optional(Cursor),
  },
  Strict,
);
export type SearchUsers = Static<typeof SearchUsersSchema>;

const GroupTypes = Type.Array(Type.String({ maxLength: 40 }), { maxItems: 8 });

export const SearchGroupsSchema = Type.Object(
  {
    keywordList: RequiredKeywords,
    keywordListMatchType: Type.Optional(MatchType),
    groupTypeList: Type.Optional(GroupTypes),
    count: Type.Optional(Count),
    cursor: Type.Optional(Cursor),
  },
  Strict,
);
export type SearchGroups = Static<typeof SearchGroupsSchema>;

export const SearchGroupMembersSchema = Type.Object(
  {
    keywordList: RequiredKeywords,
    keywordListMatchType: Type.Optional(MatchType),
    groupTypeList: Type.Optional(GroupTypes),
    groupIDList: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
    count: Type.Optional(Count),
    cursor: Type.Optional(Cursor),
  },
  Strict,
);
export type SearchGroupMembers = Static<typeof SearchGroupMembersSchema>;

/** The answer of the user, group and member searches: each item as its own list call answers it. */
export const SearchListResultSchema = Type.Object({
  searchResultList: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  cursor: Type.String(),
  totalCount: Type.Integer(),
});
export type SearchListResult = Static<typeof SearchListResultSchema>;

/** A request body as the route takes it: any JSON object, checked by `searchProblem` (27003, not 60003). */
export const SearchBodySchema = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 16 });

const SEARCH_SCHEMAS = {
  messages: SearchMessagesSchema,
  users: SearchUsersSchema,
  groups: SearchGroupsSchema,
  groupMembers: SearchGroupMembersSchema,
} as const;
type SearchKind = keyof typeof SEARCH_SCHEMAS;

/**
 * Compiled on first use, not when the module loads: compiling probes for `new Function`, which a browser page under
 * the Content-Security-Policy (HDR1) reports as a violation even when nothing there ever checks a search body.
 */
const checkers = new Map<SearchKind, ReturnType<typeof Compile>>();

/** Why a search body is not valid, or undefined when it is (SRCH7). */
export function searchProblem(kind: SearchKind, body: unknown): string | undefined {
  let checker = checkers.get(kind);
  if (!checker) {
    checker = Compile(SEARCH_SCHEMAS[kind]);
    checkers.set(kind, checker);
  }
  if (checker.Check(body)) return undefined;
  const first = [...checker.Errors(body)][0];
  return first ? `${first.instancePath || 'body'} ${first.message}` : 'invalid search parameters';
}
