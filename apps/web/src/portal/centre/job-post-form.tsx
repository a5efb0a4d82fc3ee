import { Alert, Button, Form, Input, InputNumber, Radio, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RESUME_EDUCATION_OPTIONS } from './resume.tsx';
import { CALL, type JobAddRequest, type JobDetail, type JobGroup } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';
import { RegionPicker } from '../region/region-picker.tsx';
import { cityName } from './city-name.ts';
import { type JobRegionChoice, jobRegion } from './job-region.ts';

interface Fields extends Omit<JobAddRequest, 'province' | 'citys' | 'area' | 'city_name'> {
  region: JobRegionChoice;
}

function RegionField({ value, onChange }: { value?: Fields['region']; onChange?: (v: Fields['region']) => void }) {
  return (
    <RegionPicker value={value?.path ?? []} onChange={(path, labels, { leaf }) => onChange?.({ path, labels, leaf })} />
  );
}

/** 发布职位 (/cuser_jobAdd; PRT20): the job is open at once, and the page goes to it. */
export function JobPostForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = dataOf(useTapi<JobGroup[]>(CALL.groups, {}, { cache: true }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ region, ...f }: Fields) => {
    setError(null);
    setBusy(true);
    const { province, citys, area } = jobRegion(region) ?? { province: '', citys: '', area: '' };
    const education = f.education ?? '';
    try {
      const answer = await tapi<JobDetail>(CALL.postJob, {
        ...f,
        education,
        province,
        citys,
        area,
        city_name: cityName(region.labels),
      });
      if (answer.code === 1 && answer.data) await navigate(`/injob?id=${answer.data.id}`);
      else setError(answerText(answer));
    } catch {
      // The 'Request exception' dialog has said why.
    } finally {
      setBusy(false);
    }
  };

  if (!groups) return <Skeleton active />;
  const required = { required: true, whitespace: true, message: t('portal.post.required') };
  return (
    <>
      <h1 className="page-title">{t('portal.centre.jobAdd')}</h1>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <Form<Fields>
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={busy}
        initialValues={{ xz: 0, headcount: 1, experience: '', address: '', requirements: '' }}
      >
        <Form.Item name="title" label={t('portal.post.title')} rules={[required]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="hid"
          label={t('portal.post.group')}
          rules={[{ required: true, message: t('portal.post.required') }]}
        >
          <Select options={groups.map((g) => ({ value: g.id, label: g.title }))} />
        </Form.Item>
        <Form.Item name="xz" label={t('portal.post.nature')}>
          <Radio.Group
            options={[
              { value: 0, label: t('portal.job.fullTime') },
              { value: 1, label: t('portal.job.partTime') },
            ]}
          />
        </Form.Item>
        <Form.Item name="salary" label={t('portal.post.salary')} rules={[required]}>
          <Input maxLength={30} placeholder={t('portal.post.salaryPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="region"
          label={t('portal.post.region')}
          rules={[
            {
              validator: (_r, v?: Fields['region']) =>
                v && jobRegion(v) ? Promise.resolve() : Promise.reject(new Error(t('portal.post.regionRequired'))),
            },
          ]}
        >
          <RegionField />
        </Form.Item>
        <Form.Item name="address" label={t('portal.post.address')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="education" label={t('portal.post.education')}>
          <Select options={RESUME_EDUCATION_OPTIONS} allowClear />
        </Form.Item>
        <Form.Item name="experience" label={t('portal.post.experience')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="headcount" label={t('portal.post.headcount')}>
          <InputNumber min={1} max={999} precision={0} />
        </Form.Item>
        <Form.Item name="description" label={t('portal.post.description')} rules={[required]}>
          <Input.TextArea maxLength={4000} rows={5} showCount />
        </Form.Item>
        <Form.Item name="requirements" label={t('portal.post.requirements')}>
          <Input.TextArea maxLength={4000} rows={4} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="post-job">
          {t('portal.post.submit')}
        </Button>
      </Form>
    </>
  );
}
