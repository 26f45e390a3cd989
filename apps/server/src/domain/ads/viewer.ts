import { type AgeBand, ageBandOf, ageOn, type Gender } from '@quiz-points/shared';
import type { UserRow } from '../user-row.ts';

export interface Viewer {
  id: string;
  emailHash: string;
  gender: Gender | null;
  ageBand: AgeBand | null;
}

/** Who is looking, for targeting: gender and the age band on the viewing day (Japan time). */
export function viewerOf(user: UserRow, now: Date): Viewer {
  return {
    id: user.id,
    emailHash: user.emailHash,
    gender: user.gender,
    ageBand: user.birthDate ? ageBandOf(ageOn(user.birthDate, now)) : null,
  };
}
