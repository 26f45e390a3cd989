const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function japanParts(iso: string) {
  const map = Object.fromEntries(parts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return map as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** SPEC §9 point history: 'yyyy/MM/dd HH:mm:ss' (Japan time). */
export function formatPassbookTime(iso: string): string {
  const p = japanParts(iso);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** SPEC §9 exchange history: 'yyyy年MM月dd日 HH時mm分' (Japan time). */
export function formatExchangeTime(iso: string): string {
  const p = japanParts(iso);
  return `${p.year}年${p.month}月${p.day}日 ${p.hour}時${p.minute}分`;
}
