import { Button, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL, type FeedbackItem } from '../api/calls.ts';
import { ListStates, formatDate, formatDateTime } from '../pages/list-parts.tsx';
import { OutcomeAlert, usePaged, useSubmit } from './paged.tsx';

const KINDS = [1, 2, 3, 4] as const;
/** Mirrors PCP5 as hints; the server decides. */
const CONTACT = /^(1[3-9][0-9]{9}|[^\s@]{1,40}@[^\s@]{1,40}\.[A-Za-z]{2,10})$/;

interface Fields {
  kind: (typeof KINDS)[number];
  content: string;
  contact?: string;
}

/** 意见反馈 (/user_feedback, /cuser_feedback; PCP5, PCP14): send feedback, see one's own with the platform's reply. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [version, setVersion] = useState(0);
  const { busy, outcome, run } = useSubmit();
  const { state, items, pager } = usePaged<FeedbackItem>(CALL.feedbackMine, 10, version);
  const submit = (f: Fields) =>
    run(
      CALL.feedbackAdd,
      { kind: f.kind, content: f.content.trim(), ...(f.contact?.trim() ? { contact: f.contact.trim() } : {}) },
      t('portal.pages.feedbackDone'),
      () => {
        form.resetFields();
        setVersion((v) => v + 1);
      },
    );
  return (
    <>
      <h1 className="page-title">{t('portal.pages.feedbackTitle')}</h1>
      <OutcomeAlert outcome={outcome} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="centre-form"
        disabled={busy}
        onFinish={submit}
        initialValues={{ kind: 1 }}
      >
        <Form.Item name="kind" label={t('portal.pages.feedbackKind')}>
          <Select options={KINDS.map((k) => ({ value: k, label: t(`portal.pages.kind.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('portal.pages.feedbackContent')}
          rules={[
            {
              required: true,
              min: 5,
              max: 500,
              whitespace: true,
              transform: (v: string) => v?.trim(),
              message: t('portal.pages.feedbackContentRule'),
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="feedback-content" />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('portal.pages.feedbackContact')}
          rules={[
            { pattern: CONTACT, transform: (v: string) => v?.trim(), message: t('portal.pages.feedbackContactRule') },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="feedback-submit">
          {t('portal.pages.submit')}
        </Button>
      </Form>
      <h2>{t('portal.pages.feedbackMine')}</h2>
      <ListStates state={state} items={items} empty={t('portal.pages.feedbackEmpty')}>
        {(rows) => (
          <ul className="job-list" data-testid="feedback-list">
            {rows.map((f) => (
              <li key={f.id} className="job-card" data-testid="feedback-row">
                <div className="job-card__main">
                  <span>
                    <Tag>{t(`portal.pages.kind.${f.kind as 1 | 2 | 3 | 4}`)}</Tag>
                    <Tag color={f.status === 1 ? 'green' : 'blue'}>
                      {t(f.status === 1 ? 'portal.pages.feedbackReplied' : 'portal.pages.feedbackReceived')}
                    </Tag>
                  </span>
                  <span className="muted">{formatDate(f.time)}</span>
                </div>
                <p className="pre-line">{f.content}</p>
                {f.status === 1 ? (
                  <div className="feedback-reply" data-testid="feedback-reply">
                    <span className="muted">
                      {t('portal.pages.feedbackReply', { time: formatDateTime(f.reply_time) })}
                    </span>
                    <p className="pre-line">{f.reply}</p>
                  </div>
                ) : (
                  <p className="muted" data-testid="feedback-awaiting">
                    {t('portal.pages.feedbackAwaiting')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {pager}
    </>
  );
}
