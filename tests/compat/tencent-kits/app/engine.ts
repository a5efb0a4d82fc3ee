// Tencent's headless chat engine (@tencentcloud/chat-uikit-engine 2.5.8 with @tencentcloud/tui-core 2.5.1), from the
// npm registry, unmodified, on Parley (decision 0044): it logs in, reads what it stored about the commercial
// abilities, opens the conversation with the peer, sends a text and reads the history, then logs out. What happened is
// left in `window.__engine` for the spec; the SDK calls it made in `window.__parleyCalls` (recorder.ts).
import TUIChatEngine, {
  StoreName,
  TUIChatService,
  TUIConversationService,
  TUIStore,
} from '@tencentcloud/chat-uikit-engine';

interface EngineRun {
  step: string;
  abilities?: { readReceipt: unknown; onlineStatus: unknown };
  sent?: number | undefined;
  history?: string[];
  error?: string;
  done: boolean;
}

const state: EngineRun = { step: 'start', done: false };
(globalThis as { __engine?: EngineRun }).__engine = state;

const params = new URLSearchParams(location.hash.slice(1));
const peer = params.get('peer') ?? '';

interface Call {
  method: string;
  args: string;
  answer: string;
}

/** Resolves once every isCommercialAbilityEnabled call the engine made (right after login resolved) has answered. */
async function abilitiesAnswered(): Promise<void> {
  const calls = (globalThis as { __parleyCalls?: Call[] }).__parleyCalls ?? [];
  const asked = () => calls.filter((c) => c.method === 'callExperimentalAPI' && c.args.includes('isCommercial'));
  while (asked().length === 0 || asked().some((c) => c.answer === 'pending')) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main() {
  state.step = 'login';
  await TUIChatEngine.login({
    SDKAppID: Number(params.get('SDKAppID')),
    userID: params.get('userID') ?? '',
    userSig: params.get('userSig') ?? '',
    useUploadPlugin: true,
  });
  await abilitiesAnswered();
  // What the engine stored from those answers: its views show read receipts and presence only when true.
  state.abilities = {
    readReceipt: TUIStore.getData(StoreName.APP, 'enabledMessageReadReceipt'),
    onlineStatus: TUIStore.getData(StoreName.APP, 'enabledOnlineStatus'),
  };
  state.step = 'conversation';
  await TUIConversationService.switchConversation(`C2C${peer}`);
  state.step = 'send';
  const sent = await TUIChatService.sendTextMessage({ payload: { text: 'hello from the engine' } });
  state.sent = (sent as { code?: number }).code;
  state.step = 'history';
  await TUIChatService.getMessageList();
  const list = TUIStore.getData(StoreName.CHAT, 'messageList') as { payload?: { text?: string } }[];
  state.history = list.map((m) => m.payload?.text ?? '');
  state.step = 'logout';
  await TUIChatEngine.logout();
  state.step = 'end';
}

main()
  .catch((e: unknown) => {
    state.error = `${(e as { code?: number })?.code ?? ''} ${(e as Error)?.message ?? String(e)}`;
  })
  .finally(() => {
    state.done = true;
  });
