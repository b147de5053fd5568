import { describe, expect, it } from 'vitest';
import { foldText, matchesQuery } from './fold-text.ts';

describe('accent- and case-insensitive matching', () => {
  it('folds accents, case and spaces', () => {
    expect(foldText('  Échéance   PROCHE ')).toBe('echeance proche');
    expect(foldText('Ça crée « œuvre »')).toBe('ca cree « œuvre »');
  });

  it('finds every word of the query, in any order', () => {
    expect(matchesQuery('Échéance proche', 'echeance proche')).toBe(true);
    expect(matchesQuery('Échéance proche', 'PROCHE éch')).toBe(true);
    expect(matchesQuery('Échéance proche', 'echeance lointaine')).toBe(false);
    expect(matchesQuery('Tout', '   ')).toBe(true);
  });
});
