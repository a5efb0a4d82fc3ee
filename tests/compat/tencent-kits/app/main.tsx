// A small app written the way the kit's quick start says (its provider, its login hook, the conversation list beside
// the chat), on Parley: the kit is Tencent's, from the npm registry, unmodified (decision 0044). The test page passes
// SDKAppID, userID and userSig in the URL's hash.
import {
  Chat,
  ChatHeader,
  ChatSetting,
  ConversationList,
  MessageInput,
  MessageList,
  UIKitProvider,
  useLoginState,
} from '@tencentcloud/chat-uikit-react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.hash.slice(1));
const config = {
  SDKAppID: Number(params.get('SDKAppID')),
  userID: params.get('userID') ?? '',
  userSig: params.get('userSig') ?? '',
};

function App() {
  const { status, logout } = useLoginState(config);
  if (status !== 'success') return <p data-testid="login-status">{String(status)}</p>;
  return (
    <UIKitProvider language="en-US" theme="light">
      <div style={{ display: 'flex', height: '100vh' }}>
        <div style={{ display: 'flex', flexDirection: 'column', width: 320 }}>
          <button type="button" data-testid="logout" onClick={() => void logout()}>
            Log out
          </button>
          <ConversationList />
        </div>
        <Chat>
          <ChatHeader />
          <MessageList />
          <MessageInput />
        </Chat>
        <ChatSetting />
      </div>
    </UIKitProvider>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
