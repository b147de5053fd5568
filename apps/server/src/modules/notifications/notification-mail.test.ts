import { describe, expect, it } from 'vitest';
import { dueDay, notificationLine, type MailedNotification } from './notification-mail.ts';

// A reminder's mail says 'demain' only when the deadline is tomorrow where the server is, as the inbox does
// on the device: a deadline at 18:00 reminded of at 09:00 the same day is 'proche'.

const reminder = (due: MailedNotification['due']): MailedNotification => ({
  type: 'due_soon',
  taskId: '6f1c2a52-8d0f-4a51-9a55-0c1bd2f5f6a1',
  title: 'Imprimer les kakémonos',
  actor: null,
  comment: null,
  due,
});

describe('a reminder mail', () => {
  const morning = new Date(2026, 10, 28, 9, 0);

  it('says tomorrow for a deadline on the next day, and sooner for one later today', () => {
    expect(dueDay(new Date(2026, 10, 29, 8, 30), morning)).toBe('tomorrow');
    expect(dueDay(new Date(2026, 10, 28, 18, 0), morning)).toBe('sooner');
    // Across a month's end.
    expect(dueDay(new Date(2026, 11, 1, 8, 0), new Date(2026, 10, 30, 20, 0))).toBe('tomorrow');
  });

  it('is worded from it', () => {
    expect(notificationLine(reminder('tomorrow'))).toBe('Échéance demain : « Imprimer les kakémonos »');
    expect(notificationLine(reminder('sooner'))).toBe('Échéance proche : « Imprimer les kakémonos »');
  });
});
