import {
  type AdReportCsvTable,
  adReportMessages,
  coreMessages,
  type ErrorBody,
  pathOf,
} from '@quiz-points/shared';
import { ApiError } from '../../../lib/api.ts';

/** The Japanese file name the server gave (filename*=UTF-8''…), else its ASCII one. */
function fileNameOf(disposition: string, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Not decodable: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches one of the report's CSV files and hands it to the browser as a download, so a refusal
 * (a session that ended, a bad range) is said on the page instead of replacing it.
 */
export async function downloadAdReportCsv(
  adId: string,
  range: { from: string; to: string },
  table: AdReportCsvTable,
) {
  const search = new URLSearchParams({ ...range, table }).toString();
  let response: Response;
  try {
    response = await fetch(`${pathOf('/api/advertiser/ads/:adId/report.csv', { adId })}?${search}`, {
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(coreMessages.networkFailed, 0, 'NETWORK');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
    const message = body?.error?.message ?? adReportMessages.downloadFailed;
    throw new ApiError(message, response.status, body?.error?.code ?? 'UNKNOWN');
  }
  const file = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileNameOf(response.headers.get('content-disposition') ?? '', `ad-report-${table}.csv`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
