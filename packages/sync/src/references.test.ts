import { describe, expect, it } from 'vitest';
import { namesEntity, renameInFields } from './references.ts';

const LABEL = '0b6c9d1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e';
const OTHER = '1c7d0e2f-3a4b-4c5d-9e8f-0a1b2c3d4e5f';

describe('references to an entity in fields', () => {
  it('finds an id in a list of ids (a task’s labels), in either spelling', () => {
    expect(namesEntity({ labels: [OTHER, `tmp-${LABEL}`] }, LABEL)).toBe(true);
    expect(namesEntity({ labels: [OTHER] }, `tmp-${LABEL}`)).toBe(false);
  });

  it('renames a tmp- id inside a list as in a single field, and leaves other fields as they are', () => {
    const fields = { labels: [OTHER, `tmp-${LABEL}`], project: `tmp-${LABEL}`, title: 'Stand' };
    expect(renameInFields(fields, `tmp-${LABEL}`, LABEL)).toEqual({
      labels: [OTHER, LABEL],
      project: LABEL,
      title: 'Stand',
    });
    const untouched = { labels: [OTHER] };
    expect(renameInFields(untouched, `tmp-${LABEL}`, LABEL)).toBe(untouched);
  });
});
