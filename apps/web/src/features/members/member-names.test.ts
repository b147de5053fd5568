import { describe, expect, it } from 'vitest';
import type { Member } from '@jalon/contract';
import { assigneeChoices, assigneeDisplay, initialsOf } from './member-names.ts';

const member = (overrides: Partial<Member>): Member => ({
  id: 'm1',
  username: 'Camille Durand',
  role: 'member',
  active: true,
  ...overrides,
});
const camille = member({});
const gone = member({ id: 'm2', username: 'bruno.parti', active: false });
const anna = member({ id: 'm3', username: 'Anna' });

describe('initialsOf', () => {
  it('takes the first letters of the first and last words, upper-cased', () => {
    expect(initialsOf('Camille Durand')).toBe('CD');
    expect(initialsOf('jean-pierre de la fontaine')).toBe('JF');
    expect(initialsOf('bruno.parti')).toBe('BP');
    expect(initialsOf('élodie')).toBe('É');
    expect(initialsOf('   ')).toBe('?');
  });
});

describe('assigneeDisplay', () => {
  it('tells nobody, not yet loaded, unknown, an active member and a deactivated one apart', () => {
    expect(assigneeDisplay(null, [camille])).toEqual({ kind: 'none' });
    expect(assigneeDisplay('m1', undefined)).toEqual({ kind: 'loading' });
    expect(assigneeDisplay('zz', [camille])).toEqual({ kind: 'unknown' });
    expect(assigneeDisplay('m1', [camille, gone])).toEqual({
      kind: 'member',
      name: 'Camille Durand',
      initials: 'CD',
      deactivated: false,
    });
    expect(assigneeDisplay('m2', [camille, gone])).toEqual({
      kind: 'member',
      name: 'bruno.parti',
      initials: 'BP',
      deactivated: true,
    });
  });
});

describe('assigneeChoices', () => {
  it('offers the active members, and keeps a deactivated current assignee so an edit does not drop them', () => {
    expect(assigneeChoices([anna, gone, camille], null).map((m) => m.id)).toEqual(['m3', 'm1']);
    expect(assigneeChoices([anna, gone, camille], 'm2').map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
  });
});
