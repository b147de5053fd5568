import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug somewhere: fail the test that caused it.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  vi.useRealTimers();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((call) => call.join(' ')).join('\n')}`);
});
