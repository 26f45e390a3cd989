import { errorCodes, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './hot-statement.ts';
import { readRuleFiles } from './rule-files.ts';

/**
 * Every refusal the SQL rule files raise (`qp_refuse('CODE', 'messageKey')`) names a code of the error
 * table and, when it gives one, a message of the catalogue: refusalOf turns only those into a
 * DomainError, so an unknown one would reach a member as a 500.
 */
const sqlText = readRuleFiles()
  .map((file) => file.sql)
  .join('\n');
const calls = [...sqlText.matchAll(/qp_refuse\(([^)]*)\)/g)].map((match) => match[1]!.trim());
const literal = /^'([A-Z_]+)'(?:\s*,\s*'([A-Za-z]+)')?$/;
const refusals = [
  ...new Set(calls.filter((args) => !args.startsWith('p_code'))), // its own definition
].map((args) => {
  const match = literal.exec(args);
  return { args, code: match?.[1], messageKey: match?.[2] };
});

describe('refusals raised by the SQL functions', () => {
  it('are all written as literals, so that this test can read them', () => {
    expect(refusals.length).toBeGreaterThan(15);
    expect(refusals.filter((refusal) => refusal.code === undefined).map((refusal) => refusal.args)).toEqual(
      [],
    );
  });

  it.each(refusals)(
    'qp_refuse($args) is a known code and message, and becomes its DomainError',
    ({ code, messageKey }) => {
      expect(Object.keys(errorCodes)).toContain(code);
      if (messageKey) expect(Object.keys(messages)).toContain(messageKey);
      // As node-postgres reports it: SQLSTATE QPREF, the code as message, the message key as detail.
      const refused = refusalOf({ code: 'QPREF', message: code, detail: messageKey ?? '' });
      expect(refused?.code).toBe(code);
      if (messageKey) expect(refused?.message).toBe(messages[messageKey as keyof typeof messages]);
    },
  );
});
