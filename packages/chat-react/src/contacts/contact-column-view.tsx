import type { ReactNode } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useConversationList } from '../hooks/use-chat.ts';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { BellIcon, PlusIcon } from '../icons/icons.tsx';
import { TYPES } from '../provider/chat-port.ts';
import { useKit } from '../provider/kit-context.ts';
import type { ContactSection, ContactSelection } from './contact-column.ts';
import { friendName, friendsByGroup } from './contact-rules.ts';
import { GroupSearchBox } from './group-search-box.tsx';
import { PresenceDot } from './presence-dot.tsx';

interface SectionProps {
  id: Exclude<ContactSection, 'none'>;
  open: boolean;
  title: string;
  badge?: number;
  children: ReactNode;
}

/** One collapsible section: its header toggles it (selecting the open one again collapses it, KCNT1). */
function Section({ id, open, title, badge = 0, children }: SectionProps) {
  const kit = useKit();
  const t = useT();
  return (
    <section className="pc-section" data-section={id} data-open={open}>
      <button
        type="button"
        className="pc-section__header"
        aria-expanded={open}
        onClick={() => kit.contacts.column.toggle(id)}
        data-testid={`section-${id}`}
      >
        <span className="pc-section__caret" aria-hidden="true" />
        <span className="pc-section__title">{title}</span>
        {badge > 0 && (
          <span className="pc-badge pc-section__badge" data-testid={`badge-${id}`}>
            <span aria-hidden="true">{badge > 99 ? '99+' : badge}</span>
            <span className="pc-visually-hidden">{t('contacts.column.unread', { count: badge })}</span>
          </span>
        )}
      </button>
      {open && <ul className="pc-section__list">{children}</ul>}
    </section>
  );
}

function Entry(props: { selected: boolean; onClick: () => void; children: ReactNode; testID: string; id?: string }) {
  return (
    <li>
      <button
        type="button"
        className="pc-entry"
        aria-current={props.selected || undefined}
        onClick={props.onClick}
        data-testid={props.testID}
        data-id={props.id}
      >
        {props.children}
      </button>
    </li>
  );
}

const is = (s: ContactSelection, kind: ContactSelection['kind'], id?: string) =>
  s.kind === kind && (id === undefined || ('groupID' in s ? s.groupID : 'userID' in s ? s.userID : '') === id);

/** Seed 001 §2.6 left column: add friend, the inline 'add group chat' search, then the three sections. */
export function ContactColumnView({ onAddFriend }: { onAddFriend: () => void }) {
  const kit = useKit();
  const t = useT();
  const { section, selection } = useStore(kit.contacts.column);
  const groups = useStore(kit.contacts.groups);
  const { friends, unreadApplications } = useStore(kit.contacts.friends);
  const blocked = [...useStore(kit.contacts.blocked)].filter((id) => !friends.some((f) => f.userID === id));
  const nameOf = useNameOf();
  const { list } = useConversationList();
  const systemUnread = list.find((c) => c.conversationID === TYPES.CONV_SYSTEM)?.unreadCount ?? 0;
  const column = kit.contacts.column;

  return (
    <nav className="pc-list pc-contacts__column" aria-label={t('contacts.column.title')} data-testid="contact-column">
      <header className="pc-list__header">
        <h2 className="pc-list__title">{t('contacts.column.title')}</h2>
        <button
          type="button"
          className="pc-icon-button"
          aria-label={t('contacts.column.addFriend')}
          title={t('contacts.column.addFriend')}
          onClick={onAddFriend}
          data-testid="add-friend"
        >
          <PlusIcon />
        </button>
      </header>
      <GroupSearchBox />
      <div className="pc-contacts__sections">
        <Section id="system" open={section === 'system'} title={t('contacts.column.system')} badge={systemUnread}>
          <Entry selected={is(selection, 'system')} onClick={() => column.selectSystem()} testID="system-entry">
            <span className="pc-entry__icon" aria-hidden="true">
              <BellIcon />
            </span>
            <span className="pc-entry__name">{t('contacts.column.systemEntry')}</span>
          </Entry>
        </Section>
        <Section id="group" open={section === 'group'} title={t('contacts.column.groups')}>
          {groups.length === 0 && <li className="pc-section__empty">{t('contacts.column.noGroups')}</li>}
          {groups.map((g) => (
            <Entry
              key={g.groupID}
              id={g.groupID}
              selected={is(selection, 'group', g.groupID)}
              onClick={() => column.selectGroup(g.groupID)}
              testID="group-entry"
            >
              <Avatar id={g.groupID} src={g.avatar} size={32} />
              <span className="pc-entry__name">{g.name || g.groupID}</span>
            </Entry>
          ))}
        </Section>
        <Section
          id="friend"
          open={section === 'friend'}
          title={t('contacts.column.friends')}
          badge={unreadApplications}
        >
          <Entry selected={is(selection, 'requests')} onClick={() => column.selectRequests()} testID="requests-entry">
            <span className="pc-entry__icon" aria-hidden="true">
              <PlusIcon />
            </span>
            <span className="pc-entry__name">{t('contacts.column.requests')}</span>
          </Entry>
          {friends.length === 0 && <li className="pc-section__empty">{t('contacts.column.noFriends')}</li>}
          {friendsByGroup(friends).map((heading, i) => [
            heading.name !== null || i > 0 ? (
              <li key={`h${heading.name ?? ''}`} className="pc-section__sub" data-testid="friend-group-heading">
                {heading.name ?? t('contacts.column.ungrouped')}
              </li>
            ) : null,
            ...heading.friends.map((f) => (
              <Entry
                key={`${heading.name ?? ''}\n${f.userID}`}
                id={f.userID}
                selected={is(selection, 'friend', f.userID)}
                onClick={() => column.selectFriend(f.userID)}
                testID="friend-entry"
              >
                <span className="pc-entry__avatar">
                  <Avatar id={f.userID} src={f.profile.avatar} size={32} />
                  <PresenceDot userID={f.userID} />
                </span>
                <span className="pc-entry__name">{friendName(f)}</span>
              </Entry>
            )),
          ])}
          {blocked.length > 0 && <li className="pc-section__sub">{t('contacts.column.blocklist')}</li>}
          {blocked.map((id) => (
            <Entry
              key={id}
              id={id}
              selected={is(selection, 'friend', id)}
              onClick={() => column.selectFriend(id)}
              testID="blocked-entry"
            >
              <Avatar id={id} size={32} />
              <span className="pc-entry__name">{nameOf(id)}</span>
            </Entry>
          ))}
        </Section>
      </div>
    </nav>
  );
}
