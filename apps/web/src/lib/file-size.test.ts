import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('writes sizes as French readers do, base 1024, with a no-break space before the unit', () => {
    expect(formatFileSize(0)).toBe('0\u00a0octet');
    expect(formatFileSize(1)).toBe('1\u00a0octet');
    expect(formatFileSize(512)).toBe('512\u00a0octets');
    expect(formatFileSize(1024)).toBe('1\u00a0Ko');
    expect(formatFileSize(1536)).toBe('1,5\u00a0Ko');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25\u00a0Mo');
    expect(formatFileSize(1_572_864)).toBe('1,5\u00a0Mo');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024\u00a0Ko');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3,3\u00a0Go');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048\u00a0Go');
  });
});
