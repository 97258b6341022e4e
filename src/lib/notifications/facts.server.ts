import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { bestPractices, countries, mailOutbox, roles, userRoles, users } from '../db/schema.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import type { NotificationFacts } from './texts.ts';

/** What a notification says and links to, and whom it concerns, read in the change's transaction. */
export interface EventFacts {
  facts: NotificationFacts;
  link: string;
  country?: string | undefined;
  userUuid?: string | undefined;
  /** An address never emailed about this event: the one an undeliverable email went to (decision 058). */
  exceptEmail?: string | undefined;
}

async function countryName(tx: DbOrTx, code: string): Promise<string> {
  const [row] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.code, code)).limit(1);
  return row?.name ?? code;
}

async function practiceTitle(tx: DbOrTx, uuid: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ title: bestPractices.title })
    .from(bestPractices)
    .where(eq(bestPractices.uuid, uuid))
    .limit(1);
  return row?.title;
}

/** The person's name (and email), and the names of the roles they hold (each language labels them). */
async function userFacts(tx: DbOrTx, uuid: string): Promise<{ name: string; roles: string }> {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.uuid, uuid))
    .limit(1);
  if (!row) return { name: 'Someone', roles: '' };
  const held = await tx
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, row.id))
    .orderBy(asc(roles.id));
  return { name: row.name ? `${row.name} (${row.email})` : row.email, roles: held.map((r) => r.name).join(', ') };
}

/** An email the mail server refused for good: whom it was for, its subject and the server's answer. */
async function undeliverableFacts(tx: DbOrTx, uuid: string): Promise<EventFacts | null> {
  const [row] = await tx
    .select({
      name: mailOutbox.toName,
      address: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      error: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.uuid, uuid))
    .limit(1);
  if (!row) return null;
  return {
    facts: { user: row.name ? `${row.name} (${row.address})` : row.address, subject: row.subject, note: row.error },
    link: `/admin/sent-mail?message=${uuid}`,
    exceptEmail: row.address,
  };
}

const reportPath = (country: string, year: number, screen: 'indicator/form' | 'indicator/preview') =>
  `/module/report/national/${encodeURIComponent(country)}/${year}/${screen}`;

/** The facts of a notifying event; null for an event that makes none. */
export async function factsOf(tx: DbOrTx, event: ChangeEvent): Promise<EventFacts | null> {
  switch (event.type) {
    case 'report.submitted':
    case 'report.accepted':
    case 'report.published':
    case 'report.returned':
    case 'report.unlocked': {
      const { country, year, note } = event.data;
      // Returned and unlocked reports are worked on again; the others are read.
      const editable = event.type === 'report.returned' || event.type === 'report.unlocked';
      return {
        facts: { country: await countryName(tx, country), countryCode: country, year, note },
        link: reportPath(country, year, editable ? 'indicator/form' : 'indicator/preview'),
        country,
      };
    }
    // A comment on one answer (decision 077): the report's form, where the comment sits beside the answer.
    case 'report.answer.commented':
    case 'report.answer.replied': {
      const { country, year } = event.data;
      return {
        facts: { country: await countryName(tx, country), countryCode: country, year },
        link: reportPath(country, year, 'indicator/form'),
        country,
      };
    }
    case 'report.reminder.due': {
      const { country, year, due, days_left } = event.data;
      return {
        facts: { country: await countryName(tx, country), countryCode: country, year, due, daysLeft: days_left },
        link: reportPath(country, year, 'indicator/form'),
        country,
      };
    }
    case 'practice.submitted':
    case 'practice.published':
    case 'practice.returned':
    case 'practice.commented': {
      const { uuid, country } = event.data;
      return {
        facts: {
          country: await countryName(tx, country),
          countryCode: country,
          practice: await practiceTitle(tx, uuid),
          note: event.type === 'practice.returned' ? event.data.note : null,
          section: event.type === 'practice.commented' ? event.data.section : undefined,
        },
        link: `/module/best-practice/form/${uuid}`,
        country,
      };
    }
    case 'site.build.failing':
      return { facts: { failures: event.data.failures, note: event.data.reason }, link: '/dashboard' };
    case 'contact.received':
      return { facts: {}, link: `/admin/contact-us?message=${event.data.id}` };
    case 'mail.failed':
      return undeliverableFacts(tx, event.data.uuid);
    case 'user.created': {
      const { name } = await userFacts(tx, event.data.uuid);
      return { facts: { user: name }, link: `/admin/users/form/${event.data.uuid}` };
    }
    case 'user.activated':
      return { facts: {}, link: '/dashboard', userUuid: event.data.uuid };
    case 'user.role.changed': {
      const { roles: held } = await userFacts(tx, event.data.uuid);
      return { facts: { roles: held }, link: '/dashboard', userUuid: event.data.uuid };
    }
    default:
      return null;
  }
}
