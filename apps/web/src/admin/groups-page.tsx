import type { AdminGroupDetail, AdminGroupSummary, AdminMe } from '@parley/protocol';
import { Button, Card, Descriptions, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from './empty-text.tsx';
import { R, can, consoleCall, path } from './admin-api.ts';
import { formatTime } from './format.ts';
import { useAction } from './use-action.ts';

const MUTE_CHOICES = [600, 3600, 86_400, 0] as const;

function GroupCard({
  me,
  detail,
  onChange,
  onGone,
}: {
  me: AdminMe;
  detail: AdminGroupDetail;
  onChange: (d: AdminGroupDetail) => void;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const act = useAction();
  const [newOwner, setNewOwner] = useState<string>();
  const { group } = detail;
  const groupID = group.groupID;
  const post = (template: string, body: object, done: string, params: Record<string, string> = {}) =>
    act(() => consoleCall<AdminGroupDetail>('POST', path(template, { groupID, ...params }), body), done).then(
      (d) => d && onChange(d),
    );
  const now = Date.now() / 1000;
  return (
    <Card title={t('admin.groups.detail', { name: group.name, groupID })} data-testid="admin-group-detail">
      <Descriptions column={3} size="small">
        <Descriptions.Item label={t('admin.groups.type')}>{group.type}</Descriptions.Item>
        <Descriptions.Item label={t('admin.groups.owner')}>{group.ownerID}</Descriptions.Item>
        <Descriptions.Item label={t('admin.groups.members')}>{group.memberCount}</Descriptions.Item>
      </Descriptions>
      <Space wrap className="admin-actions">
        {can.moderate(me.role) && (
          <Button onClick={() => post(R.groupMuteAll, { muteAll: !group.muteAll }, t('admin.done'))}>
            {group.muteAll ? t('admin.groups.unmuteAll') : t('admin.groups.muteAll')}
          </Button>
        )}
        {can.operate(me.role) && (
          <>
            <Select
              aria-label={t('admin.groups.newOwner')}
              placeholder={t('admin.groups.newOwner')}
              className="admin-select"
              value={newOwner}
              onChange={setNewOwner}
              options={detail.members
                .filter((m) => m.userID !== group.ownerID)
                .map((m) => ({ value: m.userID, label: m.nick ? `${m.nick} (${m.userID})` : m.userID }))}
            />
            <Button
              disabled={!newOwner}
              onClick={() => newOwner && post(R.groupOwner, { newOwnerID: newOwner }, t('admin.done'))}
            >
              {t('admin.groups.transfer')}
            </Button>
          </>
        )}
        {can.moderate(me.role) && (
          <Popconfirm
            title={t('admin.groups.dismissConfirm')}
            okText={t('admin.ok')}
            cancelText={t('admin.cancel')}
            onConfirm={() =>
              act(() => consoleCall('POST', path(R.groupDismiss, { groupID }), {}), t('admin.done')).then(
                (r) => r && onGone(),
              )
            }
          >
            <Button danger>{t('admin.groups.dismiss')}</Button>
          </Popconfirm>
        )}
      </Space>
      <Table
        size="small"
        rowKey="userID"
        dataSource={detail.members}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('admin.users.userID'), dataIndex: 'userID' },
          { title: t('admin.users.nick'), dataIndex: 'nick' },
          {
            title: t('admin.groups.role'),
            dataIndex: 'role',
            render: (r: string) => t(`admin.groups.roles.${r}` as 'admin.groups.roles.Member', { defaultValue: r }),
          },
          {
            title: t('admin.groups.muted'),
            dataIndex: 'muteUntil',
            render: (until: number) => (until > now ? <Tag>{formatTime(until)}</Tag> : '—'),
          },
          ...(can.moderate(me.role)
            ? [
                {
                  title: t('admin.groups.mute'),
                  key: 'mute',
                  render: (_: unknown, m: { userID: string; role: string }) =>
                    m.role === 'Owner' ? null : (
                      <Select
                        size="small"
                        aria-label={t('admin.groups.muteFor', { userID: m.userID })}
                        placeholder={t('admin.groups.mute')}
                        className="admin-select"
                        onChange={(seconds: number) =>
                          post(R.groupMuteMember, { seconds }, t('admin.done'), { userID: m.userID })
                        }
                        options={MUTE_CHOICES.map((s) => ({ value: s, label: t(`admin.groups.muteChoice.${s}`) }))}
                      />
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** ADM25–ADM27: find a group, see its members and roles, mute, transfer, dismiss. */
export function GroupsPage({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const act = useAction();
  const [groups, setGroups] = useState<AdminGroupSummary[]>();
  const [detail, setDetail] = useState<AdminGroupDetail>();
  const [lastQuery, setLastQuery] = useState('');
  const search = async (q: string) => {
    if (!q.trim()) return;
    setLastQuery(q.trim());
    const res = await act(() =>
      consoleCall<{ groups: AdminGroupSummary[] }>('GET', `${R.groups}?q=${encodeURIComponent(q.trim())}`),
    );
    if (res) setGroups(res.groups);
  };
  const open = async (groupID: string) => {
    const d = await act(() => consoleCall<AdminGroupDetail>('GET', path(R.group, { groupID })));
    if (d) setDetail(d);
  };
  return (
    <section className="admin-page" aria-labelledby="admin-groups-heading">
      <h1 id="admin-groups-heading" className="admin-page__title">
        {t('admin.nav.groups')}
      </h1>
      <Space wrap className="admin-toolbar">
        <Input.Search
          aria-label={t('admin.groups.search')}
          placeholder={t('admin.groups.search')}
          enterButton={t('admin.search')}
          onSearch={search}
          className="admin-search"
        />
      </Space>
      {groups && (
        <Table
          rowKey="groupID"
          size="small"
          dataSource={groups}
          pagination={false}
          locale={{ emptyText: <EmptyText /> }}
          columns={[
            { title: t('admin.groups.groupID'), dataIndex: 'groupID' },
            { title: t('admin.groups.name'), dataIndex: 'name' },
            { title: t('admin.groups.owner'), dataIndex: 'ownerID' },
            { title: t('admin.groups.members'), dataIndex: 'memberCount' },
            {
              title: t('admin.actions'),
              key: 'open',
              render: (_: unknown, g: AdminGroupSummary) => (
                <Button
                  size="small"
                  onClick={() => open(g.groupID)}
                  aria-label={t('admin.groups.view', { name: g.name })}
                >
                  {t('admin.view')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {detail && (
        <GroupCard
          me={me}
          detail={detail}
          onChange={setDetail}
          onGone={() => {
            setDetail(undefined);
            void search(lastQuery);
          }}
        />
      )}
    </section>
  );
}
