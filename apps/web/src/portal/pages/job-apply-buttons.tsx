import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CALL, type JobDetail } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { usePortalUser } from '../chrome/use-portal-user.ts';

/** 70414: this job seeker has applied to this job before (PRT17): the button shows 'Applied'. */
const ALREADY_APPLIED = 70414;

/**
 * 投递简历 and 收藏职位 on a job (PRT17, PRT19): for job seekers; a visitor logs in as one first and comes back; an
 * enterprise sees neither (the server refuses them anyway, PRT5).
 */
export function JobApplyButtons({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = usePortalUser();
  // The App context's message: the static one would inject styles without the CSP nonce.
  const { message } = App.useApp();
  const [applied, setApplied] = useState(false);
  const [saved, setSaved] = useState(false);
  if (user.status === 'signedIn' && user.identity !== 1) return null;

  const run = async (call: string, payload: object, done: () => void, doneText: string) => {
    if (user.status !== 'signedIn') {
      await navigate(`/login?f=1&redirect=${encodeURIComponent(`/injob?id=${job.id}`)}`);
      return;
    }
    const answer = await tapi(call, payload).catch(() => null);
    if (!answer) return;
    if (answer.code === 1 || (call === CALL.apply && answer.code === ALREADY_APPLIED)) done();
    if (answer.code === 1) void message.success(doneText);
    else void message.error(answerText(answer));
  };

  return (
    <>
      <Button
        size="large"
        disabled={applied}
        onClick={() => void run(CALL.apply, { id: job.id }, () => setApplied(true), t('portal.activity.applyDone'))}
        data-testid="apply-job"
      >
        {applied ? t('portal.activity.applied') : t('portal.activity.apply')}
      </Button>
      <Button
        size="large"
        disabled={saved}
        onClick={() =>
          void run(CALL.collect, { id: job.id, collect: 1 }, () => setSaved(true), t('portal.activity.saveDone'))
        }
        data-testid="save-job"
      >
        {saved ? t('portal.activity.saved') : t('portal.activity.save')}
      </Button>
    </>
  );
}
