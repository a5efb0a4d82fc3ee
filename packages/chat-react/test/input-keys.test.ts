import { describe, expect, it } from 'vitest';
import { insertNewline, type KeyInput, keyAction, textToSend } from '../src/message-input/keys.ts';

const key = (over: Partial<KeyInput>): KeyInput => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  isComposing: false,
  ...over,
});

describe('input keys (seed 000 §5)', () => {
  it('Enter sends', () => {
    expect(keyAction(key({}))).toBe('send');
  });

  it('Ctrl+Enter (and Cmd+Enter) adds a newline', () => {
    expect(keyAction(key({ ctrlKey: true }))).toBe('newline');
    expect(keyAction(key({ metaKey: true }))).toBe('newline');
  });

  it('Shift+Enter keeps the browser newline; other keys are untouched', () => {
    expect(keyAction(key({ shiftKey: true }))).toBe('default');
    expect(keyAction(key({ key: 'a' }))).toBe('default');
  });

  it('Enter while an IME composes belongs to the IME', () => {
    expect(keyAction(key({ isComposing: true }))).toBe('default');
    expect(keyAction(key({ keyCode: 229 }))).toBe('default');
  });

  it('trims trailing newlines and sends nothing for empty input', () => {
    expect(textToSend('hello\n')).toBe('hello');
    expect(textToSend('hello\r\n\n')).toBe('hello');
    expect(textToSend('a\nb')).toBe('a\nb');
    expect(textToSend('  indented')).toBe('  indented');
    expect(textToSend('')).toBeNull();
    expect(textToSend('\n\n')).toBeNull();
    expect(textToSend('   \n')).toBeNull();
  });

  it('inserts a newline at the caret, replacing a selection', () => {
    expect(insertNewline('abcd', 2, 2)).toEqual({ value: 'ab\ncd', caret: 3 });
    expect(insertNewline('abcd', 1, 3)).toEqual({ value: 'a\nd', caret: 2 });
  });
});
