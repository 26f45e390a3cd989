import type { AgeBand } from './constants.ts';
import { japanIsoDate } from './japan-time.ts';

/** Whole years from a yyyy-mm-dd birth date to the Japan-time calendar day of `at`. */
export function ageOn(birthDate: string, at: Date): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = japanIsoDate(at).split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** SPEC §9 age groups: 10s means under 20, 60s means 60 and over. */
export function ageBandOf(age: number): AgeBand {
  if (age < 20) return '10s';
  if (age >= 60) return '60s';
  return `${Math.floor(age / 10)}0s` as AgeBand;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** SPEC §5: 100 years, starting 17 years before the current year, newest first. */
export function birthYearOptions(currentYear: number): number[] {
  return Array.from({ length: 100 }, (_, i) => currentYear - 17 - i);
}
