import type { AdminMe, OperatorFeedback, OperatorFeedbackPage } from '@parley/protocol';
import { Button, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from './empty-text.tsx';
import { R, can, consoleCall, path } from './admin-api.ts';
import { formatTime } from './format.ts';
import { useAction } from './use-action.ts';

const PAGE_SIZE = 20;

function Reply({ item, onDone }: { item: OperatorFeedback; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async (v: { reply: string }) => {
    const r = await act(
      () => consoleCall('PUT', path(R.feedbackReply, { id: item.id }), { reply: v.reply.trim() }),
      t('admin.feedback.replied'),
    );
    if (r) {
      setOpen(false);
      onDone();
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {item.status === 1 ? t('admin.feedback.replyAgain') : t('admin.feedback.reply')}
      </Button>
      <Modal
        open={open}
        title={t('admin.feedback.reply')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('admin.ok')}
        cancelText={t('admin.cancel')}
      >
        <p className="admin-feedback__quote">{item.content}</p>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ reply: item.reply }}>
          <Form.Item
            name="reply"
            label={t('admin.feedback.answer')}
            rules={[{ required: true, whitespace: true, max: 1000, message: t('admin.feedback.answerRule') }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** ADM37: the portal's feedback, open or answered, twenty a page; moderators and operators answer it. */
export function FeedbackPage({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const act = useAction();
  const [status, setStatus] = useState<'0' | '1'>('0');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<OperatorFeedbackPage>();
  const load = useCallback(
    async (s: string, p: number) => {
      const q = new URLSearchParams({ status: s, page: String(p), size: String(PAGE_SIZE) });
      const res = await act(() => consoleCall<OperatorFeedbackPage>('GET', `${R.feedback}?${q}`));
      if (res) setData(res);
    },
    [act],
  );
  useEffect(() => {
    void load(status, page);
  }, [load, status, page]);
  return (
    <section className="admin-page" aria-labelledby="admin-feedback-heading">
      <h1 id="admin-feedback-heading" className="admin-page__title">
        {t('admin.nav.feedback')}
      </h1>
      <Select
        aria-label={t('admin.feedback.status')}
        className="admin-select"
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={[
          { value: '0', label: t('admin.feedback.open') },
          { value: '1', label: t('admin.feedback.answered') },
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        dataSource={data?.list ?? []}
        locale={{ emptyText: <EmptyText /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('admin.feedback.time'), dataIndex: 'time', render: formatTime },
          { title: t('admin.feedback.user'), dataIndex: 'uid' },
          {
            title: t('admin.feedback.kind'),
            dataIndex: 'kind',
            render: (k: number) => (
              <Tag>{t(`admin.feedback.kinds.${k}` as 'admin.feedback.kinds.1', { defaultValue: String(k) })}</Tag>
            ),
          },
          { title: t('admin.feedback.content'), dataIndex: 'content' },
          { title: t('admin.feedback.contact'), dataIndex: 'contact' },
          { title: t('admin.feedback.answer'), dataIndex: 'reply' },
          ...(can.moderate(me.role)
            ? [
                {
                  title: t('admin.actions'),
                  key: 'reply',
                  render: (_: unknown, item: OperatorFeedback) => (
                    <Reply item={item} onDone={() => load(status, page)} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
