import { isBuilt } from './not-yet.ts';

/**
 * What each commercial ability of reference §9 needs (decision 0014), in one place. An ability is reported enabled
 * only when the server offers it (`GET /api/v1/features`) AND every method a client calls for it is built (not a
 * not-yet stub), so a framework that checks an ability and then calls the matching methods never hits a missing
 * one. When a feature's methods land, its answer flips by itself.
 *
 * `incomplete` names what is still missing although every method exists (the methods work only for part of the
 * reference's cases); such an ability stays disabled until the entry is removed here.
 */
export interface Ability {
  /** The name the server reports at GET /api/v1/features. */
  feature: string;
  methods: readonly string[];
  incomplete?: string;
}

export const ABILITIES: Readonly<Record<number, Ability>> = {
  [2 ** 5]: {
    feature: 'readReceipt',
    methods: ['sendMessageReadReceipt', 'getMessageReadReceiptList', 'getGroupMessageReadMemberList'],
  },
  [2 ** 7]: {
    feature: 'onlineStatus',
    methods: ['getUserStatus', 'subscribeUserStatus', 'unsubscribeUserStatus', 'setSelfStatus'],
  },
  [2 ** 38]: { feature: 'translation', methods: ['translateText'] },
  [2 ** 39]: { feature: 'voiceToText', methods: ['convertVoiceToText'] },
  // The customer-service plugin, offline push and the chatbot are TIM cloud products with no SDK methods of
  // their own; Parley has none of them.
  [2 ** 40]: { feature: 'customerService', methods: [], incomplete: 'no customer-service plugin' },
  [2 ** 41]: { feature: 'push', methods: [], incomplete: 'no offline push service' },
  [2 ** 42]: { feature: 'chatbot', methods: [], incomplete: 'no chatbot' },
  [2 ** 48]: {
    feature: 'messageReaction',
    methods: ['addMessageReaction', 'removeMessageReaction', 'getMessageReactions', 'getAllUserListOfMessageReaction'],
  },
};

/**
 * Modules `callExperimentalAPI('canIUseModule', name)` answers for: the ES build's module names (reference §2.1)
 * and the lite family's plugin names (reference §1), each with the methods it brings.
 */
const FRIENDS = ['getFriendList', 'addFriend', 'deleteFriend', 'checkFriend', 'getFriendApplicationList'];
const BLOCKLIST = ['getBlacklist', 'addToBlacklist', 'removeFromBlacklist'];
const SIGNALING = ['invite', 'inviteInGroup', 'cancel', 'accept', 'reject', 'modifyInvitation'];
const FOLLOW = ['followUser', 'unfollowUser', 'getMyFollowersList', 'getMyFollowingList', 'checkFollowType'];
const CLOUD_SEARCH = ['searchCloudMessages', 'searchCloudUsers', 'searchCloudGroups', 'searchCloudGroupMembers'];
const GROUP = ['createGroup', 'joinGroup', 'quitGroup', 'getGroupList', 'getGroupProfile', 'getGroupMemberList'];
const TOPIC = ['getJoinedCommunityList', 'createTopicInCommunity', 'deleteTopicFromCommunity', 'getTopicList'];

export const MODULES: Readonly<Record<string, readonly string[]>> = {
  'group-module': GROUP,
  'relationship-module': [...FRIENDS, ...BLOCKLIST],
  'signaling-module': SIGNALING,
  'follow-module': FOLLOW,
  'cloud-search-module': CLOUD_SEARCH,
  conversation: ['getConversationList', 'getConversationProfile', 'deleteConversation', 'pinConversation'],
  group: GROUP,
  avchatroom: ['joinGroup', 'quitGroup', 'getGroupOnlineMemberCount', 'setGroupAttributes', 'getGroupAttributes'],
  'message-enhancer': ['modifyMessage', 'setMessageExtensions', 'getMessageExtensions', 'deleteMessageExtensions'],
  'rich-media-message': [
    'createImageMessage',
    'createAudioMessage',
    'createVideoMessage',
    'createFileMessage',
    'createFaceMessage',
    'createLocationMessage',
  ],
  'cloud-search': CLOUD_SEARCH,
  signaling: SIGNALING,
  friend: FRIENDS,
  'conversation-group': ['getConversationGroupList', 'createConversationGroup', 'addConversationsToGroup'],
  topic: TOPIC,
  follow: FOLLOW,
  // Cloud products with nothing to offer here.
  'push-token-register': [],
  'offline-message-synchronizer': [],
};

/** Every method the ability needs is built on `sdk`; false for unknown abilities and method-less cloud products. */
export function abilityBuilt(sdk: object, bit: number): boolean {
  const ability = Object.hasOwn(ABILITIES, bit) ? ABILITIES[bit] : undefined;
  if (!ability || ability.incomplete !== undefined) return false;
  return ability.methods.every((method) => isBuilt(sdk, method));
}

/** canIUseModule: a known module whose methods are all built. */
export function moduleBuilt(sdk: object, name: unknown): boolean {
  const methods = typeof name === 'string' && Object.hasOwn(MODULES, name) ? MODULES[name] : undefined;
  if (!methods || methods.length === 0) return false;
  return methods.every((method) => isBuilt(sdk, method));
}
