import { useId, useState } from 'react';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { ProfileEdit } from './profile-edit.tsx';
import { ProfileSheets } from './profile-sheets.tsx';
import { ProfileView } from './profile-view.tsx';
import { MyData } from '../personal-data/my-data.tsx';
import { useDesktop } from './use-desktop.ts';

/**
 * The 'Me' tab: the profile view, its edit (desktop inline form, mobile rows and sheets; seed 001 §4 'Profile':
 * save and cancel return to the view) and the 'show online status' setting.
 */
export function MeScreen() {
  const kit = useKit();
  const t = useT();
  const settingID = useId();
  const profile = useStore(kit.contacts.me);
  const showOnline = useStore(kit.contacts.showOnline);
  const desktop = useDesktop();
  const [editing, setEditing] = useState(false);

  if (!profile) {
    return (
      <div className="pc-me pc-me--loading" aria-busy="true">
        <span className="pc-spinner">
          <span className="pc-visually-hidden">{t('contacts.card.loading')}</span>
        </span>
      </div>
    );
  }
  if (editing && !desktop) {
    return (
      <div className="pc-me" data-testid="me">
        <ProfileSheets profile={profile} onDone={() => setEditing(false)} />
      </div>
    );
  }
  return (
    <div className="pc-me" data-testid="me">
      <header className="pc-chat__header">
        <h2 className="pc-chat__title">{t('contacts.profile.title')}</h2>
      </header>
      <div className="pc-me__body">
        {editing ? (
          <ProfileEdit profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView profile={profile} desktop={desktop} onEdit={() => setEditing(true)} />
        )}
        <label className="pc-me__setting" htmlFor={settingID}>
          <input
            id={settingID}
            type="checkbox"
            checked={showOnline}
            onChange={(e) => kit.contacts.showOnline.put(e.target.checked)}
            data-testid="show-online"
          />
          {t('contacts.profile.showOnline')}
        </label>
        <MyData />
      </div>
    </div>
  );
}
