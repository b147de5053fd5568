import { describe, expect, it } from 'vitest';
import { nextStatus } from './next-status.ts';

describe('nextStatus', () => {
  it('moves a task along the board, and from done back to the start', () => {
    expect(nextStatus('todo')).toBe('in_progress');
    expect(nextStatus('in_progress')).toBe('in_review');
    expect(nextStatus('in_review')).toBe('done');
    expect(nextStatus('done')).toBe('todo');
  });
});
