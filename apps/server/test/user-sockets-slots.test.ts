import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { SocketSlots } from '../src/domain/limits/ports.ts';
import { createMemoryBus } from '../src/fanout/memory-bus.ts';
import { UserSockets } from '../src/transport/ws/user-sockets.ts';

const LIMITS = { maxPerUser: 2, userQueueBytes: 1 << 20, socketQueueBytes: 1 << 20 };

/** A socket as far as the registry looks at it: its state. */
const fakeSocket = () =>
  ({ readyState: 1, OPEN: 1, bufferedAmount: 0 }) as unknown as WebSocket & { readyState: number };

function recordingSlots(onClaim: () => void = () => undefined): SocketSlots & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    async claim(userID, socketID, max) {
      onClaim();
      if ([...held].filter((h) => h.startsWith(`${userID}/`)).length >= max) return false;
      held.add(`${userID}/${socketID}`);
      return true;
    },
    async release(userID, socketID) {
      held.delete(`${userID}/${socketID}`);
    },
  };
}

describe('push sockets hold slots', () => {
  it('SHR9 a socket that closes while its slot is claimed gives it back and is not registered', async () => {
    const socket = fakeSocket();
    const slots = recordingSlots(() => {
      socket.readyState = 3;
    });
    const sockets = new UserSockets(createMemoryBus(), LIMITS, slots);
    expect(await sockets.add('amy', socket)).toBe(false);
    expect(slots.held.size).toBe(0);
    expect(sockets.socketsOf('amy')).toEqual([]);
  });

  it('SHR6 SHR9 a refused claim registers nothing; a removed socket gives its slot back', async () => {
    const slots = recordingSlots();
    const sockets = new UserSockets(createMemoryBus(), LIMITS, slots);
    const [one, two, three] = [fakeSocket(), fakeSocket(), fakeSocket()];
    expect(await sockets.add('amy', one)).toBe(true);
    expect(await sockets.add('amy', two)).toBe(true);
    expect(await sockets.add('amy', three)).toBe(false);
    expect(sockets.socketsOf('amy')).toHaveLength(2);
    sockets.remove('amy', one);
    await Promise.resolve();
    expect(slots.held.size).toBe(1);
    expect(await sockets.add('amy', three)).toBe(true);
  });
});
