// The choices of a member's optional profile (SPEC §5 Signup and Account). A module of their own: the
// browser's first page needs the constants beside them, and the profile forms load these later.

export const occupations = [
  '会社役員',
  '会社員',
  '公務員',
  '自営業',
  '学生',
  '主婦・主夫',
  'アルバイト',
  '無職',
] as const;

export const annualIncomes = ['〜300万円', '300万円〜', '500万円〜', '700万円〜', '1000万円〜'] as const;

export const maritalStatuses = ['single', 'divorced', 'married'] as const;

/**
 * The 47 prefectures, in JIS code order, as the member profile stores them: the zip-code dataset's
 * own names (東京都, 北海道, 大阪府, …), which the profile takes from the zip-code lookup.
 */
export const prefectures = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;

export type Prefecture = (typeof prefectures)[number];
export type Occupation = (typeof occupations)[number];
export type AnnualIncome = (typeof annualIncomes)[number];
export type MaritalStatus = (typeof maritalStatuses)[number];

/** The eight regions, each a run of prefectures in code order (for choosing many at once). */
export const prefectureRegions: readonly { name: string; prefectures: readonly Prefecture[] }[] = [
  { name: '北海道', prefectures: ['北海道'] },
  { name: '東北', prefectures: ['青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県'] },
  {
    name: '関東',
    prefectures: ['茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県'],
  },
  {
    name: '中部',
    prefectures: ['新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県'],
  },
  { name: '近畿', prefectures: ['三重県', '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県'] },
  { name: '中国', prefectures: ['鳥取県', '島根県', '岡山県', '広島県', '山口県'] },
  { name: '四国', prefectures: ['徳島県', '香川県', '愛媛県', '高知県'] },
  {
    name: '九州・沖縄',
    prefectures: ['福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県'],
  },
];
