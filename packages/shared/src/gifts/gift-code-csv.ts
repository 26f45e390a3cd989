import Papa from 'papaparse';
import { GIFT_CODES_PER_UPLOAD } from '../core/constants.ts';
import { giftCodeKey, giftCodeMessages } from './gifts.ts';

// A module of its own: the parser is the admin's, and the member's exchange page, which imports
// gifts.ts, does not load it.

const GIFT_CODE = /^[A-Za-z0-9-]{4,64}$/;
const HEADER = /^(code|gift ?code|コード|ギフトコード)$/i;

export type ParsedGiftCodes =
  | { ok: true; codes: { code: string; line: number }[] }
  | { ok: false; message: string };

/**
 * Reads an uploaded CSV of gift codes with a CSV parser (Papa Parse: RFC 4180 quoting, a byte-order
 * mark): the first field of each record, blank lines and a header line skipped. One wrong or repeated
 * code (giftCodeKey: AB-12 repeats ab12), or a quote left open, refuses the whole file, naming its
 * line, so an upload loads all of its codes or none.
 */
export function parseGiftCodeCsv(text: string): ParsedGiftCodes {
  const codes: { code: string; line: number }[] = [];
  const firstLineOf = new Map<string, number>();
  // One kind of line break, so that a file mixing them (an export edited by hand) is read by its
  // lines; and no byte-order mark, so that the parser's positions are positions in `input`.
  const input = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let refusal: string | undefined;
  let line = 1;
  let read = 0;
  Papa.parse<string[]>(input, {
    delimiter: ',',
    newline: '\n',
    step(record, parser) {
      // The record's first line: the line breaks before where it starts (a quoted field may hold one).
      const recordLine = line;
      for (let at = read; at < record.meta.cursor; at++) if (input.charCodeAt(at) === 10) line++;
      read = record.meta.cursor;
      const code = (record.data[0] ?? '').trim();
      const key = giftCodeKey(code);
      const first = firstLineOf.get(key);
      if (record.errors.length > 0) refusal = giftCodeMessages.malformed(recordLine);
      else if (code === '' || (codes.length === 0 && HEADER.test(code))) return;
      else if (!GIFT_CODE.test(code)) refusal = giftCodeMessages.malformed(recordLine);
      else if (first !== undefined) refusal = giftCodeMessages.repeatedInFile(recordLine, first);
      if (refusal !== undefined) return parser.abort();
      firstLineOf.set(key, recordLine);
      codes.push({ code, line: recordLine });
    },
  });
  if (refusal !== undefined) return { ok: false, message: refusal };
  if (codes.length === 0) return { ok: false, message: giftCodeMessages.fileEmpty };
  if (codes.length > GIFT_CODES_PER_UPLOAD) return { ok: false, message: giftCodeMessages.tooMany };
  return { ok: true, codes };
}
