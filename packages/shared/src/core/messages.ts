/**
 * Every user-facing Japanese string lives here. Strings quoted by SPEC.md are copied verbatim;
 * the server puts them in error bodies and the browser shows them as they arrive.
 */
import { coreMessages } from './core-messages.ts';

export const messages = {
  ...coreMessages,
  // Signup (SPEC §5)
  birthDateIncomplete: '生年月日はすべて選択してください。',
  underage: '18歳未満の方はご利用いただけません。',
  signupRequired: '会員登録が完了していません。会員登録（18歳以上）を済ませてからご利用ください。',
  zipAddressUnresolved: '郵便番号から住所が取得できませんでした。正しい7桁の郵便番号を入力してください。',
  termsRequired: '利用規約に同意する必要があります。',
  zipNotFound: '郵便番号が見つかりません',

  // Forms
  allFieldsRequired: 'すべての項目を正しく入力してください。',
  limitMustIncrease: '現在の上限より大きい数値を入力してください。',
  rejectionReasonRequired: '却下理由を入力してください',
  emailRequired: 'メールアドレスを入力してください',
  emailInvalid: 'メールアドレスの形式が正しくありません。',

  // Login (SPEC §8)
  popupBlocked: 'ポップアップがブロックされました。ブラウザの設定をご確認ください。',

  // Ads and quizzes (SPEC §8)
  alreadyWaiting: 'すでに広告ページを開いています。30秒経過後に再度お試しください。',
  adEnded: 'この広告の配信は終了しました。',
  adCapReached: 'この広告は配信上限に達したため、クイズに挑戦できません。',
  // The ad's daily budget is used up until midnight Japan time.
  adDailyBudgetReached: 'この広告は本日の配信上限に達したため、本日はクイズに挑戦できません。',
  clickFailed: 'クリック処理中にエラーが発生しました。再度お試しください。',
  genericError: 'エラーが発生しました',
  quizIdMissing: 'クイズIDが見つかりません',
  quizNotFound: 'クイズが見つかりません',
  loadFailed: '読み込みに失敗しました',
  answerFailed: '回答処理に失敗しました。',
  chooseOneOption: '回答を1つ選択してください。',
  openAdFirst: 'クイズに挑戦するには、先に広告ページを開いてください。',
  waitBeforeAnswer: '広告ページを30秒以上見てから回答してください。',
  adAlreadyAnswered: 'この広告のクイズにはすでに回答済みです。',
  gachaAlreadyClaimed: '本日のガチャはすでに引きました。また明日お試しください。',

  // Gifts (SPEC §8)
  giftNeedsPhone: 'ポイント交換には電話番号認証が必要です。',
  giftRequestFailed: '申請に失敗しました。',
  exchangeHistoryEmpty: '交換履歴はまだありません。',
  giftTypeUnavailable: '選択されたギフトは交換できません。',
  giftAmountInvalid: '交換するポイント数が正しくありません。',
  giftRetry: '通信に失敗しました。電波の良い場所でもう一度お試しください。',
  giftCodeRequired: 'ギフトコードを入力してください。',
  giftAlreadySettled: 'この申請はすでに処理されています。',
  giftRequested: '交換を申請しました。ギフトコードは3営業日以内にお届けします。',
  adAlreadyReviewed: 'この広告はすでに審査済みです。',

  // SMS (SPEC §8)
  smsSendFailed: 'SMS の送信に失敗しました。番号が正しいか確認してください。',
  phoneNumberNotMobile: '携帯電話の番号（070・080・090 で始まる11桁）を入力してください。',
  smsVerifyFailed: '認証に失敗しました。認証コードが正しいかご確認ください。',
  smsCodeExpired: '認証コードの有効期限が切れています。もう一度コードを送信してください。',
  smsTooManyAttempts: '認証コードの入力回数が上限に達しました。もう一度コードを送信してください。',
  phoneInUse: 'この電話番号はすでに別のアカウントで認証されています。',
  phoneAlreadyVerified: '電話番号認証はすでに完了しています。',

  // Advertisers (SPEC §8)
  loginFailed: 'ログインに失敗しました。',
  userInfoNotFound: 'ユーザー情報が見つかりません。',
  notAdvertiser: '広告主アカウントではありません。',
  materialRequestFailed: '資料請求に失敗しました',
  materialRequestSent: '資料請求を受け付けました。ご入力のメールアドレスに資料をお送りしました。',
  billingAccessFailed: '請求データへのアクセスに失敗しました',
  passwordResetFailed: 'メールアドレスをご確認ください。',
  adCreateFailed: '広告の登録に失敗しました。',
  pricingUnavailable: '価格設定が取得できませんでした。',
  updateFailed: '更新に失敗しました',
  adStopFailed: '広告の停止に失敗しました',
  // Advertiser area (beyond SPEC §8; the SPEC strings above stay verbatim)
  displayNameRequired: '会社名または表示名を入力してください。',
  displayNameTooLong: '会社名または表示名は50文字以内で入力してください。',
  advertiserTermsRequired: '広告主利用規約に同意する必要があります。',
  passwordTooShort: 'パスワードは8文字以上で入力してください。',
  passwordTooLong: 'パスワードは128文字以内で入力してください。',
  passwordResetLinkInvalid:
    'パスワード再設定のリンクが無効か、有効期限が切れています。もう一度お手続きください。',
  passwordResetSent: 'パスワード再設定のご案内をメールでお送りしました。',
  passwordChanged: 'パスワードを変更しました。新しいパスワードでログインしてください。',
  advertiserEmailTaken:
    'このメールアドレスはすでに登録されています。ログインするか、別のメールアドレスをお使いください。',
  verificationMailSent: '確認メールをお送りしました。メール内のリンクを開いて登録を完了してください。',
  emailNotVerified: 'メールアドレスの確認が済んでいません。確認メールのリンクを開いてください。',
  cardRequired: '広告を作成するには、先にカードを登録してください。',
  cardSetupFailed: 'カードの登録に失敗しました。もう一度お試しください。',
  cardRegistered: 'カードを登録しました。',
  adSubmitted: '広告を登録しました。1〜2営業日以内に審査結果をメールでお知らせします。',
  adNotEditable: '下書きと、審査で却下された広告のみ修正できます。',
  adLimitRaised: '配信上限を更新しました。',
  adDeliveryEnded: '広告の配信を終了しました。',
  adAlreadyEnded: 'この広告の配信はすでに終了しています。',
  emailVerified: 'メールアドレスの確認が完了しました。広告主アカウントをご利用いただけます。',
  endDeliveryConfirm: 'この広告の配信を終了しますか？',
  verificationLinkInvalid: 'メールアドレス確認のリンクが無効か、有効期限が切れています。',
  mailSent: 'メール送信完了！',
  mailFailed: 'メール送信に失敗しました',

  // Accounts (SPEC §8)
  withdrawalFailed: '退会処理に失敗しました。時間をおいて再度お試しください。',
  reauthRequired: '本人確認のため、もう一度Googleでログインしてから退会してください。',
  forbidden: 'アクセス権限がありません',
  historyLoadFailed: '履歴の取得に失敗しました。',
  // The passbook's filters and paging (GET /api/points/history), beyond SPEC §8.
  historyKindInvalid: '表示する種類は「すべて」「獲得」「利用」から選んでください。',
  historyMonthInvalid: '表示する月の指定が正しくありません。',
  historyCursorInvalid: '続きの読み込み位置が正しくありません。最初から読み込み直してください。',
  profileSaveFailed: '変更に失敗しました。もう一度お試しください。',
  profileSaved: '変更を保存しました！',
  friendsNeedPhone: '友達紹介には電話番号認証が必要です。',

  // Daily quiz (SPEC §8)
  dailyQuizNotPublished: '本日のクイズはまだ公開されていません。',
  dailyQuizAlreadyAnswered: '本日のクイズにはすでに回答済みです。',
  dailyQuizCreated: 'クイズの登録が完了しました。',
  dailyQuizDateTaken: 'この日付のデイリークイズはすでに登録されています。',

  // Reward check (SPEC §8)
  rewardDataNotFound: '該当する回答データが見つかりません',
  fieldMissing: '(フィールドなし)',

  // Operator console (beyond SPEC §8)
  dailyQuizUpdated: 'クイズを更新しました。',
  dailyQuizLocked: 'すでに回答があるクイズは編集できません。',
  settingSaved: '設定を保存しました。',
  userSearchQueryRequired: 'メールアドレスまたはユーザーIDを入力してください。',
  userSearchQueryTooShort: 'メールアドレスの一部で検索するときは、3文字以上入力してください。',
  userSearchEmpty: '該当するユーザーが見つかりません。',
  suspensionReasonRequired: '理由を入力してください。',
  userSuspended: 'アカウントを停止しました。ログイン中のセッションはすべて終了しました。',
  userReinstated: 'アカウントの停止を解除しました。',
  adminNotSuspendable: '運営アカウントは停止できません。',

  // Notices: the admin's お知らせ and members' reading of them.
  noticeTitleRequired: 'タイトルを入力してください。',
  noticeTitleTooLong: 'タイトルは100文字以内で入力してください。',
  noticeBodyRequired: '本文を入力してください。',
  noticeBodyTooLong: '本文は2000文字以内で入力してください。',
  noticeStartsOnInvalid: '掲載開始日を正しく入力してください。',
  noticeEndsOnInvalid: '掲載終了日を正しく入力してください。',
  noticeWindowInvalid: '掲載終了日は掲載開始日と同じ日かそれ以降にしてください。',
  noticeNotFound: 'お知らせが見つかりません。',
  noticePosted: 'お知らせを掲載しました。',
  noticeUpdated: 'お知らせを更新しました。',
  noticesEmpty: 'お知らせはまだありません。',
  noticesCurrentEmpty: '掲載中のお知らせはありません。',
  noticesNoneUnread: '新しいお知らせはありません。',
  noticesPastEmpty: '過去のお知らせはありません。',

  // Generic HTTP-level errors
  signInRequired: 'ログインが必要です。',
  notFound: 'お探しのページが見つかりません。',
  badRequest: '入力内容に誤りがあります。',
  // Text the database cannot store: a NUL, half of a UTF-16 surrogate pair, broken %-encoding.
  invalidCharacters: '使用できない文字が含まれています。入力内容を確認してください。',
  bodyTooDeep: '送信されたデータの階層が深すぎます。',
  tooManyRequests: 'リクエストが多すぎます。しばらく時間をおいて再度お試しください。',
  serverError: 'サーバーでエラーが発生しました。時間をおいて再度お試しください。',
  unavailable: 'ただいまサービスを利用できません。時間をおいて再度お試しください。',

  insufficientPoints: 'ポイントが不足しています。',

  // Ledger memos (SPEC §9): what the point history shows for each entry. The hot-path SQL functions
  // write theirs from the migrations (apps/server/src/db/migrations.test.ts checks they match these).
  memoGain: 'ポイント獲得',
  memoUse: 'ポイント利用',
  memoSignupBonus: '会員登録ボーナス',
  memoReferralFriend: '友達紹介ボーナス（紹介された特典）',
  memoReferralReferrer: '友達紹介ボーナス',
  memoGiftRefund: 'ポイント交換の取り消し（返還）',
  memoWithdrawalForfeit: '退会によるポイント失効',
  memoGacha: 'デイリーガチャ',
  memoDailyQuiz: 'デイリークイズ',
  /** Followed by the ad's title. */
  memoAdQuizCorrect: 'クイズ正解：',
  /** Followed by the ad's title. */
  memoAdQuizAnswered: 'クイズ回答：',
  /** After the gift's label. */
  memoGiftExchange: 'への交換',

  // Gift request status (SPEC §4)
  giftStatusPending: '申請中',
  giftStatusIssued: '発行済み',
  giftStatusRejected: '却下',

  // Gacha overlay
  gachaRolling: '抽選中…',
  gachaRewardSuffix: 'Pt GET!!',
} as const;

export type MessageKey = keyof typeof messages;

/** Advertiser sign-in: wrong passwords for this account from this address; the wait grows with each. */
export const signInWaitMessage = (seconds: number) =>
  `ログインの失敗が続いたため、一時的にログインを制限しています。${
    seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分`
  }後に再度お試しください。`;

/** Development: the site was opened on the other loopback name than the one it is configured for. */
export const openSiteAt = (siteOrigin: string) =>
  `このアドレスではログインや送信ができません。${siteOrigin} を開いてください。`;

// How amounts read. Every amount people see — points and yen, in the browser and in mail — is
// written by these, so the passbook, the gift pages and the admin's screens agree: `1,000 Pt`,
// `+4,000 Pt`, `1,000円`. They sit in the catalogue (not a module of their own) because every page
// that shows an amount loads the catalogue already: a module of its own would be one more chunk
// that the app's first download must name for each of those pages (e2e/bundle-budget.e2e.ts).

// Whole numbers are grouped here: building Intl's number format costs a slow phone's main thread
// ~70 ms, which the member's home paid as its code started (docs/performance.md, "Signed-in pages").
// A fraction (a rate on a console) goes to Intl, made on its first use; messages.test.ts holds both
// to the same answer.
let groupedNumber: Intl.NumberFormat | undefined;

/** 1000 → '1,000', as Japanese readers group digits. */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) {
    // A negated zero (a month with no uses, shown negative) reads 0, not '-0'.
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  groupedNumber ??= new Intl.NumberFormat('ja-JP');
  return groupedNumber.format(value);
}

/** 1000 → '1,000 Pt'. */
export const formatPoints = (points: number) => `${formatNumber(points)} Pt`;

/** A ledger amount with its sign: 4000 → '+4,000 Pt', -1000 → '-1,000 Pt', 0 → '0 Pt'. */
export const formatSignedPoints = (points: number) => `${points > 0 ? '+' : ''}${formatPoints(points)}`;

/** 1000 → '1,000円'. */
export const formatYen = (yen: number) => `${formatNumber(yen)}円`;
