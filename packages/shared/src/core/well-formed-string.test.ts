import { describe, expect, it } from 'vitest';
import { suspensionBody } from '../admin/admin-console.ts';
import { adInputBody } from '../advertisers/advertisers.ts';
import * as api from '../api.ts';
import { createDailyQuizBody } from '../earning/daily-quiz-schemas.ts';
import { messages } from './messages.ts';
import { emailSchema, pageViewBody } from './schemas.ts';
import { isWellFormedText, wellFormedString } from './well-formed-string.ts';

const high = '\ud800';
const low = '\udc00';

describe('isWellFormedText', () => {
  it('takes any text, surrogate pairs (emoji, rare kanji) included', () => {
    for (const text of ['', 'abc', 'クイズ', '😀', '𠮷野家', 'a\ud83d\ude00b'])
      expect(isWellFormedText(text)).toBe(true);
  });
  it('finds half of a pair wherever it stands', () => {
    for (const text of [high, low, `${high}x`, `x${low}`, `${low}${high}`, `😀${low}`, `${high}😀`])
      expect(isWellFormedText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('wellFormedString', () => {
  it('refuses a lone surrogate with its own message, before any other rule', () => {
    const result = wellFormedString().min(5).safeParse(high);
    expect(result.error?.issues[0]?.message).toBe(messages.invalidCharacters);
    expect(emailSchema.safeParse(`a${high}@example.com`).error?.issues[0]?.message).toBe(
      messages.invalidCharacters,
    );
  });
  it('keeps the rules chained after it', () => {
    expect(wellFormedString().trim().min(1).parse(' 😀 ')).toBe('😀');
    expect(wellFormedString().max(2).safeParse('abc').success).toBe(false);
  });
});

describe('request schemas refuse a lone surrogate in every string', () => {
  const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;
  const ad = api.advertisers.submitAd.example.body;

  it('a suspension reason, daily-quiz and ad options, a page-view path', () => {
    expect(firstMessage(suspensionBody.safeParse({ suspended: true, reason: `${high}x` }))).toBe(
      messages.invalidCharacters,
    );
    const quiz = {
      quizQuestion: '質問',
      quizOptions: ['A', `B${low}`],
      correctOptionIndex: 1,
      publishDate: '2031-01-01',
    };
    expect(firstMessage(createDailyQuizBody.safeParse(quiz))).toBe(messages.invalidCharacters);
    expect(firstMessage(adInputBody.safeParse({ ...ad, quizOptions: ['A', `B${high}`] }))).toBe(
      messages.invalidCharacters,
    );
    expect(firstMessage(adInputBody.safeParse({ ...ad, adTitle: `${high}` }))).toBe(
      messages.invalidCharacters,
    );
    expect(firstMessage(pageViewBody.safeParse({ path: `/${high}` }))).toBe(messages.invalidCharacters);
    expect(adInputBody.safeParse({ ...ad, quizOptions: ['😀', '𠮷'] }).success).toBe(true);
  });
});
