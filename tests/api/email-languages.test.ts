/**
 * Emails and the bell in the reader's language (issue 17, decision 043): each recipient's email
 * in their account's language (English while they have none), the list in the language of the
 * request, a reply to a contact message in the language the sender wrote in; what people wrote
 * (a practice's title in Thai, a reason in Urdu) comes through as written.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { PracticeResponseSchema, type BestPractice } from '../../src/lib/best-practices/schema.ts';
import { contactMessages } from '../../src/lib/db/schema.ts';
import { NotificationListResponseSchema } from '../../src/lib/notifications/schema.ts';
import { COMPLETE_PRACTICE } from '../fixtures/best-practices.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { startMailSink } from '../support/mail.ts';

const sink = await startMailSink();
const ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_SITE_URL: 'https://portal.example' } });

const TITLE = 'โครงการฟื้นฟูคลองโอ่งอ่าง';
const NOTE = 'براہ کرم نتائج کے اعداد و شمار شامل کریں۔';
/**
 * The Urdu reason in plain text (the email's text, the bell): isolated in FSI … PDI among the sentence's words
 * (decision 057).
 */
const NOTE_IN_TEXT = `\u2068${NOTE}\u2069`;
const NB = '\u00a0';

let admin: TestUser;
let author: TestUser;
const readers: Record<'ru' | 'zh' | 'fr' | 'en', TestUser> = {} as never;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' });
  author = await createUser(ctx, { role: 'state_member', country: 'TH', name: 'Somchai Author' });
  readers.ru = await createUser(ctx, { role: 'state_admin', country: 'TH', name: 'Ирина Петрова' });
  readers.zh = await createUser(ctx, { role: 'state_member', country: 'TH', name: '王芳' });
  readers.fr = await createUser(ctx, { role: 'state_member', country: 'TH', name: 'Claire Dubois' });
  readers.en = await createUser(ctx, { role: 'state_member', country: 'TH', name: 'Niran Chai' });
  for (const language of ['ru', 'zh', 'fr'] as const) {
    const saved = await ctx.request('/api/user/saved/language', {
      method: 'POST',
      token: readers[language].token,
      json: { language },
    });
    expect(saved.status).toBe(200);
  }
});

const mailTo = (me: TestUser) => sink.received.filter((m) => m.to?.includes(me.email));
const list = async (me: TestUser, language?: string) =>
  (
    await expectJson(
      await ctx.request('/api/notifications?per_page=100', {
        token: me.token,
        headers: language ? { 'Accept-Language': language } : undefined,
      }),
      200,
      NotificationListResponseSchema,
    )
  ).data;

describe('a practice returned with a reason', () => {
  const act = async (user: TestUser, p: BestPractice, action: string, note?: string) =>
    (
      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
          token: user.token,
          json: { action, note, version: p.version },
        }),
        200,
        PracticeResponseSchema,
      )
    ).data;

  test('each country user is emailed in their language, with the Thai title and the Urdu reason intact', async () => {
    let p = (
      await expectJson(
        await ctx.request('/api/best-practice/saved', {
          token: author.token,
          json: { title: TITLE, country_code: 'TH', ...COMPLETE_PRACTICE },
        }),
        201,
        PracticeResponseSchema,
      )
    ).data;
    p = await act(author, p, 'submit');
    await act(admin, p, 'request_changes', NOTE);
    await ctx.deps.mail!.runOnce();

    const expected = {
      ru: {
        lang: 'ru',
        subject: `Практика возвращена: ${TITLE}`,
        greeting: 'Здравствуйте, Ирина Петрова!',
        body: `Практика «${TITLE}» возвращена на доработку.`,
        reason: `Причина: ${NOTE_IN_TEXT}`,
        open: 'Открыть на портале',
      },
      zh: {
        lang: 'zh-Hans',
        subject: `做法已退回：${TITLE}`,
        greeting: '王芳，您好：',
        body: `最佳做法“${TITLE}”已退回修改。`,
        reason: `原因：${NOTE_IN_TEXT}`,
        open: '在门户中打开',
      },
      fr: {
        lang: 'fr',
        subject: `Pratique renvoyée${NB}: ${TITLE}`,
        greeting: 'Bonjour Claire Dubois,',
        body: `La bonne pratique «${NB}${TITLE}${NB}» a été renvoyée pour modification.`,
        reason: `Motif${NB}: ${NOTE_IN_TEXT}`,
        open: 'L’ouvrir dans le portail',
      },
      en: {
        lang: 'en',
        subject: `Practice returned: ${TITLE}`,
        greeting: 'Dear Niran Chai,',
        body: `The best practice “${TITLE}” was returned for changes.`,
        reason: `Reason: ${NOTE_IN_TEXT}`,
        open: 'Open it in the portal',
      },
    };
    for (const [language, want] of Object.entries(expected) as [keyof typeof expected, (typeof expected)['ru']][]) {
      const mails = mailTo(readers[language]);
      expect(mails, language).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe(`${want.subject} · Asia-Pacific Urban Agenda`);
      expect(mail.text).toContain(want.greeting);
      expect(mail.text).toContain(want.body);
      expect(mail.text).toContain(want.reason);
      expect(mail.html).toContain(`<html lang="${want.lang}" dir="ltr">`);
      expect(mail.html).toContain(`<bdi>${TITLE}</bdi>`);
      expect(mail.html).toContain(`<bdi dir="auto">${NOTE}</bdi>`);
      expect(mail.html).toContain(want.open);
      // The programme's name is kept as a proper name, marked English inside another language.
      if (language !== 'en') expect(mail.html).toContain('<bdi lang="en">Asia-Pacific Urban Agenda</bdi>');
    }
  });

  test('the bell lists it in the language of the request, whatever the account’s language', async () => {
    const reader = readers.ru;
    const titles = async (language?: string) =>
      (await list(reader, language)).filter((n) => n.kind === 'practice.returned').map((n) => [n.title, n.body]);
    expect(await titles('ru')).toEqual([
      [`Практика возвращена: ${TITLE}`, `Практика «${TITLE}» возвращена на доработку. Причина: ${NOTE_IN_TEXT}`],
    ]);
    expect(await titles('fr')).toEqual([
      [
        `Pratique renvoyée${NB}: ${TITLE}`,
        `La bonne pratique «${NB}${TITLE}${NB}» a été renvoyée pour modification. Motif${NB}: ${NOTE_IN_TEXT}`,
      ],
    ]);
    expect(await titles('zh-Hans')).toEqual([
      [`做法已退回：${TITLE}`, `最佳做法“${TITLE}”已退回修改。 原因：${NOTE_IN_TEXT}`],
    ]);
    expect(await titles()).toEqual([
      [`Practice returned: ${TITLE}`, `The best practice “${TITLE}” was returned for changes. Reason: ${NOTE_IN_TEXT}`],
    ]);
  });
});

describe('a reply to a contact message', () => {
  test('is worded in the language the visitor wrote in; their message and the reply as written', async () => {
    const sent = await ctx.request('/api/contact-us', {
      json: {
        name: 'Алексей Смирнов',
        email: 'alexei@example.org',
        subject: 'Визит в мае',
        message: 'Мы хотели бы посетить секретариат в мае.',
      },
      headers: { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.5' },
    });
    expect(sent.status).toBe(201);
    const [row] = await ctx.deps.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(row!.language).toBe('ru');
    const reply = { subject: 'Re: Визит в мае', message: 'Будем рады видеть вас 12 мая.', version: row!.version };
    const replied = await ctx.request(`/api/contact-us/reply/${row!.id}`, {
      method: 'POST',
      token: admin.token,
      json: reply,
    });
    expect(replied.status).toBe(200);
    await ctx.deps.mail!.runOnce();
    const mail = sink.received.find((m) => m.to?.includes('alexei@example.org'));
    expect(mail?.subject).toBe('Re: Визит в мае');
    expect(mail?.text).toContain('Здравствуйте, Алексей Смирнов!');
    expect(mail?.text).toContain('Будем рады видеть вас 12 мая.');
    expect(mail?.text).toMatch(/\d{1,2} [а-я]+ \d{4} г\. вы написали:\n> Мы хотели бы посетить секретариат в мае\./);
    expect(mail?.html).toContain('<html lang="ru" dir="ltr">');
    const [english] = await ctx.deps.db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
    expect(english!.status).toBe('answered');
  });
});
