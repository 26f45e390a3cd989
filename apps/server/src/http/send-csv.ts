import type { FastifyReply } from 'fastify';

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but attr-char does not. */
const extValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Sends a CSV file as a download (RFC 6266): `filename` for the older clients (ASCII only) and
 * `filename*=UTF-8''…` with the Japanese name, which browsers prefer. Never cached: it is someone's
 * own figures.
 */
export function sendCsv(reply: FastifyReply, file: { csv: string; filename: string; asciiFilename: string }) {
  const ascii = file.asciiFilename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(file.csv);
}
