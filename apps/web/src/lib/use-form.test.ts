import { describe, expect, it } from 'vitest';
import { errorsByField, stillWrong } from './use-form.ts';

describe('a form’s marks', () => {
  it('keeps the first problem of each field', () => {
    expect(
      errorsByField([
        { path: ['maxDeliveries'], message: '現在の上限より大きい数値を入力してください。' },
        { path: ['maxDeliveries'], message: '二つ目' },
        { path: ['adTitle'], message: '広告タイトルを入力してください。' },
        { path: [], message: 'どの項目でもない' },
      ]),
    ).toEqual({
      maxDeliveries: '現在の上限より大きい数値を入力してください。',
      adTitle: '広告タイトルを入力してください。',
    });
  });

  it('drops a mark the moment its field is right, and marks no field that was not marked yet', () => {
    const shown = {
      maxDeliveries: '現在の上限より大きい数値を入力してください。',
      adTitle: '入力してください。',
    };
    // 1,000 → typing 1,500: the limit is right now; the title still is not, and says so.
    expect(stillWrong(shown, { adTitle: '入力してください。' })).toEqual({ adTitle: '入力してください。' });
    // What is wrong with a field may change as it is typed in (blank, then too long).
    expect(stillWrong(shown, { adTitle: '50文字以内で入力してください。', adUrl: 'URL' })).toEqual({
      adTitle: '50文字以内で入力してください。',
    });
    expect(stillWrong(shown, {})).toEqual({});
  });
});
