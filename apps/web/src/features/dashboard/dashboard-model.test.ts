import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activityText,
  actorName,
  deadlineLevel,
  formatAverage,
  insights,
  prioritySeries,
  projectDeadline,
  projectStatusSeries,
} from './dashboard-model.ts';
import { relativeAge } from '../../lib/relative-age.ts';
import { makeAudit, makeTrends, NOW } from '../../test/dashboard-test-kit.ts';

describe('project deadline badge', () => {
  it("is 'En retard' when the deadline is past and progress below 100", () => {
    expect(projectDeadline({ deadline: '2030-01-15T09:59:59.000Z', progress: 99 }, NOW)).toEqual({
      kind: 'overdue',
    });
  });

  it('counts calendar days otherwise (J-0 later today, J-3 on the 18th)', () => {
    expect(projectDeadline({ deadline: '2030-01-15T23:59:59.999Z', progress: 10 }, NOW)).toEqual({
      kind: 'days',
      days: 0,
    });
    expect(projectDeadline({ deadline: '2030-01-18T23:59:59.999Z', progress: 10 }, NOW)).toEqual({
      kind: 'days',
      days: 3,
    });
  });

  it('shows nothing for a finished project past its deadline or one without a deadline', () => {
    expect(projectDeadline({ deadline: '2030-01-01T00:00:00.000Z', progress: 100 }, NOW)).toBeNull();
    expect(projectDeadline({ deadline: null, progress: 0 }, NOW)).toBeNull();
  });
});

describe('upcoming deadline levels', () => {
  it.each([
    ['2030-01-15T09:00:00.000Z', 'overdue'],
    ['2030-01-15T18:00:00.000Z', 'soon'],
    ['2030-01-17T23:00:00.000Z', 'soon'],
    ['2030-01-18T08:00:00.000Z', 'near'],
    ['2030-01-20T23:00:00.000Z', 'near'],
    ['2030-01-21T08:00:00.000Z', 'later'],
  ] as const)('%s is %s', (deadline, level) => {
    expect(deadlineLevel(deadline, NOW)).toBe(level);
  });
});

describe('activity', () => {
  it("names the actor by name, else e-mail, else 'Système'", () => {
    expect(actorName({ id: '1', name: 'alice', email: 'a@x.test' })).toBe('alice');
    expect(actorName({ id: '1', name: null, email: 'a@x.test' })).toBe('a@x.test');
    expect(actorName({ id: null, name: ' ', email: null })).toBe('Système');
  });

  it('shows the details, or the action when there are none', () => {
    expect(activityText(makeAudit({ details: 'Projet créé' }))).toBe('Projet créé');
    expect(activityText(makeAudit({ details: '', type: 'task.deleted' }))).toBe('task.deleted');
  });

  it.each([
    ['2030-01-15T09:59:55.000Z', { amount: 5, unit: 's' }],
    ['2030-01-15T09:57:00.000Z', { amount: 3, unit: 'm' }],
    ['2030-01-15T07:00:00.000Z', { amount: 3, unit: 'h' }],
    ['2030-01-12T10:00:00.000Z', { amount: 3, unit: 'j' }],
  ])('an entry at %s is %o old', (at, age) => {
    expect(relativeAge(at, NOW)).toEqual(age);
  });
});

describe('insights', () => {
  it('averages each series over the period, with Retards and Réouvertes when present', () => {
    const cards = insights(makeTrends(), 7);
    expect(cards.map((card) => card.label)).toEqual([
      'Créations',
      'Terminées',
      'En revue',
      'Retards',
      'Réouvertes',
    ]);
    expect(cards[0]).toMatchObject({ total: 14, average: 2 });
    expect(formatAverage(cards[1]?.average ?? -1)).toBe('0,4');
  });

  it('writes an average exactly as Intl fr-FR does with one decimal (1,2 for 1.15; 1\u202f234,5)', () => {
    const intl = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const value of [0, 0.04, 0.05, 1.15, 1.45, 2.35, 10 / 3, 1234.5, 1_234_567.04]) {
      expect(formatAverage(value)).toBe(intl.format(value));
    }
    const totalOverDays = fc
      .tuple(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 366 }))
      .map(([total, days]) => total / days);
    fc.assert(
      fc.property(fc.oneof(totalOverDays, fc.double({ min: 0, max: 1e9, noNaN: true })), (value) => {
        expect(formatAverage(value)).toBe(intl.format(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves out the optional series when the answer lacks them', () => {
    const { overdue: _o, reopened: _r, ...core } = makeTrends();
    expect(insights(core, 14).map((card) => card.label)).toEqual(['Créations', 'Terminées', 'En revue']);
    expect(insights(core, 14)[0]?.average).toBe(1);
  });
});

describe('chart series', () => {
  it('maps project statuses to the dashboard labels (active, completed, on_hold, cancelled)', () => {
    expect(projectStatusSeries({ active: 3, on_hold: 1, completed: 2, cancelled: 4 })).toEqual({
      labels: ['En cours', 'Terminés', 'Non démarrés', 'En retard'],
      values: [3, 2, 1, 4],
    });
  });

  it('orders priorities Haute, Moyenne, Basse', () => {
    expect(prioritySeries({ high: 9, medium: 20, low: 12 })).toEqual({
      labels: ['Haute', 'Moyenne', 'Basse'],
      values: [9, 20, 12],
    });
  });
});
