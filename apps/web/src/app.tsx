import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LastingLayer } from './components/lasting-layer.tsx';
import { PageSpinner } from './components/page-spinner.tsx';
import { RequireSession } from './session/require-session.tsx';

/**
 * Two lazily loaded halves: the chat (the kit, no antd) and the antd portal. The shell itself holds only React, the
 * router, i18n and the session, so /chat downloads the chat and nothing of the portal.
 * Declarative routing, not a data router: the portal loads data through the SDK and the session store, and the
 * data router would add about 16 KB gzipped for features it would not use.
 */
let chatModule: typeof import('./pages/chat-page.tsx') | undefined;
/** main.tsx loads the chat first on a chat route (its chunk is preloaded), so the route renders without suspending. */
export const loadChatPage = () =>
  import('./pages/chat-page.tsx').then((m) => {
    chatModule = m;
    return m;
  });
const LazyChatPage = lazy(() => loadChatPage().then((m) => ({ default: m.ChatPage })));
/** Loaded already: rendered directly. A shown Suspense fallback holds the page back 300 ms (React's throttle). */
function ChatPage() {
  const Loaded = chatModule?.ChatPage;
  return Loaded ? <Loaded /> : <LazyChatPage />;
}
const PortalShell = lazy(() => import('./portal-shell.tsx'));
/** The admin console (decision 0053): a chunk of its own, at /admin and /admin/console/* (ADM3). */
const AdminShell = lazy(() => import('./admin/admin-shell.tsx'));

/**
 * The routes that show the chat (their entry page preloads its chunk). Parley's own /chat is mounted here, without
 * antd; the seed portal's /user_chat and /cuser_chat are portal routes with their guard and chrome (rule POR25).
 */
export const CHAT_ROUTES = ['/chat', '/user_chat', '/cuser_chat'] as const;

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route
            path="/chat"
            element={
              <RequireSession>
                <ChatPage />
              </RequireSession>
            }
          />
          <Route path="/admin/*" element={<AdminShell />} />
          <Route path="*" element={<PortalShell />} />
        </Routes>
      </Suspense>
      {/* Outside the routes and their Suspense: neither a page change nor a loading page hides it. */}
      <LastingLayer />
    </BrowserRouter>
  );
}
