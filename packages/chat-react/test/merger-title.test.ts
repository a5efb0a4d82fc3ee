import { describe, expect, it } from 'vitest';
import { mergerPayload } from '../src/actions/forward/forward.ts';
import { CHAT_NS, createChatI18n } from '../src/i18n/index.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { history } from './fake-chat.ts';

const tZh = createChatI18n('zh').getFixedT('zh', CHAT_NS) as (k: string, o?: Record<string, unknown>) => string;
const tEn = createChatI18n('en').getFixedT('en', CHAT_NS) as (k: string, o?: Record<string, unknown>) => string;

describe('merged records (KACT24)', () => {
  it('KACT24 a one-to-one record is titled with both people of the conversation, whoever wrote the messages', () => {
    // 张伟 (the user) forwards his own messages from his chat with 李娜.
    const mine = history('C2Clina', 2).map((m) => ({ ...m, from: 'zhangwei', flow: 'out', nick: '张伟' }));
    expect(mergerPayload(mine as ChatMessage[], '李娜', 'zhangwei', tZh, '张伟').title).toBe('张伟和李娜的聊天记录');
    expect(mergerPayload(mine as ChatMessage[], '李娜', 'zhangwei', tEn, '张伟').title).toBe(
      'Chat history of 张伟 and 李娜',
    );
    const group = history('GROUPg1', 1).map((m) => ({ ...m, conversationType: 'GROUP' }));
    expect(mergerPayload(group as ChatMessage[], 'Team', 'zhangwei', tZh, '张伟').title).toBe('群聊的聊天记录');
  });

  it('KACT24 on the user’s own (accent) bubble the record’s lines use the on-accent token, not the muted grey', async () => {
    // The kit's tsconfig has no Node types; the test runs under Node.
    const fs: { readFileSync(url: URL, encoding: string): string } = await import('node:fs' as string);
    const css = fs.readFileSync(new URL('../src/message-list/message-list.css', import.meta.url), 'utf8');
    const rule = css.match(/\.pc-msg--out \.pc-merger__line,\s*\.pc-msg--out \.pc-merger__label\s*\{([^}]*)\}/);
    expect(rule?.[1]).toContain('color: var(--pc-on-accent)');
  });
});
