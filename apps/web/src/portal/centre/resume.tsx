import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CALL, type ResumeData, type ResumeFields } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { useTapi } from '../api/use-tapi.ts';
import { RegionName } from '../region/region-name.tsx';
import { regionPathOf } from '../region/region-names.ts';
import { RegionPicker } from '../region/region-picker.tsx';

/** The server's education values (protocol RESUME_EDUCATION), shown as they are stored. */
const EDUCATION = ['初中', '高中', '中专', '大专', '本科', '硕士', '博士'];
export const RESUME_EDUCATION_OPTIONS = EDUCATION.map((e) => ({ value: e, label: e }));

export function ResumeView() {
  const { t } = useTranslation();
  const state = useTapi<ResumeData>(CALL.resume, {});
  if (state.status === 'loading') return <Skeleton active />;
  const data = state.status === 'done' ? state.answer.data : null;
  if (!data) return <Alert type="error" title={t('portal.list.failed')} />;
  const r = data.resume;
  const gender = r.gender === 1 ? t('gender.male') : r.gender === 2 ? t('gender.female') : '-';
  return (
    <>
      <h1 className="page-title">{t('portal.centre.resumeShow')}</h1>
      {data.jl_status === 1 && (
        <Alert
          type="warning"
          showIcon
          title={t('portal.resume.incomplete')}
          description={data.missing.map((m) => <Tag key={m}>{t(`portal.resume.${m}` as 'portal.resume.name')}</Tag>)}
          action={<Link to="/user_resume">{t('portal.resume.edit')}</Link>}
          data-testid="resume-incomplete"
        />
      )}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'name', label: t('portal.resume.name'), children: r.name || '-' },
          { key: 'gender', label: t('portal.resume.gender'), children: gender },
          { key: 'birth', label: t('portal.resume.birth_year'), children: r.birth_year || '-' },
          { key: 'edu', label: t('portal.resume.education'), children: r.education || '-' },
          { key: 'citys', label: t('portal.resume.citys'), children: <RegionName code={r.citys} /> },
          { key: 'intention', label: t('portal.resume.intention'), children: r.intention || '-' },
          {
            key: 'intro',
            label: t('portal.resume.intro'),
            children: <span className="pre-line">{r.intro || '-'}</span>,
          },
        ]}
      />
    </>
  );
}

type FormFields = Omit<ResumeFields, 'citys'> & { citys: string[] };

export function ResumeForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const state = useTapi<ResumeData>(CALL.resume, {});
  const [error, setError] = useState<string | null>(null);
  if (state.status === 'loading') return <Skeleton active />;
  const data = state.status === 'done' ? state.answer.data : null;
  if (!data) return <Alert type="error" title={t('portal.list.failed')} />;
  const save = async ({ citys, ...rest }: FormFields) => {
    setError(null);
    const answer = await tapi<ResumeData>(CALL.resumeSave, { ...rest, citys: citys.at(-1) ?? '' }).catch(() => null);
    if (!answer) return;
    if (answer.code !== 1) setError(answerText(answer));
    else void message.success(t('portal.resume.saved'));
  };
  return (
    <>
      <h1 className="page-title">{t('portal.centre.resume')}</h1>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <Form<FormFields>
        layout="vertical"
        onFinish={save}
        initialValues={{ ...data.resume, citys: regionPathOf(data.resume.citys) }}
      >
        <Form.Item name="name" label={t('portal.resume.name')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="gender" label={t('portal.resume.gender')}>
          <Select
            options={[
              { value: 0, label: '-' },
              { value: 1, label: t('gender.male') },
              { value: 2, label: t('gender.female') },
            ]}
          />
        </Form.Item>
        <Form.Item name="birth_year" label={t('portal.resume.birth_year')}>
          <InputNumber min={1940} max={2100} />
        </Form.Item>
        <Form.Item name="education" label={t('portal.resume.education')}>
          <Select options={RESUME_EDUCATION_OPTIONS} allowClear />
        </Form.Item>
        <Form.Item name="citys" label={t('portal.resume.citys')} valuePropName="value" trigger="onChange">
          <RegionField />
        </Form.Item>
        <Form.Item name="intention" label={t('portal.resume.intention')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="intro" label={t('portal.resume.intro')}>
          <Input.TextArea maxLength={2000} rows={5} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('portal.resume.save')}
        </Button>
      </Form>
    </>
  );
}

/** Form control adapter: antd Form passes value and onChange. */
function RegionField({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  return <RegionPicker value={value ?? []} onChange={(v) => onChange?.(v)} />;
}
