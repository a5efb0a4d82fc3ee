import { useState } from 'react';
import { SystemNotices } from '../group/system-notices.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { BackIcon } from '../icons/icons.tsx';
import { useKit } from '../provider/kit-context.ts';
import { AddFriendDialog } from './add-friend-dialog.tsx';
import type { ContactSelection } from './contact-column.ts';
import { ContactColumnView } from './contact-column-view.tsx';
import { FriendPane } from './friend-pane.tsx';
import { FriendRequests } from './friend-requests.tsx';
import { GroupPane } from './group-pane.tsx';

const TITLES: Record<ContactSelection['kind'], string> = {
  none: 'contacts.column.title',
  system: 'contacts.pane.systemTitle',
  requests: 'contacts.pane.requestsTitle',
  group: 'contacts.pane.groupTitle',
  friend: 'contacts.pane.friendTitle',
};

function PaneBody({ selection }: { selection: ContactSelection }) {
  const t = useT();
  switch (selection.kind) {
    case 'system':
      return <SystemNotices />;
    case 'requests':
      return <FriendRequests />;
    case 'group':
      return <GroupPane key={selection.groupID} groupID={selection.groupID} />;
    case 'friend':
      return <FriendPane key={selection.userID} userID={selection.userID} />;
    default:
      return <p className="pc-pane__empty">{t('contacts.pane.empty')}</p>;
  }
}

/**
 * Seed 001 §2.6, decision 0017: the contact screen. The left column beside the right pane on desktop; at 768 px and
 * below one at a time, the pane with a back arrow and a title (pure CSS on data-view, as the chat does).
 */
export function ContactScreen() {
  const kit = useKit();
  const t = useT();
  const { selection } = useStore(kit.contacts.column);
  const [adding, setAdding] = useState(false);
  return (
    <div className="pc-app pc-contacts" data-view={selection.kind === 'none' ? 'list' : 'chat'} data-testid="contacts">
      <ContactColumnView onAddFriend={() => setAdding(true)} />
      <section className="pc-chat pc-pane" aria-labelledby="pc-pane-title" data-testid="contact-pane">
        <header className="pc-chat__header">
          <button
            type="button"
            className="pc-icon-button pc-chat__back"
            aria-label={t('contacts.pane.back')}
            onClick={() => kit.contacts.column.back()}
            data-testid="pane-back"
          >
            <BackIcon />
          </button>
          <h2 id="pc-pane-title" className="pc-chat__title" data-testid="pane-title">
            {t(TITLES[selection.kind])}
          </h2>
        </header>
        <div className="pc-pane__body">
          <PaneBody selection={selection} />
        </div>
      </section>
      <AddFriendDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
