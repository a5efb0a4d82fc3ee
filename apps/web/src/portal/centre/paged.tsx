import { Alert } from 'antd';
import { useState } from 'react';
import { answerText } from '../api/answer-text.ts';
import { tapi } from '../api/client.ts';
import { type TapiState, dataOf, useTapi } from '../api/use-tapi.ts';
import { Pager } from '../pages/pager.tsx';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** One page of a centre list and its page number; `version` asks again after a change. */
export function usePaged<T>(path: string, size = 10, version = 0) {
  const [page, setPage] = useState(1);
  const state = useTapi<Page<T>>(path, { page, size }, { version });
  const data = dataOf(state);
  const items = state.status === 'done' ? (state.answer.data?.list ?? null) : null;
  const pager = (
    <Pager
      page={page}
      size={size}
      total={data?.total ?? 0}
      onChange={(p) => {
        setPage(p);
        window.scrollTo(0, 0);
      }}
    />
  );
  return { state: state as TapiState<unknown>, items, pager, total: data?.total ?? 0 };
}

export type Outcome = { ok: boolean; text: string } | null;

/** A form's submit: busy while the call runs, then success or the server's refusal in the page's language. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async <T,>(path: string, payload: object, okText: string, onOk?: (data: T) => void) => {
    setOutcome(null);
    setBusy(true);
    try {
      const answer = await tapi<T>(path, payload);
      if (answer.code === 1) {
        setOutcome({ ok: true, text: okText });
        onOk?.(answer.data as T);
      } else setOutcome({ ok: false, text: answerText(answer) });
    } catch {
      // The 'Request exception' dialog has said why.
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run };
}

export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Alert
      className="centre-alert"
      type={outcome.ok ? 'success' : 'error'}
      showIcon
      title={outcome.text}
      role="status"
      data-testid="form-outcome"
    />
  );
}
