import '../core/zod-config.ts';
import { limits, MAX_DELIVERIES_LIMIT } from '../core/constants.ts';
import { formatNumber, messages } from '../core/messages.ts';
import { adOptionMaxLength } from './advertisers.ts';

/**
 * What is wrong with each field of the ad form, said beside the field: which rule failed,
 * required or too long. The request's refusal stays SPEC §5's すべての項目を正しく入力してください。,
 * which the form shows once as its summary. Apart from the main catalogue (see running-ads.ts).
 */
export const adFieldMessages = {
  titleRequired: '広告タイトルを入力してください。',
  titleTooLong: `広告タイトルは${limits.adTitle}文字以内で入力してください。`,
  providerRequired: '広告主名（表示名）を入力してください。',
  providerTooLong: `広告主名（表示名）は${limits.adProvider}文字以内で入力してください。`,
  urlInvalid: '広告ページのURLを「https://」から始まる形で入力してください。',
  urlTooLong: '広告ページのURLは2048文字以内で入力してください。',
  questionRequired: 'クイズの問題文を入力してください。',
  questionTooLong: `クイズの問題文は${limits.quizQuestion}文字以内で入力してください。`,
  optionTooLong: `選択肢は${adOptionMaxLength}文字以内で入力してください。`,
  optionsCount: `選択肢は${limits.optionsMin}〜${limits.optionsMax}個にしてください。`,
  correctRequired: '正解の選択肢を選んでください。',
  maxDeliveriesInvalid: '配信上限数を1以上の整数で入力してください。',
  maxDeliveriesTooMany: `配信上限数は${formatNumber(MAX_DELIVERIES_LIMIT)}件以内で入力してください。`,
} as const;

/** 選択肢2を入力してください。 */
export const optionRequiredMessage = (number: number) => `選択肢${number}を入力してください。`;

/** A problem as zod reports it: where, which rule (its code) and its message. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly code?: string;
  readonly message: string;
}

const textRules = {
  adTitle: { required: adFieldMessages.titleRequired, tooLong: adFieldMessages.titleTooLong },
  adProvider: { required: adFieldMessages.providerRequired, tooLong: adFieldMessages.providerTooLong },
  quizQuestion: { required: adFieldMessages.questionRequired, tooLong: adFieldMessages.questionTooLong },
} as const;

const isTextField = (field: string): field is keyof typeof textRules => field in textRules;

/**
 * The ad request's problem (adInputBody) as the form says it beside the field: the field it concerns
 * (an option by its place, `quizOptions.1`; the check that the correct option exists, on the correct
 * option) and which rule failed. Text that is not text (a lone surrogate) and the delivery window keep
 * their own messages; anything else keeps the request's.
 */
export function adFieldProblem(issue: FieldIssue): { path: PropertyKey[]; message: string } {
  const [field, item] = issue.path;
  const path = [...issue.path];
  const own = (message: string, at: PropertyKey[] = path) => ({ path: at, message });
  if (issue.message === messages.invalidCharacters) return own(issue.message);
  const tooLong = issue.code === 'too_big';
  if (typeof field === 'string' && isTextField(field)) {
    return own(tooLong ? textRules[field].tooLong : textRules[field].required);
  }
  switch (field) {
    case 'adUrl':
      return own(tooLong ? adFieldMessages.urlTooLong : adFieldMessages.urlInvalid);
    case 'quizOptions':
      if (typeof item === 'number') {
        return own(tooLong ? adFieldMessages.optionTooLong : optionRequiredMessage(item + 1));
      }
      return own(adFieldMessages.optionsCount);
    case 'correctOptionIndex':
      return own(adFieldMessages.correctRequired);
    case 'maxDeliveries':
      return own(tooLong ? adFieldMessages.maxDeliveriesTooMany : adFieldMessages.maxDeliveriesInvalid);
    case undefined:
      // The whole request's own check: the correct option is one of the options.
      return own(adFieldMessages.correctRequired, ['correctOptionIndex']);
    default:
      return own(issue.message);
  }
}
