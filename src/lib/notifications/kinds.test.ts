import { describe, expect, test } from 'vitest';
import { emailsKind, kindOfEvent, kindsFor, NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from './kinds.ts';
import { notificationEmail, notificationText } from './messages.ts';
import { KIND_LABELS } from './texts.ts';

describe('notification kinds', () => {
  test('each kind comes from one event type, has a label and a text', () => {
    const events = NOTIFICATION_KIND_NAMES.map((kind) => NOTIFICATION_KINDS[kind].event);
    expect(new Set(events).size).toBe(events.length);
    for (const kind of NOTIFICATION_KIND_NAMES) {
      expect(kindOfEvent(NOTIFICATION_KINDS[kind].event)).toBe(kind);
      expect(KIND_LABELS[kind]).toMatch(/\S/);
      const text = notificationText(kind, {
        country: 'Philippines',
        year: 2026,
        practice: 'Esplanade',
        user: 'Ana',
        roles: 'state_member',
        due: '2026-12-18',
        daysLeft: 7,
      });
      expect(text.title).toMatch(/\S/);
      expect(text.body).toMatch(/\.$/);
    }
    expect(kindOfEvent('report.answers.saved')).toBeNull();
  });

  test('who can receive what: the secretariat, the countries, and everyone about their own account', () => {
    expect(kindsFor(['admin'])).toEqual([
      'report.submitted',
      'report.comment.replied',
      'practice.submitted',
      'contact.received',
      'site.build.failing',
      'mail.failed',
      'account.awaiting',
      'account.activated',
      'account.role.changed',
    ]);
    expect(kindsFor(['state_member'])).toEqual([
      'report.returned',
      'report.accepted',
      'report.published',
      'report.unlocked',
      'report.reminder',
      'report.commented',
      'practice.returned',
      'practice.published',
      'practice.commented',
      'account.activated',
      'account.role.changed',
    ]);
    expect(kindsFor([])).toEqual(['account.activated', 'account.role.changed']);
  });

  test(
    'email defaults: on for returns, decisions, submissions and activation; off for comments, contact messages ' +
      'and undeliverable mail; a choice wins',
    () => {
      expect(NOTIFICATION_KIND_NAMES.filter((kind) => !emailsKind(kind, {}))).toEqual([
        'report.commented',
        'report.comment.replied',
        'practice.commented',
        'contact.received',
        'mail.failed',
      ]);
      expect(emailsKind('practice.commented', { 'practice.commented': true })).toBe(true);
      expect(emailsKind('report.returned', { 'report.returned': false })).toBe(false);
    },
  );
});

describe('deadline reminders', () => {
  test('say how many days are left, or that the report is overdue, with the due date in words', () => {
    const of = (daysLeft: number) =>
      notificationText('report.reminder', { country: 'Philippines', year: 2026, due: '2026-12-18', daysLeft });
    expect(of(14)).toEqual({
      title: 'Report due in 14 days: Philippines 2026',
      body: 'The national report of Philippines for 2026 is due on 18 December 2026 and has not been submitted yet.',
    });
    expect(of(1).title).toBe('Report due tomorrow: Philippines 2026');
    expect(of(0).title).toBe('Report due today: Philippines 2026');
    expect(of(-1)).toEqual({
      title: 'Report overdue: Philippines 2026',
      body:
        'The national report of Philippines for 2026 was due on 18 December 2026 and has not been submitted yet. ' +
        'Please submit it as soon as you can.',
    });
  });
});

describe('the email of a notification', () => {
  test('greets by name, gives the reason and the link; the HTML escapes every value', () => {
    const mail = notificationEmail({
      kind: 'report.returned',
      facts: { country: 'Philippines', countryCode: 'PH', year: 2026, note: 'Add <b>figures</b> & sources' },
      recipient: 'Ana <Cruz>',
      url: 'https://portal.example/module/report/national/PH/2026/indicator/form?x="1"',
      siteName: 'Asia-Pacific Urban Agenda',
    });
    expect(mail.subject).toBe('Report returned: Philippines 2026 · Asia-Pacific Urban Agenda');
    expect(mail.text).toContain('Dear Ana <Cruz>,');
    expect(mail.text).toContain('Reason: Add <b>figures</b> & sources');
    expect(mail.html).toContain('Dear <bdi>Ana &#60;Cruz&#62;</bdi>,');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain('Add &#60;b&#62;figures&#60;/b&#62; &#38; sources');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      'href="https://portal.example/module/report/national/PH/2026/indicator/form?x=&#34;1&#34;"',
    );
  });
});
