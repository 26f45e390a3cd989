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

/** A Japan-time day as the pages show it: '2026-11-23' → '2026/11/23'. */
export const formatDay = (isoDay: string) => isoDay.replaceAll('-', '/');

/** A notice's window: one day, or 'from〜to' (both days included). */
export const formatDayRange = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)}〜${formatDay(to)}`;
