import { useEffect, useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';

const INCOMING = 'Pendency_Type_ComeIn';

/** Decision 0017: requests to me with accept and refuse, mine still waiting; seeing them marks them read. */
export function FriendRequests() {
  const kit = useKit();
  const t = useT();
  const { applications, unreadApplications } = useStore(kit.contacts.friends);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (unreadApplications > 0) kit.contacts.markRequestsRead();
  }, [kit, unreadApplications]);

  const answer = async (userID: string, accept: boolean) => {
    setBusy(userID);
    await (accept ? kit.contacts.accept(userID) : kit.contacts.refuse(userID));
    setBusy(null);
  };

  if (applications.length === 0) return <p className="pc-pane__empty">{t('contacts.requests.empty')}</p>;
  return (
    <ul className="pc-requests" data-testid="friend-requests">
      {applications.map((a) => (
        <li key={`${a.type}:${a.userID}`} className="pc-request" data-testid="friend-request" data-user-id={a.userID}>
          <Avatar id={a.userID} src={a.avatar} size={40} />
          <div className="pc-request__main">
            <strong className="pc-request__name">{a.nick || a.userID}</strong>
            <span className="pc-request__text">
              {a.type === INCOMING ? t('contacts.requests.incoming') : t('contacts.requests.outgoing')}
            </span>
            {a.wording && <span className="pc-request__wording">{a.wording}</span>}
          </div>
          {a.type === INCOMING && (
            <div className="pc-request__actions">
              <button
                type="button"
                className="pc-button"
                disabled={busy === a.userID}
                onClick={() => void answer(a.userID, false)}
              >
                {t('contacts.requests.refuse')}
              </button>
              <button
                type="button"
                className="pc-button pc-button--primary"
                disabled={busy === a.userID}
                onClick={() => void answer(a.userID, true)}
                data-testid="request-accept"
              >
                {t('contacts.requests.accept')}
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
