import './i18n/index.ts';
import './styles.css';
import { themeStore } from '@parley/chat-react/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, CHAT_ROUTES, loadChatPage } from './app.tsx';
import { applyCspNonce } from './csp-nonce.ts';
import { sessionStore } from './session/index.ts';
import { recheckOnRestore } from './session/page-restore.ts';

applyCspNonce();
// Before the first render: <html data-theme> from the stored choice, so no page paints in the other theme (UI13).
themeStore();
void sessionStore.start();
recheckOnRestore(sessionStore);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = createRoot(root);
const render = () =>
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// On a chat route the chat chunk is already on its way (the entry page preloads it, decision 0009): render once it
// is in, without the spinner and React's 300 ms hold on revealing what a fallback stood in for.
if ((CHAT_ROUTES as readonly string[]).includes(location.pathname)) loadChatPage().then(render, render);
else render();
