import type { SendDraft } from '../../src/domain/messages/send-port.ts';

/** A one-to-one draft as the domain hands it to the send store (its conversation ID and both member sides). */
export function draft(from: string, to: string, ID: string, render?: SendDraft['render']): SendDraft {
  const [a, b] = [from, to].sort();
  const sides = [
    { userID: from, viewID: `C2C${to}`, peerID: to, readsOnSend: true },
    { userID: to, viewID: `C2C${from}`, peerID: from, readsOnSend: false },
  ].sort((x, y) => (x.userID < y.userID ? -1 : 1));
  return {
    message: {
      conversationID: `c2c:${a}|${b}`,
      id: ID,
      sender: from,
      receiver: to,
      type: 'TIMTextElem',
      payload: '{"text":"x"}',
      cloudCustomData: '',
      time: 1,
      clientTime: 1,
      nameCard: '',
      priority: 'Normal',
      needReadReceipt: false,
      atUserList: '[]',
    },
    sides,
    render: render ?? ((row) => JSON.stringify({ ID: row.id, sequence: row.seq })),
  };
}
