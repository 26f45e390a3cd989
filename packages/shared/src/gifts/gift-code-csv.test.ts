import { describe, expect, it } from 'vitest';
import { parseGiftCodeCsv } from './gift-code-csv.ts';
import { giftCodeKey, giftCodeMessages } from './gifts.ts';

describe('a gift-code CSV', () => {
  it('reads the first column of each line, past a header, quotes and blank lines', () => {
    const parsed = parseGiftCodeCsv('\uFEFFcode,memo\r\n"AAAA-1111",first\r\n\r\nBBBB-2222\n  CCCC-3333  \n');
    expect(parsed).toEqual({
      ok: true,
      codes: [
        { code: 'AAAA-1111', line: 2 },
        { code: 'BBBB-2222', line: 4 },
        { code: 'CCCC-3333', line: 5 },
      ],
    });
  });

  it('reads quoted fields as CSV does: commas and doubled quotes inside, a line break inside', () => {
    const parsed = parseGiftCodeCsv(
      [
        '"code","memo, with a comma"',
        '"AAAA-1111","say ""hi"", then go"',
        '"BBBB-2222","two',
        'lines"',
        'CCCC-3333',
      ].join('\r\n'),
    );
    expect(parsed).toEqual({
      ok: true,
      codes: [
        { code: 'AAAA-1111', line: 2 },
        { code: 'BBBB-2222', line: 3 },
        // The record before took two lines.
        { code: 'CCCC-3333', line: 5 },
      ],
    });
    // Old Mac line breaks, and a byte-order mark before a quoted header.
    expect(parseGiftCodeCsv('\uFEFF"code"\rAAAA-1111\rBBBB-2222')).toEqual({
      ok: true,
      codes: [
        { code: 'AAAA-1111', line: 2 },
        { code: 'BBBB-2222', line: 3 },
      ],
    });
  });

  it('refuses a file whose quote is left open, naming the line it opens on', () => {
    expect(parseGiftCodeCsv('AAAA-1111\n"BBBB-2222\nCCCC-3333\n')).toEqual({
      ok: false,
      message: giftCodeMessages.malformed(2),
    });
    // A quoted code with a line break in it is no code.
    expect(parseGiftCodeCsv('AAAA-1111\n"BBBB\n2222"\n')).toEqual({
      ok: false,
      message: giftCodeMessages.malformed(2),
    });
  });

  it('refuses the whole file for one wrong or repeated code, naming the line', () => {
    expect(parseGiftCodeCsv('AAAA-1111\nBAD CODE\n')).toEqual({
      ok: false,
      message: giftCodeMessages.malformed(2),
    });
    expect(parseGiftCodeCsv('AAAA-1111\nBBBB\nAAAA-1111')).toEqual({
      ok: false,
      message: giftCodeMessages.repeatedInFile(3, 1),
    });
    // The same code written another way: letter case and hyphens aside.
    for (const variant of ['aaaa-1111', 'AAAA1111', 'aA-aA-11-11', '-AAAA1111-']) {
      expect(parseGiftCodeCsv(`AAAA-1111\nBBBB\n${variant}`), variant).toEqual({
        ok: false,
        message: giftCodeMessages.repeatedInFile(3, 1),
      });
    }
  });

  it('keeps each code as written, and judges repeats by its letters and digits alone', () => {
    expect(parseGiftCodeCsv('abCD-12ef\n')).toEqual({ ok: true, codes: [{ code: 'abCD-12ef', line: 1 }] });
    expect(giftCodeKey('abCD-12ef')).toBe('ABCD12EF');
    expect(giftCodeKey('ABCD12EF')).toBe('ABCD12EF');
    expect(giftCodeKey('ABCD-12EF')).not.toBe(giftCodeKey('ABCD-12E0'));
  });

  it('refuses a file without codes, and one with more than 1,000', () => {
    expect(parseGiftCodeCsv('code\n\n')).toEqual({ ok: false, message: giftCodeMessages.fileEmpty });
    const many = Array.from({ length: 1001 }, (_, i) => `CODE-${i}`).join('\n');
    expect(parseGiftCodeCsv(many)).toEqual({ ok: false, message: giftCodeMessages.tooMany });
  });
});
