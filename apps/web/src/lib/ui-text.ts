/** Browser-only wording that SPEC does not quote (SPEC strings live in @quiz-points/shared messages). */
export const uiText = {
  chooseOneOption: '回答を1つ選択してください。',
  loading: '読み込み中…',
  sending: '送信中…',
} as const;
