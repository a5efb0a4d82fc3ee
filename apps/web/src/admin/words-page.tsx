import type { AdminMe, WordList } from '@parley/protocol';
import { Alert, Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { R, can, consoleCall } from './admin-api.ts';
import { useAction } from './use-action.ts';

/** ADM30: one phrase a line; saved, it applies on every node at once. Read-only admins see the list. */
export function WordsPage({ me }: { me: AdminMe }) {
  const { t } = useTranslation();
  const act = useAction();
  const [text, setText] = useState<string>();
  const [saved, setSaved] = useState<string>();
  useEffect(() => {
    void act(() => consoleCall<WordList>('GET', R.words)).then((w) => {
      if (!w) return;
      setText(w.words.join('\n'));
      setSaved(w.words.join('\n'));
    });
  }, [act]);
  const save = async () => {
    const words = (text ?? '')
      .split('\n')
      .map((w) => w.trim())
      .filter(Boolean);
    const res = await act(() => consoleCall<WordList>('PUT', R.words, { words }), t('admin.words.saved'));
    if (res) {
      setText(res.words.join('\n'));
      setSaved(res.words.join('\n'));
    }
  };
  const editable = can.moderate(me.role);
  const count = (text ?? '').split('\n').filter((w) => w.trim()).length;
  return (
    <section className="admin-page" aria-labelledby="admin-words-heading">
      <h1 id="admin-words-heading" className="admin-page__title">
        {t('admin.nav.words')}
      </h1>
      <Alert type="info" message={t('admin.words.help')} className="admin-words__help" />
      <label htmlFor="admin-words" className="admin-words__label">
        {t('admin.words.label', { count })}
      </label>
      <Input.TextArea
        id="admin-words"
        value={text ?? ''}
        onChange={(e) => setText(e.target.value)}
        readOnly={!editable}
        rows={16}
        data-testid="admin-words"
      />
      {editable && (
        <Space className="admin-actions">
          <Button
            type="primary"
            onClick={save}
            disabled={text === undefined || text === saved}
            data-testid="admin-words-save"
          >
            {t('admin.words.save')}
          </Button>
        </Space>
      )}
    </section>
  );
}
