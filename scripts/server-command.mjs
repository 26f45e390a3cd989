/**
 * How the production server is started, wherever it is: the Dockerfile's CMD, the systemd unit,
 * `npm start` and the benches that measure it (production-start.reliability.ts checks they agree).
 *
 * `--max-semi-space-size=16`: Node 24's V8 sizes the young generation by the machine's memory, up to
 * 64 MB a semi-space on a large host, where Node 20 stopped at 16 MB. The server then held 307 MB
 * when ready and 343 MB at the bench's peak, against 190 MB and 211 MB with 16 MB, at the same
 * throughput within the bench's noise (decision 041).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

export const SERVER_ENTRY = 'apps/server/dist/main.js';
