import { MESSAGE_TYPE } from '@parley/protocol';

/**
 * Message search tokens (decision 0040, rules SRCH1–SRCH6). Both databases index the same tokens, made here, so
 * SQLite (FTS5, `ascii` tokenizer: every non-ASCII character is part of a token, spaces split) and PostgreSQL
 * (`array_to_tsvector`, no parser) see the same words and no locale decides what a word is.
 *
 * - CJK (Han, kana, Hangul) text: every character (unigram) and every pair of neighbours (bigram). Any substring of
 *   one or two characters is then one token; a longer one is the AND of its pairs, and its candidates are checked
 *   against the text (SRCH3), so the answer is exactly the substring match (`LIKE '%…%'`).
 * - Other letters and digits: lower-cased words, matched by prefix (SRCH4).
 * Tokens never hold ASCII punctuation or spaces: nothing in a token has meaning to either query syntax.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
/** Words longer than this are cut: a 300-letter "word" is noise, and the index stays bounded per message. */
const MAX_WORD = 40;

type Run = { cjk: boolean; text: string };

/** The text as runs of CJK characters and of other word characters; everything else separates runs. */
function runs(text: string): Run[] {
  const out: Run[] = [];
  let cur: Run | undefined;
  for (const ch of text) {
    const cjk = CJK.test(ch);
    if (!cjk && !WORD.test(ch)) {
      cur = undefined;
      continue;
    }
    if (cur && cur.cjk === cjk) cur.text += ch;
    else {
      cur = { cjk, text: ch };
      out.push(cur);
    }
  }
  return out;
}

/** Lower case, the one normalisation applied to stored text and to keywords alike. */
export const normalise = (s: string): string => s.toLowerCase();

/** The distinct index tokens of a text (already normalised or not: normalised here). */
export function indexTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const r of runs(normalise(text))) {
    if (!r.cjk) {
      tokens.add([...r.text].slice(0, MAX_WORD).join(''));
      continue;
    }
    const chars = [...r.text];
    for (let i = 0; i < chars.length; i += 1) {
      tokens.add(chars[i] as string);
      if (i + 1 < chars.length) tokens.add((chars[i] as string) + (chars[i + 1] as string));
    }
  }
  return [...tokens];
}

/** One term of a keyword's query: an exact token, or a word prefix. */
export interface Term {
  token: string;
  prefix: boolean;
}

/**
 * A keyword as index terms (all must match) and whether candidates must be checked against the text: a single
 * CJK run of one or two characters, or a single word, is one token and exact; anything longer or mixed is the AND
 * of its tokens, which can match characters that are not adjacent, so `verify` holds the normalised keyword.
 * No terms: the keyword has no letter, digit or CJK character, and finds nothing (SRCH5).
 */
export function keywordPlan(keyword: string): { terms: Term[]; verify: string | undefined } {
  const text = normalise(keyword);
  const rs = runs(text);
  const terms: Term[] = [];
  for (const r of rs) {
    const chars = [...r.text];
    if (!r.cjk) terms.push({ token: chars.slice(0, MAX_WORD).join(''), prefix: chars.length <= MAX_WORD });
    else if (chars.length === 1) terms.push({ token: chars[0] as string, prefix: false });
    else
      for (let i = 0; i + 1 < chars.length; i += 1)
        terms.push({ token: (chars[i] as string) + chars[i + 1], prefix: false });
  }
  const only = rs.length === 1 ? rs[0] : undefined;
  const length = only ? [...only.text].length : 0;
  const single = only?.text === text && (only.cjk ? length <= 2 : length <= MAX_WORD);
  return { terms: dedupe(terms), verify: terms.length > 0 && !single ? text : undefined };
}

function dedupe(terms: Term[]): Term[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = `${t.prefix ? '*' : '='}${t.token}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function field(payload: Record<string, unknown>, name: string): string {
  const v = payload[name];
  return typeof v === 'string' ? v : '';
}

/**
 * The searchable text of a message (SRCH2): a text's text, a file's name, a location's description, a custom
 * message's description and extension (never its `data`, which apps use for machine content), a merged record's
 * title and abstracts. Pictures, sounds, videos, faces, tips and notices have none.
 */
export function searchText(type: string, payloadJSON: string): string {
  let payload: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(payloadJSON);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return '';
    payload = v as Record<string, unknown>;
  } catch {
    return '';
  }
  switch (type) {
    case MESSAGE_TYPE.TEXT:
      return field(payload, 'text');
    case MESSAGE_TYPE.FILE:
      return field(payload, 'fileName');
    case MESSAGE_TYPE.LOCATION:
      return field(payload, 'description');
    case MESSAGE_TYPE.CUSTOM:
      return [field(payload, 'description'), field(payload, 'extension')].filter(Boolean).join('\n');
    case MESSAGE_TYPE.MERGER: {
      const abstracts = Array.isArray(payload.abstractList)
        ? payload.abstractList.filter((a) => typeof a === 'string')
        : [];
      return [field(payload, 'title'), ...abstracts].join('\n');
    }
    default:
      return '';
  }
}

/** The tokens to index for a stored message; empty when it has nothing searchable (it gets no index entry). */
export function messageTokens(type: string, payloadJSON: string): string[] {
  const text = searchText(type, payloadJSON);
  return text ? indexTokens(text) : [];
}
