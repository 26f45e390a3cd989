import { z } from 'zod';
import './zod-config.ts';
import { messages } from './messages.ts';

// With the `u` flag a surrogate pair is one code point, so only a lone half of a pair matches.
// (String.prototype.isWellFormed says the same, but is newer than the browsers the web app supports.)
const loneSurrogate = /[\uD800-\uDFFF]/u;

/** False for text that holds half of a UTF-16 surrogate pair, which JSON's "\ud800" can carry. */
export function isWellFormedText(value: string): boolean {
  return !loneSurrogate.test(value);
}

/**
 * Every string a request carries is built from this. A lone surrogate is not text: PostgreSQL
 * refuses it inside JSON columns (a 500) and silently turns it into "�" elsewhere, so it is
 * refused here, with a message of its own, before any other rule.
 */
export const wellFormedString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isWellFormedText, { error: messages.invalidCharacters });

/** Line breaks and the other control characters (tab, C0, DEL, C1, Unicode's line and paragraph separators). */
const controlCharacters = /[\p{Cc}\u2028\u2029]+/gu;

/** False for text that holds a line break or another control character: a one-line field's text. */
export function isOneLine(value: string): boolean {
  return value.search(controlCharacters) === -1;
}

/** The text on one line: each run of line breaks and other control characters becomes one space. */
export function toOneLine(value: string): string {
  return value.replace(controlCharacters, ' ');
}
