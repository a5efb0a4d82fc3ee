/** The page where a job seeker applies to join the expert pool (user/applyexpert); others are told it is for job seekers. */
import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL, type ExpertApplyData } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { useTapi } from '../api/use-tapi.ts';
import { usePortalUser } from '../chrome/use-portal-user.ts';

interface Fields {
  field: string;
  intro: string;
}

function SeekerApply() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const state = useTapi<ExpertApplyData>(CALL.expertApply, {});
  const [sent, setSent] = useState<ExpertApplyData['application']>(null);
  if (state.status === 'loading') return <Skeleton active />;
  const application = sent ?? (state.status === 'done' ? (state.answer.data?.application ?? null) : null);
  if (application)
    return (
      <Result
        status={application.status === 2 ? 'warning' : 'success'}
        title={t(`portal.apply.status${application.status as 0 | 1 | 2}`)}
        subTitle={`${application.field} · ${application.intro}`}
        data-testid="expert-status"
      />
    );
  const submit = async (fields: Fields) => {
    setError(null);
    const answer = await tapi<ExpertApplyData['application']>(CALL.applyExpert, fields).catch(() => null);
    if (!answer) return;
    if (answer.code !== 1) setError(answerText(answer));
    else setSent(answer.data);
  };
  return (
    <Form<Fields> layout="vertical" onFinish={submit} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <Form.Item name="field" label={t('portal.apply.field')} rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="intro" label={t('portal.apply.intro')} rules={[{ required: true, whitespace: true }]}>
        <Input.TextArea maxLength={1000} rows={5} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('portal.apply.submit')}
      </Button>
    </Form>
  );
}

/** /apply: a job seeker applies to become an expert (seed 001 §1, §6); an enterprise is told who may apply. */
export default function ApplyPage() {
  const { t } = useTranslation();
  const user = usePortalUser();
  return (
    <div className="page-body panel apply-page">
      <h1 className="page-title">{t('portal.top.applyExpert')}</h1>
      <p className="muted">{t('portal.apply.lead')}</p>
      {user.identity === 1 ? <SeekerApply /> : <Alert type="info" showIcon title={t('portal.apply.seekersOnly')} />}
    </div>
  );
}
