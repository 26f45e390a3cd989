/**
 * The app's log lines kept in memory: give `destination` to the test app (`logDestination`), then read
 * `lines` as written, `entries` parsed, or the entries with one message.
 */
export function capturedLog() {
  const lines: string[] = [];
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    destination: { write: (line: string) => void lines.push(line) },
    lines,
    entries,
    loggedWith: (msg: string) => entries().filter((entry) => entry.msg === msg),
  };
}
