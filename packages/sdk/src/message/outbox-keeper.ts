import { Message, messageKey } from './message.ts';

/**
 * What survives a reload of a message the server has not stored (rule SDK8): enough to show it again with its
 * '!' and to resend it with the same ID (GUIDE §3.1), nothing the server decides (sequence, server time).
 */
export interface KeptRecord {
  ID: string;
  conversationID: string;
  conversationType: string;
  from: string;
  to: string;
  type: string;
  payload: Record<string, unknown>;
  cloudCustomData: string;
  priority: string;
  needReadReceipt: boolean;
  atUserList: string[];
  nick: string;
  avatar: string;
  clientTime: number;
  random: number;
  clientSequence: number;
  status: 'unSend' | 'fail';
  /** Milliseconds: when the send started, so a resumed send keeps its original deadline. */
  sentAt: number;
  hasRiskContent: boolean;
}

/** The browser's Storage, narrowed to what the keeper uses (tests pass a Map-backed one). */
export interface KeeperStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One login's kept messages. Every call is a read-modify-write, so two tabs of one user do not erase each other. */
export interface OutboxKeeper {
  load(): KeptRecord[];
  put(record: KeptRecord): void;
  remove(from: string, ID: string): void;
  clear(): void;
}

const KEY_PREFIX = 'parley.outbox.v1.';

/**
 * localStorage when it is there and writable; undefined otherwise (Node, a sandboxed frame, storage disabled or
 * full), and the outbox then lives in memory only, as before.
 */
export function browserStorage(): KeeperStorage | undefined {
  try {
    const storage = (globalThis as { localStorage?: KeeperStorage }).localStorage;
    if (!storage) return undefined;
    const probe = `${KEY_PREFIX}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Storage is the user's to edit: anything that is not a record of this user is dropped, never trusted. */
function isRecord(value: unknown, userID: string): value is KeptRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const strings = ['ID', 'conversationID', 'conversationType', 'to', 'type', 'cloudCustomData', 'priority'];
  return (
    r.from === userID &&
    strings.every((k) => isString(r[k]) && (r[k] as string).length <= 16_384) &&
    (r.ID as string) !== '' &&
    typeof r.payload === 'object' &&
    r.payload !== null &&
    !Array.isArray(r.payload) &&
    Array.isArray(r.atUserList) &&
    r.atUserList.every(isString) &&
    isString(r.nick) &&
    isString(r.avatar) &&
    ['clientTime', 'random', 'clientSequence', 'sentAt'].every((k) => isNumber(r[k])) &&
    (r.status === 'unSend' || r.status === 'fail')
  );
}

export function openKeeper(storage: KeeperStorage, userID: string): OutboxKeeper {
  const key = `${KEY_PREFIX}${userID}`;
  const read = (): KeptRecord[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((r): r is KeptRecord => isRecord(r, userID)) : [];
    } catch {
      return [];
    }
  };
  const write = (records: KeptRecord[]) => {
    try {
      if (records.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(records));
    } catch {
      // Quota or a revoked permission: the messages stay in memory for this page, which is all we can do.
    }
  };
  const without = (records: KeptRecord[], from: string, ID: string) =>
    records.filter((r) => messageKey(r.from, r.ID) !== messageKey(from, ID));
  return {
    load: read,
    put: (record) => write([...without(read(), record.from, record.ID), record]),
    remove: (from, ID) => write(without(read(), from, ID)),
    clear: () => write([]),
  };
}

export function toRecord(message: Message, sentAt: number): KeptRecord {
  return {
    ID: message.ID,
    conversationID: message.conversationID,
    conversationType: message.conversationType,
    from: message.from,
    to: message.to,
    type: message.type,
    payload: message.payload,
    cloudCustomData: message.cloudCustomData,
    priority: message.priority,
    needReadReceipt: message.needReadReceipt,
    atUserList: [...message.atUserList],
    nick: message.nick,
    avatar: message.avatar,
    clientTime: message.clientTime,
    random: message.random,
    clientSequence: message.clientSequence,
    status: message.status === 'fail' ? 'fail' : 'unSend',
    sentAt,
    hasRiskContent: message.hasRiskContent === true,
  };
}

/** The Message object of a kept record, as create*Message had built it (status as kept). */
export function fromRecord(record: KeptRecord): Message {
  const message = new Message();
  message.ID = record.ID;
  message.conversationID = record.conversationID;
  message.conversationType = record.conversationType;
  message.from = record.from;
  message.senderTinyID = record.from;
  message.to = record.to;
  message.flow = 'out';
  message.setPayload(record.type, record.payload);
  message.cloudCustomData = record.cloudCustomData;
  message.priority = record.priority;
  message.needReadReceipt = record.needReadReceipt;
  message.atUserList = [...record.atUserList];
  message.nick = record.nick;
  message.avatar = record.avatar;
  message.clientTime = record.clientTime;
  message.time = record.clientTime;
  message.random = record.random;
  message.clientSequence = record.clientSequence;
  message.status = record.status;
  message.hasRiskContent = record.hasRiskContent === true;
  return message;
}
