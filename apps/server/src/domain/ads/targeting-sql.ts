import { type SQL, sql } from 'drizzle-orm';
import { ads } from '../../db/schema.ts';
import type { Viewer } from './viewer.ts';

/** SQL for "this ad targets this viewer": no box ticked means everyone (SPEC-NOTES Targeting). */
export function targetsViewer(viewer: Viewer): SQL {
  const noGender = sql`not (${ads.targetGender} @> '{"male":true}' or ${ads.targetGender} @> '{"female":true}' or ${ads.targetGender} @> '{"other":true}')`;
  const noAge = sql`not jsonb_path_exists(${ads.targetAgeRange}, '$.* ? (@ == true)')`;
  const genderMatch = viewer.gender ? sql`(${ads.targetGender} ->> ${viewer.gender})::boolean` : sql`false`;
  const ageMatch = viewer.ageBand ? sql`(${ads.targetAgeRange} ->> ${viewer.ageBand})::boolean` : sql`false`;
  return sql`((${noGender}) or ${genderMatch}) and ((${noAge}) or ${ageMatch})`;
}
