import { describe, expect, it } from 'vitest';
import { followCreatedId } from './created-id.ts';

const uuid = '3dea6771-0705-40ab-8f85-f025aa8f43b5';

describe('followCreatedId', () => {
  it('keeps a choice that is still listed, made on this device or not', () => {
    expect(followCreatedId(`tmp-${uuid}`, [{ id: `tmp-${uuid}` }])).toBe(`tmp-${uuid}`);
    expect(followCreatedId(uuid, [{ id: uuid }])).toBe(uuid);
    expect(followCreatedId('', [{ id: uuid }])).toBe('');
  });

  it('follows a row made on this device to the id the server created it under', () => {
    expect(followCreatedId(`tmp-${uuid}`, [{ id: 'other' }, { id: uuid }])).toBe(uuid);
  });

  it('leaves a choice that matches nothing as it is, for the form to refuse', () => {
    expect(followCreatedId(`tmp-${uuid}`, [{ id: 'other' }])).toBe(`tmp-${uuid}`);
    expect(followCreatedId('gone', [{ id: 'other' }])).toBe('gone');
  });
});
