import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL, type JobPage, type SeekerCard, type TalentPage } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { ListStates } from '../pages/list-parts.tsx';
import { RegionName } from '../region/region-name.tsx';

/** Invite one job seeker to one of the enterprise's own open jobs (PRT23). */
function InviteDialog({ seeker, onClose }: { seeker: SeekerCard; onClose: () => void }) {
  const { t } = useTranslation();
  const mine = dataOf(useTapi<JobPage>(CALL.myJobs, { size: 50 }));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (f: { job_id: number; note?: string }) => {
    setBusy(true);
    try {
      const answer = await tapi(CALL.invite, { seeker: seeker.uid, job_id: f.job_id, note: f.note ?? '' });
      setResult({
        ok: answer.code === 1,
        text: answer.code === 1 ? t('portal.activity.inviteDone') : answerText(answer),
      });
    } catch {
      // The 'Request exception' dialog has said why.
    } finally {
      setBusy(false);
    }
  };
  const jobs = mine?.list ?? [];
  return (
    <Modal open title={t('portal.activity.inviteTitle', { name: seeker.name })} onCancel={onClose} footer={null}>
      {result && <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.text} role="status" />}
      {mine && jobs.length === 0 && <Alert type="info" showIcon title={t('portal.activity.noOpenJobs')} />}
      <Form layout="vertical" requiredMark={false} onFinish={submit} disabled={busy || result?.ok === true}>
        <Form.Item
          name="job_id"
          label={t('portal.activity.inviteJob')}
          rules={[{ required: true, message: t('portal.post.required') }]}
        >
          <Select options={jobs.map((j) => ({ value: j.id, label: j.title }))} loading={!mine} />
        </Form.Item>
        <Form.Item name="note" label={t('portal.activity.inviteNote')}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="send-invite">
          {t('portal.activity.invite')}
        </Button>
      </Form>
    </Modal>
  );
}

/** 人才库 (/cuser_talent; PRT22): job seekers with a complete resume, each with an invitation. */
export function TalentPool() {
  const { t } = useTranslation();
  const state = useTapi<TalentPage>(CALL.talent, { size: 50 });
  const cards = state.status === 'done' ? (state.answer.data?.list ?? null) : null;
  const [inviting, setInviting] = useState<SeekerCard | null>(null);
  return (
    <>
      <h1 className="page-title">{t('portal.centre.talent')}</h1>
      <ListStates state={state} items={cards} empty={t('portal.centreEmpty.talent')}>
        {(items) => (
          <ul className="job-list">
            {items.map((s) => (
              <li key={s.uid} className="job-card" data-testid="talent-card">
                <div className="job-card__main">
                  <strong className="job-card__title">{s.name}</strong>
                  <span>{s.intention}</span>
                </div>
                <div className="job-card__meta">
                  {s.citys && <RegionName code={s.citys} />}
                  {s.education && <span>{s.education}</span>}
                  {s.birth_year > 0 && <span>{t('portal.activity.birthYear', { year: s.birth_year })}</span>}
                </div>
                <p className="muted">{s.intro}</p>
                <div className="job-card__action">
                  <Button size="small" type="primary" onClick={() => setInviting(s)}>
                    {t('portal.activity.invite')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {inviting && <InviteDialog seeker={inviting} onClose={() => setInviting(null)} />}
    </>
  );
}
