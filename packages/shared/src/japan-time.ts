import { JAPAN_TIME_ZONE } from './constants.ts';

const ymdFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: JAPAN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Japan-time calendar day of an instant as yyyymmdd (the daily-quiz key of SPEC §3). */
export function japanDateKey(at: Date): string {
  return ymdFormatter.format(at).replaceAll('-', '');
}

/** The Japan-time calendar day of an instant as yyyy-mm-dd. */
export function japanIsoDate(at: Date): string {
  return ymdFormatter.format(at);
}
