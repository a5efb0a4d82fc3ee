import type { AdminMe, AdminUserDetail, AdminUserSummary } from '@parley/protocol';
import { Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from './empty-text.tsx';
import { R, can, consoleCall, path } from './admin-api.ts';
import { formatTime } from './format.ts';
import { useAction } from './use-action.ts';

function CreateUser({ onCreated }: { onCreated: (d: AdminUserDetail) => void }) {
  const { t } = useTranslation();
  const act = useAction();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async (v: { userID: string; password: string; nick?: string; mobile?: string }) => {
    const body = {
      userID: v.userID,
      password: v.password,
      ...(v.nick ? { nick: v.nick } : {}),
      ...(v.mobile ? { mobile: v.mobile } : {}),
    };
    const d = await act(() => consoleCall<AdminUserDetail>('POST', R.users, body), t('admin.users.created'));
    if (d) {
      setOpen(false);
      form.resetFields();
      onCreated(d);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="admin-user-create">
        {t('admin.users.create')}
      </Button>
      <Modal
        open={open}
        title={t('admin.users.create')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('admin.ok')}
        cancelText={t('admin.cancel')}
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="userID"
            label={t('admin.users.userID')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_.@-]{1,32}$/, message: t('admin.users.userIDRule') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('admin.users.password')}
            rules={[{ required: true, min: 6, message: t('admin.users.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="nick" label={t('admin.users.nick')}>
            <Input />
          </Form.Item>
          <Form.Item
            name="mobile"
            label={t('admin.users.mobile')}
            rules={[{ pattern: /^1[0-9]{10}$/, message: t('admin.users.mobileRule') }]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function ResetPassword({ userID, onDone }: { userID: string; onDone: (d: AdminUserDetail) => void }) {
  const { t } = useTranslation();
  const act = useAction();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async (v: { password: string }) => {
    const d = await act(
      () => consoleCall<AdminUserDetail>('POST', path(R.userPassword, { userID }), { password: v.password }),
      t('admin.users.passwordDone'),
    );
    if (d) {
      setOpen(false);
      form.resetFields();
      onDone(d);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('admin.users.resetPassword')}</Button>
      <Modal
        open={open}
        title={t('admin.users.resetPassword')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('admin.ok')}
        cancelText={t('admin.cancel')}
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="password"
            label={t('admin.users.newPassword')}
            rules={[{ required: true, min: 6, message: t('admin.users.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function UserCard({
  me,
  detail,
  onChange,
}: {
  me: AdminMe;
  detail: AdminUserDetail;
  onChange: (d: AdminUserDetail) => void;
}) {
  const { t } = useTranslation();
  const act = useAction();
  const { user } = detail;
  const post = (template: string, done: string) =>
    act(() => consoleCall<AdminUserDetail>('POST', path(template, { userID: user.userID }), {}), done).then(
      (d) => d && onChange(d),
    );
  return (
    <Card title={t('admin.users.detail', { userID: user.userID })} data-testid="admin-user-detail">
      <Descriptions column={2} size="small">
        <Descriptions.Item label={t('admin.users.nick')}>{user.nick || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('admin.users.mobile')}>{user.mobile ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('admin.users.status')}>
          {user.disabled ? <Tag>{t('admin.users.disabled')}</Tag> : <Tag>{t('admin.users.enabled')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.users.online')}>
          {detail.online ? t('admin.yes') : t('admin.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.users.createdAt')}>{formatTime(user.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('admin.users.sessions')}>{detail.sessions.length}</Descriptions.Item>
      </Descriptions>
      {detail.sessions.length > 0 && (
        <Table
          size="small"
          rowKey={(s) => `${s.createdAt}-${s.expiresAt}`}
          pagination={false}
          dataSource={detail.sessions}
          columns={[
            { title: t('admin.users.sessionStart'), dataIndex: 'createdAt', render: formatTime },
            { title: t('admin.users.sessionEnd'), dataIndex: 'expiresAt', render: formatTime },
          ]}
        />
      )}
      <Space wrap className="admin-actions">
        {can.moderate(me.role) &&
          (user.disabled ? (
            <Button onClick={() => post(R.userEnable, t('admin.users.enableDone'))}>{t('admin.users.enable')}</Button>
          ) : (
            <Popconfirm
              title={t('admin.users.disableConfirm')}
              okText={t('admin.ok')}
              cancelText={t('admin.cancel')}
              onConfirm={() => post(R.userDisable, t('admin.users.disableDone'))}
            >
              <Button danger data-testid="admin-user-disable">
                {t('admin.users.disable')}
              </Button>
            </Popconfirm>
          ))}
        {can.moderate(me.role) && (
          <Popconfirm
            title={t('admin.users.revokeConfirm')}
            okText={t('admin.ok')}
            cancelText={t('admin.cancel')}
            onConfirm={() => post(R.userRevoke, t('admin.users.revokeDone'))}
          >
            <Button>{t('admin.users.revoke')}</Button>
          </Popconfirm>
        )}
        {can.operate(me.role) && <ResetPassword userID={user.userID} onDone={onChange} />}
      </Space>
    </Card>
  );
}

/** ADM15–ADM22: search by ID, nickname or mobile; a user's profile, sessions and the actions the role may take. */
export function UsersPage({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const act = useAction();
  const [users, setUsers] = useState<AdminUserSummary[]>();
  const [detail, setDetail] = useState<AdminUserDetail>();
  const search = async (q: string) => {
    if (!q.trim()) return;
    const res = await act(() =>
      consoleCall<{ users: AdminUserSummary[] }>('GET', `${R.users}?q=${encodeURIComponent(q.trim())}`),
    );
    if (res) setUsers(res.users);
  };
  const open = async (userID: string) => {
    const d = await act(() => consoleCall<AdminUserDetail>('GET', path(R.user, { userID })));
    if (d) setDetail(d);
  };
  const changed = (d: AdminUserDetail) => {
    setDetail(d);
    setUsers((list) => list?.map((x) => (x.userID === d.user.userID ? d.user : x)));
  };
  return (
    <section className="admin-page" aria-labelledby="admin-users-heading">
      <h1 id="admin-users-heading" className="admin-page__title">
        {t('admin.nav.users')}
      </h1>
      <Space wrap className="admin-toolbar">
        <Input.Search
          aria-label={t('admin.users.search')}
          placeholder={t('admin.users.search')}
          enterButton={t('admin.search')}
          onSearch={search}
          data-testid="admin-user-search"
          className="admin-search"
        />
        {can.operate(me.role) && <CreateUser onCreated={(d) => changed(d)} />}
      </Space>
      {users && (
        <Table
          rowKey="userID"
          size="small"
          dataSource={users}
          pagination={false}
          locale={{ emptyText: <EmptyText /> }}
          columns={[
            { title: t('admin.users.userID'), dataIndex: 'userID' },
            { title: t('admin.users.nick'), dataIndex: 'nick' },
            { title: t('admin.users.mobile'), dataIndex: 'mobile', render: (m: string | null) => m ?? '—' },
            {
              title: t('admin.users.status'),
              dataIndex: 'disabled',
              render: (d: boolean) =>
                d ? <Tag>{t('admin.users.disabled')}</Tag> : <Tag>{t('admin.users.enabled')}</Tag>,
            },
            {
              title: t('admin.actions'),
              key: 'open',
              render: (_: unknown, u: AdminUserSummary) => (
                <Button
                  size="small"
                  onClick={() => open(u.userID)}
                  aria-label={t('admin.users.view', { userID: u.userID })}
                >
                  {t('admin.view')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {detail && <UserCard me={me} detail={detail} onChange={changed} />}
    </section>
  );
}
