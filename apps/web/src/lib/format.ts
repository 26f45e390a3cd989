import { japanClock } from '@quiz-points/shared';

/** SPEC §9 point history: 'yyyy/MM/dd HH:mm:ss' (Japan time). */
export function formatPassbookTime(iso: string): string {
  const p = japanClock(new Date(iso));
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** SPEC §9 exchange history: 'yyyy年MM月dd日 HH時mm分' (Japan time). */
export function formatExchangeTime(iso: string): string {
  const p = japanClock(new Date(iso));
  return `${p.year}年${p.month}月${p.day}日 ${p.hour}時${p.minute}分`;
}
