import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_SIG } from './fake-fetch.ts';
import { destroyInstances, loginReady, newChat } from './helpers.ts';

afterEach(destroyInstances);

const LIST = {
  enabled: true,
  tasks: [
    { task: 'send', counter: 0, doneAt: 0 },
    { task: 'nickname', counter: null, doneAt: 0 },
  ],
};

async function ready() {
  const made = newChat({
    'GET /api/v1/demo/tasks': () => ({ status: 200, body: LIST }),
    'POST /api/v1/demo/tasks': (req) => ({
      status: 200,
      body: { ...LIST, tasks: [{ task: (req.body as { task: string }).task, counter: 0, doneAt: 1 }] },
    }),
  });
  await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  return made;
}

describe('demo mode tasks (decision 0054)', () => {
  it('DEMO5 getDemoTasks answers the server list; commitDemoTask posts the task and answers the new list', async () => {
    const { chat, server } = await ready();
    expect(await chat.getDemoTasks()).toEqual({ code: 0, data: LIST });
    const done = await chat.commitDemoTask('send');
    expect(done).toEqual({ code: 0, data: { enabled: true, tasks: [{ task: 'send', counter: 0, doneAt: 1 }] } });
    expect(
      server.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/demo/tasks').map((r) => r.body),
    ).toEqual([{ task: 'send' }]);
  });

  it('DEMO5 an unknown task is refused before anything is sent; before login both reject', async () => {
    const { chat, server } = await ready();
    await expect(chat.commitDemoTask('hack' as never)).rejects.toMatchObject({ code: expect.any(Number) });
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/v1/demo/tasks')).toBe(false);
    const fresh = newChat().chat;
    await expect(fresh.getDemoTasks()).rejects.toMatchObject({ code: expect.any(Number) });
  });
});
