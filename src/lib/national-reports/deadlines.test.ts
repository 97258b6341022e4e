import { describe, expect, test } from 'vitest';
import { daysLeft, dueLabel, dueReminderOffset, OVERDUE_OFFSET, reportDueLabel } from './deadlines.ts';

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

describe('days left to a due date', () => {
  test('counts calendar days in UTC: 0 on the day, negative once passed', () => {
    expect(daysLeft('2026-12-18', noon('2026-12-06'))).toBe(12);
    expect(daysLeft('2026-12-18', new Date('2026-12-17T23:59:59Z'))).toBe(1);
    expect(daysLeft('2026-12-18', new Date('2026-12-18T00:00:00Z'))).toBe(0);
    expect(daysLeft('2026-12-18', new Date('2026-12-18T23:59:59Z'))).toBe(0);
    expect(daysLeft('2026-12-18', noon('2026-12-21'))).toBe(-3);
    // Across a month and a year.
    expect(daysLeft('2027-01-02', noon('2026-12-30'))).toBe(3);
  });

  test('is said with the right plural', () => {
    expect([12, 2, 1, 0, -1, -3].map(dueLabel)).toEqual([
      'Due in 12 days',
      'Due in 2 days',
      'Due tomorrow',
      'Due today',
      'Overdue by 1 day',
      'Overdue by 3 days',
    ]);
  });

  test('nothing is due once a report is submitted', () => {
    const now = noon('2026-12-21');
    expect(reportDueLabel({ status: 'in_progress', deadline: '2026-12-18' }, now)).toBe('Overdue by 3 days');
    expect(reportDueLabel({ status: 'completed', deadline: '2026-12-18' }, now)).toBe('Overdue by 3 days');
    for (const status of ['submitted', 'accepted', 'published'] as const)
      expect(reportDueLabel({ status, deadline: '2026-12-18' }, now)).toBeNull();
  });
});

describe('the reminder due', () => {
  test('the nearest configured day reached, none before the first, one overdue after the date', () => {
    const days = [14, 7, 1];
    expect(dueReminderOffset(days, 20)).toBeNull();
    expect(dueReminderOffset(days, 15)).toBeNull();
    expect(dueReminderOffset(days, 14)).toBe(14);
    expect(dueReminderOffset(days, 8)).toBe(14);
    expect(dueReminderOffset(days, 7)).toBe(7);
    // A server down for a week sends the reminder of now, not each one it missed.
    expect(dueReminderOffset(days, 2)).toBe(7);
    expect(dueReminderOffset(days, 1)).toBe(1);
    expect(dueReminderOffset(days, 0)).toBe(1);
    expect(dueReminderOffset(days, -1)).toBe(OVERDUE_OFFSET);
    expect(dueReminderOffset(days, -9)).toBe(OVERDUE_OFFSET);
    expect(dueReminderOffset([], 3)).toBeNull();
    expect(dueReminderOffset([0], 0)).toBe(0);
  });
});
