import { type AdSchedule, japanDayStart, japanIsoDate } from '@quiz-points/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The delivery window as ads stores it: a start date is 00:00 Japan time of that day, an end
 * date the first instant after that day (00:00 of the next, excluded). Open ends stay null.
 */
export function windowInstants({ startDate, endDate }: AdSchedule) {
  return {
    startsAt: startDate ? japanDayStart(startDate) : null,
    endsAt: endDate ? new Date(japanDayStart(endDate).getTime() + DAY_MS) : null,
  };
}

/** The stored window as the Japan-time days the advertiser chose, both included. */
export function windowDates(ad: { startsAt: Date | null; endsAt: Date | null }) {
  return {
    startDate: ad.startsAt ? japanIsoDate(ad.startsAt) : null,
    endDate: ad.endsAt ? japanIsoDate(new Date(ad.endsAt.getTime() - DAY_MS)) : null,
  };
}
