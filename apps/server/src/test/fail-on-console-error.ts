import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug: it fails the test that caused it.
const calls: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args);
});
afterEach(() => {
  if (calls.length === 0) return;
  const logged = calls.splice(0).map((args) => args.map(String).join(' '));
  throw new Error(`console.error was called:\n${logged.join('\n')}`);
});
