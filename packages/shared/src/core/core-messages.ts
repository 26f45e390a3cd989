/**
 * The few catalogue strings the first page needs (network and generic errors, sign-in and
 * suspension notices). They are part of `messages` too; the landing page imports only these, so its
 * first download does not carry the whole catalogue (docs/performance.md, "JavaScript budget").
 */
export const coreMessages = {
  genericErrorSentence: 'エラーが発生しました。',
  networkFailed: 'サーバーとの通信に失敗しました。',
  inAppBrowser:
    'アプリ内ブラウザではGoogleログインをご利用いただけません。URLをコピーしましたので、SafariやChromeなどの標準ブラウザに貼り付けて開いてください。',
  suspendedAtLogin: 'このアカウントは停止されていますので、ログアウトします。',
  suspendedNotice: 'この アカウントは停止されています。運営までお問い合わせください。',
  // Google sign-in refused, shown on the landing page it returns to.
  signInFailed: 'Googleログインに失敗しました。もう一度お試しください。',
  emailUsedByAdvertiser:
    'このメールアドレスは広告主アカウントで登録されています。ポイントを貯めるには、別のメールアドレスのGoogleアカウントでログインしてください。',
} as const;
