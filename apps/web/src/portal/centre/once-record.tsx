import { Button, Descriptions, type DescriptionsProps, Empty, Form, Skeleton, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerText } from '../api/answer-text.ts';
import { useTapi } from '../api/use-tapi.ts';
import { formatDate } from '../pages/list-parts.tsx';
import { OutcomeAlert, useSubmit } from './paged.tsx';

interface OnceRecordProps<T, F> {
  title: string;
  /** The call that reads the record (null data: none yet) and the call that creates it. */
  showCall: string;
  submitCall: string;
  intro: string;
  /** The tag of the status row once the record exists, and the text after a successful submit. */
  doneTag: string;
  doneText: string;
  /** `data-testid` of the record's descriptions and of the submit button. */
  testid: string;
  submitTestid: string;
  /** The record's rows after the status (the time row is added). */
  rows: (record: T) => NonNullable<DescriptionsProps['items']>;
  payload: (fields: F) => object;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A record made once by the user and then only shown (PCP4 real-name verification, PCP7 enterprise certification):
 * the form until it exists, its details after; loading, failed and refused states; the server's answer above. Both
 * checks are local format checks (no registry is reachable, decision 0018): the record says it awaits manual review.
 */
export function OnceRecord<T extends { time: number }, F>(p: OnceRecordProps<T, F>) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const state = useTapi<T | null>(p.showCall, {}, { version });
  const { busy, outcome, run } = useSubmit();
  let body: ReactNode;
  if (state.status === 'loading') body = <Skeleton active />;
  else if (state.status === 'failed') body = <Empty description={t('portal.list.failed')} />;
  else if (state.answer.code !== 1) body = <Empty description={answerText(state.answer)} />;
  else {
    const done = state.answer.data;
    body = (
      <>
        <OutcomeAlert outcome={outcome} />
        {done ? (
          <>
            <Descriptions
              column={1}
              size="small"
              data-testid={p.testid}
              items={[
                { key: 'status', label: t('portal.pages.verifyState'), children: <Tag color="gold">{p.doneTag}</Tag> },
                ...p.rows(done),
                { key: 'time', label: t('portal.pages.timeLabel'), children: formatDate(done.time) },
              ]}
            />
            <p className="muted" data-testid="review-note">
              {t('portal.pages.reviewNote')}
            </p>
          </>
        ) : (
          <Form
            layout="vertical"
            requiredMark={false}
            className="centre-form"
            disabled={busy}
            onFinish={(f: F) => run(p.submitCall, p.payload(f), p.doneText, () => setVersion((v) => v + 1))}
          >
            <p className="muted">{p.intro}</p>
            {p.children}
            <Button type="primary" htmlType="submit" loading={busy} data-testid={p.submitTestid}>
              {t('portal.pages.submit')}
            </Button>
          </Form>
        )}
      </>
    );
  }
  return (
    <>
      <h1 className="page-title">{p.title}</h1>
      {body}
    </>
  );
}
