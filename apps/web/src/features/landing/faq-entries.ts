import { AD_WAIT_SECONDS, GIFT_MINIMUM_POINTS, MINIMUM_AGE } from '@quiz-points/shared';

/**
 * 1000 → "1,000", as toLocaleString('ja-JP') writes it, without the first use of Intl's number
 * formatting, which costs the landing page a long task while its app starts (docs/performance.md).
 */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',');

/** The landing page FAQ: fourteen entries written from the rules of SPEC §2, §6 and §9. */
export const faqEntries: { question: string; answer: string }[] = [
  {
    question: 'クイズポイントとはどんなサービスですか？',
    answer:
      '広告主のページを見て、その内容に関するクイズに1問答えるとポイントがもらえるサービスです。たまったポイントはギフトカードに交換できます。',
  },
  {
    question: '利用料はかかりますか？',
    answer: '会員登録もポイント交換も無料です。交換手数料もかかりません。',
  },
  {
    question: '誰でも利用できますか？',
    answer: `${MINIMUM_AGE}歳以上の方がご利用いただけます。ログインにはGoogleアカウントが必要です。`,
  },
  {
    question: 'ポイントはどうやってためますか？',
    answer: `広告一覧から広告を選ぶと、広告ページが新しいタブで開きます。${AD_WAIT_SECONDS}秒以上ページを見たあと、元のタブに戻ってクイズに答えるとポイントがもらえます。毎日のガチャやデイリークイズでもポイントがたまります。`,
  },
  {
    question: 'なぜ30秒待つ必要があるのですか？',
    answer: `広告の内容をしっかり見ていただくためです。広告ページを開いてから${AD_WAIT_SECONDS}秒たつまでクイズには回答できません。`,
  },
  {
    question: 'クイズは何回でも挑戦できますか？',
    answer: '1つの広告につき回答は1回だけです。回答後にやり直すことはできません。',
  },
  {
    question: '不正解でもポイントはもらえますか？',
    answer:
      '正解すると広告ごとのポイントが満額もらえます。不正解でも少しだけ（報酬の約1割）ポイントがもらえます。',
  },
  {
    question: '複数の広告を同時に開けますか？',
    answer: '同時に待機できる広告は1つだけです。30秒たってから次の広告を開いてください。',
  },
  {
    question: 'ポイントはいくらから交換できますか？',
    answer: `1ポイント＝1円として、${thousands(GIFT_MINIMUM_POINTS)}ポイントからAmazonギフトカードに交換できます。ポイントに有効期限はありません。`,
  },
  {
    question: 'ギフトカードはいつ届きますか？',
    answer:
      '交換を申請してから3営業日以内に、ギフトコードをメールでお送りします。交換履歴の画面でも確認できます。',
  },
  {
    question: '電話番号の認証は必要ですか？',
    answer:
      'ポイント交換と友達紹介には、SMSによる電話番号認証が必要です。1つの電話番号で認証できるアカウントは1つだけです。',
  },
  {
    question: '友達紹介の特典はありますか？',
    answer:
      '紹介リンクから登録したお友達が電話番号認証を完了すると、お友達とあなたにそれぞれ50ポイントを差し上げます。同一人物による登録や、過去に退会したメールアドレスでの登録は対象外です。',
  },
  {
    question: '退会するとポイントはどうなりますか？',
    answer:
      '退会すると、未交換のポイントはすべて失効し、払い戻しはできません。退会はアカウント画面から手続きできます。',
  },
  {
    question: '不正をするとどうなりますか？',
    answer:
      '複数アカウントの作成や自動ツールの利用など、不正が確認された場合はポイントを没収し、アカウントを停止します。',
  },
];
