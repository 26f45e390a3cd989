import { adReportMessages } from '@quiz-points/shared';

/**
 * Queries that every range of days is refused for, each with its message: the ad report and its CSV,
 * the advertiser's dashboard and the admin's read their `from` and `to` by one rule (dayRangeCheck).
 */
export const dayRangeRefusals: readonly (readonly [query: string, message: string])[] = [
  ['from=2026-11-01', adReportMessages.bothNeeded],
  ['from=2026-11-05&to=2026-11-01', adReportMessages.fromAfterTo],
  ['from=2027-01-01&to=2028-01-02', adReportMessages.tooLong],
  ['from=2026-02-30&to=2026-03-01', adReportMessages.fromInvalid],
  ['from=2026-02-01&to=2026/03/01', adReportMessages.toInvalid],
];
