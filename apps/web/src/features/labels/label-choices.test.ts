import type { Label } from '@jalon/contract';
import { describe, expect, it } from 'vitest';
import { findLabel, labelChoices, labelMap, nextLabelColor } from './label-choices.ts';

const label = (id: string, name: string): Label => ({ id, name, color: 'blue', version: 1, deletedAt: null });
const labels = [label('l1', 'Client'), label('l2', 'Écran'), label('tmp-l3', 'Urgent')];

describe('the label picker’s choices', () => {
  it('offers the labels not chosen yet whose name holds what is typed, case and accents ignored', () => {
    expect(labelChoices(labels, [], 'ecr').matches.map((item) => item.name)).toEqual(['Écran']);
    expect(labelChoices(labels, ['l1'], '').matches.map((item) => item.name)).toEqual(['Écran', 'Urgent']);
    // A label made offline is the same label under its server id.
    expect(labelChoices(labels, ['l3'], 'urg').matches).toEqual([]);
  });

  it('offers to create the typed name, trimmed, only when no label has it', () => {
    expect(labelChoices(labels, [], '  Devis ').create).toBe('Devis');
    expect(labelChoices(labels, [], 'ÉCRAN').create).toBeNull();
    expect(labelChoices(labels, [], '   ').create).toBeNull();
    expect(labelChoices(labels, [], 'x'.repeat(50)).create).toHaveLength(40);
  });

  it('finds a label by its id with or without tmp-, and colours new labels in turn', () => {
    const byId = labelMap(labels);
    expect(findLabel(byId, 'tmp-l1')?.name).toBe('Client');
    expect(findLabel(byId, 'l3')?.name).toBe('Urgent');
    expect(findLabel(byId, 'gone')).toBeUndefined();
    expect(nextLabelColor([])).toBe('gray');
    expect(nextLabelColor(labels)).toBe('yellow');
  });
});
