import { JAPAN_TIME_ZONE } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';

/** The zone as a SQL literal (a constant, so queries keep one text for the planner and `group by`). */
const zone = sql.raw(`'${JAPAN_TIME_ZONE}'`);

/** A timestamptz as Japan-time wall-clock time (a timestamp without zone). */
export const inJapan = (at: SQL): SQL => sql`(${at} at time zone ${zone})`;

/** The Japan-time calendar day of a timestamptz, as yyyy-mm-dd text. */
export const japanDate = (at: SQL): SQL => sql`to_char(${inJapan(at)}, 'YYYY-MM-DD')`;

/** The Japan-time calendar month of a timestamptz, as yyyy-mm text. */
export const japanMonth = (at: SQL): SQL => sql`to_char(${inJapan(at)}, 'YYYY-MM')`;
