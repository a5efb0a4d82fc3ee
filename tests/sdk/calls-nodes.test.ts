import TencentCloudChat from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { redisTestUrl, requireService } from '../../apps/server/test/support/services.ts';
import { destroyClients, loggedIn } from './support/client.ts';
import { startNodes } from './support/nodes.ts';
import { pgUrl } from './support/server.ts';
import { signalLog } from './support/signaling.ts';

const { TSignaling } = TencentCloudChat;
const redisUrl = await requireService('redis', redisTestUrl(), 'calls across nodes');
const voice = JSON.stringify({ call_type: 1 });
let run = 0;
const names = (...n: string[]) => {
  run += 1;
  return n.map((x) => `${x}n${run}${Date.now().toString(36)}`);
};

describe('SDK calls across two nodes (PostgreSQL and Redis)', () => {
  it.skipIf(!pgUrl || !redisUrl)(
    'SIG37 SIG36 an invitation, its answer, media signals and the end cross nodes through the bus',
    async () => {
      const cluster = await startNodes(pgUrl as string, redisUrl as string, 2);
      try {
        const [A, B] = cluster.nodes;
        if (!A || !B) throw new Error('nodes');
        const [a = '', b = ''] = names('amy', 'bob');
        await A.createUser(a);
        await A.createUser(b);
        const [amy, bob] = await Promise.all([loggedIn(A, a), loggedIn(B, b)]);
        const [amyS, bobS] = [signalLog(amy), signalLog(bob)];
        const { inviteID } = (await amy.chat.invite({ userID: b, data: voice })).data;
        expect(await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED)).toMatchObject({ inviteID, inviter: a });
        await bob.chat.accept({ inviteID });
        expect(await amyS.waitFor(TSignaling.INVITEE_ACCEPTED)).toMatchObject({ inviteID, invitee: b });
        await amy.chat.sendCallMediaSignal({ inviteID, userID: b, data: '{"type":"offer"}' });
        expect(await bobS.waitFor(TSignaling.PARLEY_MEDIA_SIGNAL)).toEqual({
          inviteID,
          fromUserID: a,
          data: '{"type":"offer"}',
        });
        await bob.chat.sendCallMediaSignal({ inviteID, userID: a, data: '{"type":"answer"}' });
        expect(await amyS.waitFor(TSignaling.PARLEY_MEDIA_SIGNAL)).toEqual({
          inviteID,
          fromUserID: b,
          data: '{"type":"answer"}',
        });
        await bob.chat.hangup({ inviteID });
        expect(await amyS.waitFor(TSignaling.PARLEY_CALL_ENDED)).toMatchObject({
          inviteID,
          reason: 'hangup',
          userID: b,
        });
      } finally {
        await destroyClients();
        await cluster.close();
      }
    },
  );

  it.skipIf(!pgUrl || !redisUrl)(
    'SIG38 SIG7 the node that took the invitations stops while they ring: the other node answers one and times the other out',
    async () => {
      const cluster = await startNodes(pgUrl as string, redisUrl as string, 2, { PARLEY_CALL_SWEEP_MS: '100' });
      try {
        const [A, B] = cluster.nodes;
        if (!A || !B) throw new Error('nodes');
        const [a = '', b = '', c = ''] = names('amy', 'bob', 'cat');
        for (const u of [a, b, c]) await A.createUser(u);
        const [amy, bob, cat] = await Promise.all([loggedIn(A, a), loggedIn(B, b), loggedIn(B, c)]);
        const [bobS, catS] = [signalLog(bob), signalLog(cat)];
        const kept = (await amy.chat.invite({ userID: b, data: voice, timeout: 60 })).data.inviteID;
        const lapsed = (await amy.chat.invite({ userID: c, data: voice, timeout: 2 })).data.inviteID;
        await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
        await catS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
        // Node A goes, with its timers: what it took lives in the database.
        await amy.chat.destroy();
        await A.close();
        expect(await bob.chat.accept({ inviteID: kept })).toEqual({ code: 0, data: { inviteID: kept } });
        expect(await catS.waitFor(TSignaling.INVITATION_TIMEOUT)).toMatchObject({
          inviteID: lapsed,
          isSelfTimeout: true,
        });
        expect(await catS.waitFor(TSignaling.PARLEY_RINGING_STOPPED)).toEqual({ inviteID: lapsed, reason: 'timeout' });
      } finally {
        await destroyClients();
        await cluster.close();
      }
    },
  );
});
