import { formatNumber, formatPoints, formatYen, type SettingKey } from '@quiz-points/shared';

/**
 * How the admin reads a settings change (the history, and the confirmation before saving): one
 * Japanese line per thing that changed, e.g. 基本料金: 20円 → 25円. The labels are the admin
 * console's own words, kept here rather than in the shared catalogue.
 */

export const settingTitles: Record<SettingKey, string> = {
  pricing: '価格設定',
  gachaTable: 'ガチャの賞品',
  dailyQuizPoints: 'デイリークイズのポイント',
  giftTypes: 'ギフトの種類',
};

/** A setting's title; a key this build does not know (an older or newer setting) keeps its name. */
export const settingTitle = (key: string) => settingTitles[key as SettingKey] ?? `設定「${key}」`;

type Field = { label: string; format: (value: number) => string };
const numberFields: Partial<Record<SettingKey, Record<string, Field>>> = {
  pricing: {
    userReward: { label: 'ユーザー報酬', format: formatYen },
    baseFee: { label: '基本料金', format: formatYen },
    extraTargetingFee: { label: 'ターゲティング追加料金', format: formatYen },
  },
  dailyQuizPoints: {
    correct: { label: '正解のポイント', format: formatPoints },
    wrong: { label: '不正解のポイント', format: formatPoints },
  },
};

const NOT_SET = '（未設定）';
const arrow = (label: string, before: string, after: string) => `${label}: ${before} → ${after}`;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Any value as short text: numbers with separators, text as it is, anything else as JSON. */
function plain(value: unknown): string {
  if (value === undefined || value === null) return NOT_SET;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Field by field, in the known order then any other field, each shown with its label and unit. */
function fieldChanges(fields: Record<string, Field>, before: unknown, after: unknown): string[] {
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const names = [...new Set([...Object.keys(fields), ...Object.keys(old), ...Object.keys(now)])];
  return names
    .filter((name) => !same(old[name], now[name]))
    .map((name) => {
      const field = fields[name];
      const show = (value: unknown) =>
        typeof value === 'number' && field ? field.format(value) : plain(value);
      return arrow(field?.label ?? name, show(old[name]), show(now[name]));
    });
}

type GachaEntry = { points: number; weight: number };
const gachaList = (value: unknown) =>
  Array.isArray(value) && value.length > 0
    ? (value as GachaEntry[])
        .map((entry) => `${formatPoints(entry.points)}（重み${formatNumber(entry.weight)}）`)
        .join('、')
    : NOT_SET;

type GiftType = { id: string; label: string; amounts: number[] };
const giftList = (value: unknown): GiftType[] => (Array.isArray(value) ? (value as GiftType[]) : []);
const amountList = (amounts: number[]) => amounts.map(formatPoints).join('・');

function giftTypeChanges(before: unknown, after: unknown): string[] {
  const old = giftList(before);
  const now = giftList(after);
  const oldById = new Map(old.map((type) => [type.id, type]));
  const nowIds = new Set(now.map((type) => type.id));
  const lines: string[] = [];
  for (const type of now) {
    const was = oldById.get(type.id);
    if (!was) {
      lines.push(`ギフトを追加: ${type.label}（${amountList(type.amounts)}）`);
      continue;
    }
    if (was.label !== type.label) lines.push(arrow(`ギフト「${type.id}」の表示名`, was.label, type.label));
    if (!same(was.amounts, type.amounts))
      lines.push(arrow(`${type.label}の交換ポイント`, amountList(was.amounts), amountList(type.amounts)));
  }
  for (const type of old) if (!nowIds.has(type.id)) lines.push(`ギフトを削除: ${type.label}`);
  const order = (types: GiftType[]) => types.map((type) => type.label).join('、');
  const kept = (types: GiftType[]) => types.filter((type) => oldById.has(type.id) && nowIds.has(type.id));
  if (
    lines.length === 0 &&
    !same(
      kept(old).map((t) => t.id),
      kept(now).map((t) => t.id),
    )
  )
    lines.push(arrow('ギフトの並び順', order(old), order(now)));
  return lines;
}

export const NO_CHANGE = '変更なし';

/** What changed between two values of one setting, one line per change (NO_CHANGE when nothing did). */
export function describeSettingChange(key: string, before: unknown, after: unknown): string[] {
  const fields = numberFields[key as SettingKey];
  let lines: string[];
  if (fields) lines = fieldChanges(fields, before, after);
  else if (key === 'gachaTable')
    lines = same(before, after) ? [] : [arrow('賞品', gachaList(before), gachaList(after))];
  else if (key === 'giftTypes') lines = giftTypeChanges(before, after);
  else if (isRecord(before) || isRecord(after)) lines = fieldChanges({}, before, after);
  else lines = same(before, after) ? [] : [arrow('値', plain(before), plain(after))];
  return lines.length > 0 ? lines : [NO_CHANGE];
}
