import { describe, expect, it } from 'vitest';
import { initialChoices, mergedData, valueFromText } from './merge-choice.ts';

describe('a merge chosen field by field', () => {
  const mine = { title: 'Moi', progress: 40, description: 'Ma note' };
  const server = { title: 'Serveur', progress: 60, description: 'Sa note', status: 'done' };

  it('starts from the person’s own values', () => {
    expect(initialChoices(['title', 'progress'], mine)).toEqual({
      title: { pick: 'mine', text: 'Moi' },
      progress: { pick: 'mine', text: '40' },
    });
  });

  it('keeps, for each clashing field, the value chosen; the other fields of the edit stay as they were', () => {
    expect(
      mergedData(mine, server, {
        title: { pick: 'server', text: '' },
        progress: { pick: 'other', text: '50' },
      }),
    ).toEqual({ title: 'Serveur', progress: 50, description: 'Ma note' });
  });

  it('reads a typed value as the field’s kind', () => {
    expect(valueFromText('12,5', 10, 20)).toBe(12.5);
    expect(valueFromText('', null, '2026-12-01T00:00:00.000Z')).toBeNull();
    expect(valueFromText(' Les deux ', 'a', 'b')).toBe(' Les deux ');
  });
});
