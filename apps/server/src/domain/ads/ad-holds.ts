import type { AdHold } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.ts';

/**
 * What holds an approved ad back from delivery (qp_ad_delivers in targeting.sql reads them): its
 * advertiser's pause, a failed payment, a suspension. Each
 * cause adds and lifts only its own hold, in the transaction of the cause, so lifting one never
 * resumes an ad another still holds.
 */

/** The ad holds `hold`. */
export const hasHold = (hold: AdHold): SQL => sql`${hold} = any(${ads.holds})`;

/** The ad's holds with `hold` added once (an UPDATE's value: adding it twice changes nothing). */
export const withHold = (hold: AdHold): SQL =>
  sql`case when ${hasHold(hold)} then ${ads.holds} else array_append(${ads.holds}, ${hold}::text) end`;

/** The ad's holds without `hold`. */
export const withoutHold = (hold: AdHold): SQL => sql`array_remove(${ads.holds}, ${hold}::text)`;
