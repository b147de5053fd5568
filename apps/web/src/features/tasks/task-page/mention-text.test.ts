import { describe, expect, it } from 'vitest';
import type { Member } from '@jalon/contract';
import { insertMention, mentionChoices, mentionQueryAt, showMentions } from './mention-text.ts';

const member = (id: string, username: string, active = true): Member => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  username,
  role: 'member',
  active,
});
const elodie = member('1', 'Élodie Martin');
const eric = member('2', 'Éric');
const gone = member('3', 'Gaston', false);
const members = [eric, gone, elodie, member('4', 'Zoé')];

describe('mentions in the composer', () => {
  it('finds the @ being typed before the caret, not one in an e-mail address or after a space', () => {
    expect(mentionQueryAt('Bonjour @elo', 12)).toEqual({ start: 8, query: 'elo' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('(@er', 4)).toEqual({ start: 1, query: 'er' });
    expect(mentionQueryAt('a@b.fr', 6)).toBeNull();
    expect(mentionQueryAt('@elo dit', 8)).toBeNull();
    expect(mentionQueryAt('@elo dit', 4)).toEqual({ start: 0, query: 'elo' });
  });

  it('offers active members only, accents and case folded, by name', () => {
    expect(mentionChoices(members, 'e').map((choice) => choice.username)).toEqual([
      'Élodie Martin',
      'Éric',
      'Zoé',
    ]);
    expect(mentionChoices(members, 'ELOD').map((choice) => choice.username)).toEqual(['Élodie Martin']);
    expect(mentionChoices(members, 'gast')).toEqual([]);
  });

  it('puts the mention where the @ was typed, the caret after it', () => {
    const typed = 'Merci @eli pour la relecture';
    expect(insertMention(typed, { start: 6, query: 'eli' }, elodie.id)).toEqual({
      text: `Merci <@${elodie.id}>  pour la relecture`,
      caret: 6 + `<@${elodie.id}> `.length,
    });
  });
});

describe('mentions in the thread', () => {
  it('names members as they are called now, says when one is deactivated, leaves an unknown id as text', () => {
    const unknown = '<@6f1c1e4e-0000-4000-8000-000000000000>';
    expect(showMentions(`<@${elodie.id}> et <@${gone.id}> et ${unknown}`, members)).toBe(
      `@Élodie Martin et @Gaston (désactivé) et ${unknown}`,
    );
  });

  it('escapes a name so that it is never read as Markdown', () => {
    expect(showMentions(`<@${eric.id}>`, [{ ...eric, username: '*Éric* [x](javascript:1)' }])).toBe(
      '@\\*Éric\\* \\[x\\]\\(javascript:1\\)',
    );
  });
});
