import { describe, expect, it } from 'vitest';
import { followCreatedProject } from './project-options.ts';

const uuid = '3dea6771-0705-40ab-8f85-f025aa8f43b5';

describe('followCreatedProject', () => {
  it('keeps a choice that is still listed, made on this device or not', () => {
    expect(followCreatedProject(`tmp-${uuid}`, [{ id: `tmp-${uuid}` }])).toBe(`tmp-${uuid}`);
    expect(followCreatedProject(uuid, [{ id: uuid }])).toBe(uuid);
    expect(followCreatedProject('', [{ id: uuid }])).toBe('');
  });

  it('follows a project made on this device to the id the server created it under', () => {
    expect(followCreatedProject(`tmp-${uuid}`, [{ id: 'other' }, { id: uuid }])).toBe(uuid);
  });

  it('leaves a choice that matches nothing as it is, for the form to refuse', () => {
    expect(followCreatedProject(`tmp-${uuid}`, [{ id: 'other' }])).toBe(`tmp-${uuid}`);
    expect(followCreatedProject('gone', [{ id: 'other' }])).toBe('gone');
  });
});
