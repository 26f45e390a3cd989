import { DomainError } from '@quiz-points/shared';

/**
 * An ad's image may change only where its text may (SPEC §4): a draft, or a rejected ad
 * before it is submitted again. An ad in review or approved is refused, as a text edit is: what
 * the admin approved is what members see, and any change goes through review again by resubmission.
 */
export function assertImageEditable(ad: { status: string }) {
  if (ad.status !== 'draft' && ad.status !== 'rejected') throw new DomainError('AD_NOT_EDITABLE');
}
