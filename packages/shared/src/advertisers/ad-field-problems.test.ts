import { describe, expect, it } from 'vitest';
import { messages } from '../core/messages.ts';
import { adFieldMessages, adFieldProblem, optionRequiredMessage } from './ad-field-problems.ts';
import { adInputBody } from './advertisers.ts';
import { submitAd } from './endpoints.ts';
import { runningAdMessages } from './running-ads.ts';

/** The endpoint's valid example with two options, the second correct (so a third is past them). */
const valid = { ...submitAd.example.body, quizOptions: ['赤', '青'], correctOptionIndex: 2 };

/** Each field's message beside it, as the ad form shows them, for a request with `changes`. */
function fieldMessages(changes: Record<string, unknown>) {
  const result = adInputBody.safeParse({ ...valid, ...changes });
  expect(result.success).toBe(false);
  // The request itself refuses with SPEC §5's one message for everything but the window.
  return result.error!.issues.map(adFieldProblem).map(({ path, message }) => [path.join('.'), message]);
}

describe('what the ad form says beside each field', () => {
  it('says which rule failed, required or too long, field by field', () => {
    expect(fieldMessages({ adTitle: '   ' })).toEqual([['adTitle', adFieldMessages.titleRequired]]);
    expect(fieldMessages({ adTitle: 'あ'.repeat(51) })).toEqual([['adTitle', adFieldMessages.titleTooLong]]);
    expect(fieldMessages({ adProvider: '' })).toEqual([['adProvider', adFieldMessages.providerRequired]]);
    expect(fieldMessages({ adProvider: 'あ'.repeat(16) })).toEqual([
      ['adProvider', adFieldMessages.providerTooLong],
    ]);
    expect(fieldMessages({ quizQuestion: '' })).toEqual([['quizQuestion', adFieldMessages.questionRequired]]);
    expect(fieldMessages({ quizQuestion: 'あ'.repeat(151) })).toEqual([
      ['quizQuestion', adFieldMessages.questionTooLong],
    ]);
    expect(adFieldMessages.titleTooLong).toBe('広告タイトルは50文字以内で入力してください。');
  });

  it('names the option that is blank or too long, and the count when there are too few', () => {
    expect(fieldMessages({ quizOptions: ['赤', ' ', '緑'] })).toEqual([
      ['quizOptions.1', optionRequiredMessage(2)],
    ]);
    expect(optionRequiredMessage(2)).toBe('選択肢2を入力してください。');
    expect(fieldMessages({ quizOptions: ['赤', 'x'.repeat(51)] })).toEqual([
      ['quizOptions.1', adFieldMessages.optionTooLong],
    ]);
    expect(fieldMessages({ quizOptions: ['赤'], correctOptionIndex: 1 })).toEqual([
      ['quizOptions', adFieldMessages.optionsCount],
    ]);
  });

  it('asks for the correct option, the page, and a whole number of deliveries', () => {
    expect(fieldMessages({ correctOptionIndex: 0 })).toEqual([
      ['correctOptionIndex', adFieldMessages.correctRequired],
    ]);
    // The correct option past the options is the request's own check: said on the correct option.
    expect(fieldMessages({ correctOptionIndex: 3 })).toEqual([
      ['correctOptionIndex', adFieldMessages.correctRequired],
    ]);
    expect(fieldMessages({ adUrl: 'https://' })).toEqual([['adUrl', adFieldMessages.urlInvalid]]);
    expect(fieldMessages({ adUrl: 'javascript:alert(1)' })).toEqual([['adUrl', adFieldMessages.urlInvalid]]);
    expect(fieldMessages({ adUrl: `https://example.com/${'a'.repeat(2048)}` })).toEqual([
      ['adUrl', adFieldMessages.urlTooLong],
    ]);
    for (const maxDeliveries of [Number.NaN, 0, 1.5]) {
      expect(fieldMessages({ maxDeliveries })).toEqual([
        ['maxDeliveries', adFieldMessages.maxDeliveriesInvalid],
      ]);
    }
    expect(fieldMessages({ maxDeliveries: 1_000_001 })).toEqual([
      ['maxDeliveries', adFieldMessages.maxDeliveriesTooMany],
    ]);
  });

  it('lists every wrong field of an empty form, each once', () => {
    const empty = fieldMessages({
      adTitle: '',
      adProvider: '',
      adUrl: 'https://',
      quizQuestion: '',
      quizOptions: ['', ''],
      correctOptionIndex: 0,
      maxDeliveries: Number.NaN,
    });
    expect(empty).toEqual([
      ['adTitle', adFieldMessages.titleRequired],
      ['adProvider', adFieldMessages.providerRequired],
      ['adUrl', adFieldMessages.urlInvalid],
      ['quizQuestion', adFieldMessages.questionRequired],
      ['quizOptions.0', optionRequiredMessage(1)],
      ['quizOptions.1', optionRequiredMessage(2)],
      ['correctOptionIndex', adFieldMessages.correctRequired],
      ['maxDeliveries', adFieldMessages.maxDeliveriesInvalid],
    ]);
    expect(empty.map(([, message]) => message)).not.toContain(messages.allFieldsRequired);
  });

  it('keeps the messages of their own: text that is not text, and the delivery window', () => {
    expect(fieldMessages({ adTitle: 'a\ud800' })).toEqual([['adTitle', messages.invalidCharacters]]);
    expect(fieldMessages({ startDate: '2026-02-30' })).toEqual([
      ['startDate', runningAdMessages.dateInvalid],
    ]);
  });
});
