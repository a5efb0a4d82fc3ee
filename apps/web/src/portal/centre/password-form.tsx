import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL } from '../api/calls.ts';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';

interface Fields {
  old: string;
  password: string;
  confirm: string;
}

/** Mirrors PRT9 as a hint; the server decides (the mobile-number rule is only checked there). */
const STRONG = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;

/** 修改密码 (/user_uppass, /cuser_uppass; PRT21): the current password, then the new one twice. */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (f: Fields) => {
    setResult(null);
    setBusy(true);
    try {
      const answer = await tapi(CALL.changePassword, { old: f.old, password: f.password });
      if (answer.code === 1) {
        form.resetFields();
        setResult({ ok: true, text: t('portal.pass.done') });
      } else setResult({ ok: false, text: answerText(answer) });
    } catch {
      // The 'Request exception' dialog has said why.
    } finally {
      setBusy(false);
    }
  };

  const required = { required: true, message: t('portal.pass.required') };
  return (
    <>
      <h1 className="page-title">{t('portal.centre.password')}</h1>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.text}
          role={result.ok ? 'status' : 'alert'}
        />
      )}
      <Form<Fields> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <Form.Item name="old" label={t('portal.pass.old')} rules={[required]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('portal.pass.new')}
          extra={t('portal.pass.hint')}
          rules={[required, { pattern: STRONG, message: t('portal.pass.hint') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('portal.pass.confirm')}
          dependencies={['password']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('portal.pass.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('portal.pass.submit')}
        </Button>
      </Form>
    </>
  );
}
