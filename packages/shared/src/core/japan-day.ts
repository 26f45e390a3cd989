import { z } from 'zod';
import './zod-config.ts';

/**
 * The Japan-time days a request may name. A day's first instant is computed (japanDayStart, in UTC
 * nine hours earlier) and sent to the database: 0001-01-01 starts in a year PostgreSQL has not
 * (1 BC), and a range ending 9999-12-31 runs into a five-digit year, each a 500 deep in a query. The
 * product's days all fall in this century, as an ad's delivery window always has.
 */
export const JAPAN_DAY_FIRST = '2000-01-01';
export const JAPAN_DAY_LAST = '2099-12-31';

/**
 * A Japan-time calendar day, yyyy-mm-dd, from JAPAN_DAY_FIRST to JAPAN_DAY_LAST: every date field of
 * a request is built from this. zod's ISO date also refuses days no calendar has (2026-02-30).
 * `outOfRange` (the `invalid` message unless given) says a real day outside those years.
 */
export const japanDay = ({ invalid, outOfRange = invalid }: { invalid: string; outOfRange?: string }) =>
  z.iso
    .date({ error: invalid })
    .refine((day) => day >= JAPAN_DAY_FIRST && day <= JAPAN_DAY_LAST, { error: outOfRange });
