import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** Seed 001 §2.2, §5 (rule POR12): search goes to /job?val=… only for non-empty text; blank does nothing. */
export function searchTarget(text: string): string | null {
  const value = text.trim();
  return value ? `/job?val=${encodeURIComponent(value)}` : null;
}

/** Plain elements rather than antd's Input and Button: the search is on the portal's first screen (decision 0011). */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('val') ?? '');
  const go = (event: FormEvent) => {
    event.preventDefault();
    const target = searchTarget(text);
    if (target) void navigate(target);
  };
  return (
    <search className="search-box">
      <form onSubmit={go}>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('portal.header.searchPlaceholder')}
          aria-label={t('portal.header.searchPlaceholder')}
          maxLength={50}
        />
        <button type="submit" data-testid="search-button">
          {t('portal.header.search')}
        </button>
      </form>
    </search>
  );
}
