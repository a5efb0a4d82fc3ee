import { PERSONAL_DATA_FORMAT, PERSONAL_DATA_VERSION, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { toProfile } from '../profiles/profile-view.ts';
import { downloadName } from '../uploads/file-name.ts';
import type { FileStore, UploadLedger } from '../uploads/ports.ts';
import type { ArchiveEntry, PersonalDataStore, WrittenEntry } from './personal-data-ports.ts';

export interface ExportParts {
  store: PersonalDataStore;
  files: FileStore;
  ledger: UploadLedger | undefined;
}

const MESSAGE_PAGE = 500;
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** The archive's README (PDAT2), in both languages: what each member holds. */
export const EXPORT_README = `Parley personal data archive / Parley 个人数据归档
format ${PERSONAL_DATA_FORMAT}, version ${PERSONAL_DATA_VERSION}

README.txt        this file / 本说明
account.json      your account and profile / 账号与个人资料
contacts.json     friends, friend groups, friend requests, blocklist / 好友、好友分组、好友申请、黑名单
groups.json       the groups you are in and your place in each / 所在群组及身份
messages.jsonl    every message you sent, one JSON object a line, by conversation and sequence /
                  你发送的全部消息，每行一条 JSON，按会话与序号排列
files/<fileID>-<name>
                  every file you uploaded (images also as their preview and thumbnail) /
                  你上传的全部文件（图片含预览图与缩略图）
manifest.json     last: every member above with its size in bytes / 最后：以上每个文件及其字节数

Other people's messages are not included: they are their data. / 不含他人发送的消息（属于他人的数据）。
`;

/** A member name safe in any unpacker: no directory parts, no control characters, at most 120 characters. */
function safeName(name: string): string {
  return downloadName(name).replace(/[\\/]/g, '_').replace(/^\.+/, '_').slice(0, 120) || 'file';
}

/**
 * What a user's archive holds (PDAT1–PDAT5), member by member: each read from the database or the file store only
 * when the writer reaches it. `written` is what the writer has put out so far, for the manifest that closes it.
 */
export async function* exportEntries(
  d: Domain,
  parts: ExportParts,
  userID: string,
  written: readonly WrittenEntry[],
  root: string,
): AsyncGenerator<ArchiveEntry> {
  const account = await d.storage.accounts.get(userID);
  const profile = await d.storage.profiles.get(userID);
  if (!account || !profile) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  const at = (p: string) => `${root}/${p}`;
  yield { path: at('README.txt'), bytes: new TextEncoder().encode(EXPORT_README) };
  yield {
    path: at('account.json'),
    bytes: json({
      userID,
      mobile: account.mobile,
      identity: account.identity,
      createdAt: account.createdAt,
      hasPassword: account.passwordHash !== null,
      profile: toProfile(profile),
    }),
  };
  yield { path: at('contacts.json'), bytes: json(await parts.store.contacts(userID)) };
  yield { path: at('groups.json'), bytes: json(await parts.store.seats(userID)) };
  const store = parts.store;
  yield {
    path: at('messages.jsonl'),
    lines: async function* () {
      let after: { conversationID: string; seq: number } | undefined;
      for (;;) {
        const page = await store.sentMessages(userID, after, MESSAGE_PAGE);
        for (const m of page) yield JSON.stringify(m);
        const last = page.at(-1);
        if (!last || page.length < MESSAGE_PAGE) return;
        after = { conversationID: last.conversationID, seq: last.seq };
      }
    },
  };
  const files: { path: string; fileID: string; name: string; type: string; bytes: number }[] = [];
  for (const f of parts.ledger ? await parts.ledger.filesOf(userID) : []) {
    const record = await parts.files.getRecord(f.fileID);
    const size = record ? await parts.files.size(record.key) : undefined;
    if (!record || size === undefined) continue;
    const path = at(`files/${f.fileID}-${safeName(record.name)}`);
    files.push({ path, fileID: f.fileID, name: record.name, type: record.type, bytes: size });
    yield { path, size, stream: () => parts.files.read(record.key) };
  }
  yield {
    path: at('manifest.json'),
    bytes: json({
      format: PERSONAL_DATA_FORMAT,
      version: PERSONAL_DATA_VERSION,
      userID,
      createdAt: Math.floor(d.clock.now() / 1000),
      members: written.map((w) => ({ path: w.path, bytes: w.bytes })),
      files,
    }),
  };
}
