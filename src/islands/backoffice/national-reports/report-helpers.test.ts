import { describe, expect, it } from 'vitest';
import type { Completeness } from '../../../lib/questionnaires/schema.ts';
import { checkDraft, checkPdf } from './header-store.ts';
import { defaultCycleYear } from './list-store.ts';
import { daysUntil, deadlineText } from './report-format.tsx';
import { answersLockedMessage, reportActions } from './report-store.ts';

const complete: Completeness = {
  answered: 38,
  total: 38,
  compulsory_total: 13,
  compulsory_answered: 13,
  invalid: 0,
  pct: 100,
};

describe('national report list', () => {
  it('shows the open cycle by default, else the newest', () => {
    expect(
      defaultCycleYear([
        { year: 2030, status: 'draft' },
        { year: 2026, status: 'open' },
        { year: 2022, status: 'closed' },
      ]),
    ).toBe(2026);
    expect(defaultCycleYear([{ year: 2022, status: 'closed' }])).toBe(2022);
    expect(defaultCycleYear([])).toBeNull();
  });
});

describe('deadline', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('counts whole days, the deadline day included', () => {
    expect(daysUntil('2026-03-13', now)).toBe(12);
    expect(deadlineText('2026-03-13', now)).toBe('Closes in 12 days');
    expect(deadlineText('2026-03-02', now)).toBe('Closes tomorrow');
    expect(deadlineText('2026-03-01', now)).toBe('Closes today');
    expect(deadlineText('2026-02-27', now)).toBe('Closed on 27 Feb 2026');
  });
});

describe('what the data-entry screen offers', () => {
  it('lets the country answer an open report, and says why otherwise', () => {
    expect(
      answersLockedMessage({ status: 'in_progress', locked: false, lock_reason: null }, 'state_member'),
    ).toBeNull();
    expect(answersLockedMessage({ status: 'completed', locked: false, lock_reason: null }, 'state_member')).toMatch(
      /marked complete.*Reopen/,
    );
    expect(
      answersLockedMessage({ status: 'submitted', locked: true, lock_reason: 'submitted' }, 'state_admin'),
    ).toMatch(/submitted/);
    expect(
      answersLockedMessage({ status: 'in_progress', locked: true, lock_reason: 'cycle_closed' }, 'state_member'),
    ).toMatch(/period has ended/);
    expect(answersLockedMessage({ status: 'in_progress', locked: false, lock_reason: null }, 'admin')).toMatch(
      /you can read them/,
    );
  });

  it('shows Mark complete with the reason while required questions are missing', () => {
    const missing = { ...complete, compulsory_answered: 10 };
    expect(reportActions({ status: 'in_progress', lock_reason: null, completeness: missing }, 'state_member')).toEqual({
      actions: ['complete'],
      completeBlocked: '3 required questions are still unanswered.',
    });
    expect(reportActions({ status: 'in_progress', lock_reason: null, completeness: complete }, 'state_member')).toEqual(
      { actions: ['complete'], completeBlocked: null },
    );
    expect(
      reportActions({ status: 'completed', lock_reason: null, completeness: complete }, 'state_member').actions,
    ).toEqual(['reopen']);
    expect(
      reportActions({ status: 'submitted', lock_reason: 'submitted', completeness: complete }, 'admin').actions.sort(),
    ).toEqual(['accept', 'return', 'unlock']);
    expect(
      reportActions({ status: 'published', lock_reason: 'published', completeness: complete }, 'state_member').actions,
    ).toEqual([]);
  });
});

describe('report details and the signed PDF', () => {
  it('asks for a name and an email once any contact field is filled', () => {
    const empty = {
      title: '',
      executive_summary: '',
      contact_name: '',
      contact_email: '',
      contact_phone: '',
      written_in: '',
    };
    expect(checkDraft(empty)).toEqual({});
    expect(Object.keys(checkDraft({ ...empty, contact_phone: '+63 2 123' })).sort()).toEqual([
      'contact_email',
      'contact_name',
    ]);
    expect(checkDraft({ ...empty, contact_name: 'Maria Santos', contact_email: 'maria@dhsud.gov.ph' })).toEqual({});
  });

  it('refuses files that are not a PDF, empty or too large, before sending', () => {
    expect(checkPdf({ name: 'report.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkPdf({ name: 'report.docx', type: 'application/msword', size: 1000 })).toMatch(/not a PDF/);
    expect(checkPdf({ name: 'report.pdf', type: 'application/pdf', size: 0 })).toMatch(/empty/);
    expect(checkPdf({ name: 'report.pdf', type: 'application/pdf', size: 21 * 1024 * 1024 })).toMatch(/at most 20 MB/);
  });
});
