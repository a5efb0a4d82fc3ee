import { describe, expect, it, vi } from 'vitest';
import { Emitter } from '../src/core/emitter.ts';

describe('Emitter', () => {
  it('calls handlers with one {name, data} argument', () => {
    const emitter = new Emitter();
    const handler = vi.fn();
    emitter.on('x', handler);
    emitter.emit('x', [1, 2]);
    expect(handler).toHaveBeenCalledWith({ name: 'x', data: [1, 2] });
  });

  it('uses context as `this` and as part of the listener identity', () => {
    const emitter = new Emitter();
    const seen: unknown[] = [];
    function handler(this: unknown) {
      seen.push(this);
    }
    const a = { id: 'a' };
    const b = { id: 'b' };
    emitter.on('x', handler, a);
    emitter.on('x', handler, b);
    emitter.on('x', handler);
    expect(emitter.listenerCount('x')).toBe(3);

    emitter.off('x', handler, a);
    emitter.emit('x');
    expect(seen).toEqual([b, undefined]);

    // off without a context removes only the context-less listener.
    seen.length = 0;
    emitter.off('x', handler);
    emitter.emit('x');
    expect(seen).toEqual([b]);
  });

  it('keeps one listener when the same handler and context are added twice', () => {
    const emitter = new Emitter();
    const handler = vi.fn();
    emitter.on('x', handler);
    emitter.on('x', handler);
    emitter.emit('x');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('once fires a single time, and off removes it before it fires', () => {
    const emitter = new Emitter();
    const first = vi.fn();
    const second = vi.fn();
    emitter.once('x', first);
    emitter.once('x', second);
    emitter.off('x', second);
    emitter.emit('x', 1);
    emitter.emit('x', 2);
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith({ name: 'x', data: 1 });
    expect(second).not.toHaveBeenCalled();
    expect(emitter.listenerCount('x')).toBe(0);
  });

  it('keeps dispatching when a handler throws, and reports the error', () => {
    const errors: string[] = [];
    const emitter = new Emitter((name) => errors.push(name));
    const after = vi.fn();
    emitter.on('x', () => {
      throw new Error('boom');
    });
    emitter.on('x', after);
    emitter.emit('x');
    expect(after).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['x']);
  });

  it('lets a handler unsubscribe another without skipping it in the current dispatch', () => {
    const emitter = new Emitter();
    const second = vi.fn();
    emitter.on('x', () => emitter.off('x', second));
    emitter.on('x', second);
    emitter.emit('x');
    emitter.emit('x');
    expect(second).toHaveBeenCalledTimes(1);
  });
});
