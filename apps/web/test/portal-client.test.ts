import { afterEach, describe, expect, it } from 'vitest';
import { RequestException, setRequestExceptionHandler, TAPI_TIMEOUT_MS, tapi } from '../src/portal/api/client.ts';
import { open, seal } from '../src/portal/api/envelope.ts';
import { DEV_ENVELOPE_KEY as KEY } from '../src/portal/api/envelope-key.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
  return { calls, impl };
}

let restore = () => {};
afterEach(() => restore());
function captureExceptions(): RequestException[] {
  const seen: RequestException[] = [];
  restore = setRequestExceptionHandler((e) => seen.push(e));
  return seen;
}

describe('portal request layer', () => {
  it('POR4 posts the sealed payload as form field data and opens the answer', async () => {
    const { calls, impl } = fakeFetch(() =>
      Response.json({ code: 1, msg: 'ok', data: seal({ username: '张伟' }, KEY) }),
    );
    const answer = await tapi('user/usershow', { uid: 'zhangwei' }, { fetchImpl: impl });
    expect(answer).toEqual({ code: 1, msg: 'ok', data: { username: '张伟' } });
    expect(calls[0]?.url).toBe('/tapi/user/usershow');
    expect(calls[0]?.init.method).toBe('POST');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect(open(form.get('data') ?? '', KEY)).toEqual({ uid: 'zhangwei' });
    expect(TAPI_TIMEOUT_MS).toBe(10_000);
  });

  it('POR5 a code other than 1 reaches the caller unchanged; empty data is null', async () => {
    const seen = captureExceptions();
    const { impl } = fakeFetch(() => Response.json({ code: 0, msg: '手机号已注册', data: '' }));
    expect(await tapi('user/register', {}, { fetchImpl: impl })).toEqual({ code: 0, msg: '手机号已注册', data: null });
    expect(seen).toEqual([]);
  });

  it('POR4 a non-200 answer, a network failure and a timeout open the exception dialog and reject', async () => {
    const seen = captureExceptions();
    const refused = fakeFetch(() => new Response('no', { status: 502 }));
    await expect(tapi('common/recruitgroup', {}, { fetchImpl: refused.impl })).rejects.toBeInstanceOf(RequestException);
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(tapi('common/recruitgroup', {}, { fetchImpl: down.impl })).rejects.toThrow('Failed to fetch');
    const slow = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(tapi('common/recruitgroup', {}, { fetchImpl: slow.impl, timeoutMs: 20 })).rejects.toThrow('timeout');
    expect(seen.map((e) => e.toJSON())).toEqual([
      { status: 502, message: 'HTTP 502' },
      { status: null, message: 'TypeError: Failed to fetch' },
      { status: null, message: 'timeout' },
    ]);
  });

  it('POR4 an answer that cannot be opened is a request exception too', async () => {
    const seen = captureExceptions();
    const { impl } = fakeFetch(() => Response.json({ code: 1, msg: '', data: 'not-3des' }));
    await expect(tapi('common/bimage', { id: 42 }, { fetchImpl: impl })).rejects.toBeInstanceOf(RequestException);
    expect(seen).toHaveLength(1);
  });
});
