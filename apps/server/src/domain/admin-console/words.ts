import { ADMIN_CONSOLE_LIMITS, type WordList } from '@parley/protocol';
import type { BusEvent, EventBus } from '../ports.ts';
import { type Actor, type Console, audit } from './console.ts';
import type { AdminConsoleStore } from './ports.ts';
import { requireAbility } from './roles.ts';

/** ADM30: the bus topic every node listens on for word-list changes; no socket subscribes to it. */
export const WORDS_TOPIC = 'admin:words';

/** Trimmed, without blanks, comments or repeats, in the order given (ADM32). */
export function normaliseWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of words) {
    const w = raw.trim();
    if (w && !w.startsWith('#') && w.length <= ADMIN_CONSOLE_LIMITS.wordChars) seen.add(w);
  }
  return [...seen];
}

export async function getWords(c: Console, actor: Actor): Promise<WordList> {
  requireAbility(actor.role, 'read');
  return { words: (await c.store.getWords())?.words ?? [] };
}

/**
 * ADM30: a moderator replaces the list; it is stored, applied on this node at once and on every other node when
 * the bus event arrives (each node reloads from the database, so a lost event is repaired at the next change or
 * start, ADM33).
 */
export async function setWords(c: Console, actor: Actor, input: WordList): Promise<WordList> {
  requireAbility(actor.role, 'moderate');
  const before = (await c.store.getWords())?.words ?? [];
  const words = normaliseWords(input.words);
  const version = c.d.clock.now();
  await c.store.setWords(words, version);
  c.d.contentFilter.setWords(words);
  c.d.bus.publish(WORDS_TOPIC, { type: 'words.changed', version }).catch(c.d.onPublishError);
  const added = words.filter((w) => !before.includes(w));
  const removed = before.filter((w) => !words.includes(w));
  await audit(c, actor, 'words.set', 'words', { added: added.slice(0, 50), removed: removed.slice(0, 50) });
  return { words };
}

/**
 * ADM31: at start the stored list wins; with none stored yet, the file's list (PARLEY_WORDS_FILE or the built-in
 * one) seeds the database. Then every `words.changed` reloads it. Returns the unsubscribe.
 */
export async function startWordSync(
  d: {
    bus: EventBus;
    contentFilter: { setWords(words: readonly string[]): void };
    onPublishError: (e: unknown) => void;
  },
  store: AdminConsoleStore,
  fileWords: readonly string[],
  now: number,
): Promise<() => Promise<void>> {
  const stored = await store.getWords();
  if (stored) d.contentFilter.setWords(stored.words);
  else await store.setWords(normaliseWords(fileWords), now);
  return d.bus.subscribe(WORDS_TOPIC, (event: BusEvent) => {
    if (event.type !== 'words.changed') return;
    store.getWords().then((s) => s && d.contentFilter.setWords(s.words), d.onPublishError);
  });
}
