/** Browser-only wording that SPEC does not quote (SPEC strings live in @quiz-points/shared messages). */
export const uiText = {
  loading: '読み込み中…',
  sending: '送信中…',
  retry: '再試行',
} as const;
