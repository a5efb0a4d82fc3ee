/**
 * Characters that change how a name reads without being seen (ABU4): the bidi controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069: "cv\u202Efdp.exe" shows as "cvexe.pdf"), the line and paragraph separators and the
 * byte order mark. Zero-width joiners stay: scripts and emoji need them.
 */
const INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A name without the invisible characters of ABU4; what is stored and shown. */
export const withoutInvisible = (name: string): string => name.replace(INVISIBLE, '');

/** A name fit for a download header whatever was stored before the rules: no invisible or control characters. */
export const downloadName = (name: string): string => withoutInvisible(name).replace(CONTROL, '') || 'file';
