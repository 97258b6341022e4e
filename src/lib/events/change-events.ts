/**
 * The typed change events (DESIGN.md §15, decision 023). A service publishes one per change it
 * commits; caches, the site builder's queue and (later) notifications subscribe to them in one
 * registry instead of being called from every write.
 *
 * Each event names its `domain` (derived from its type's first word, see CHANGE_DOMAINS) and says
 * whether it adds, changes or withdraws data of the public site (`site`): the emitter decides,
 * because only it knows whether the record was public before or is public after the change.
 */

/** A national report by its cycle and country. */
export interface ReportRef {
  uuid: string;
  year: number;
  country: string;
}

/** The payload of each change event, by type. */
export interface ChangeEventMap {
  'report.answers.saved': ReportRef & { questions: number };
  'report.updated': ReportRef;
  'report.started': ReportRef;
  'report.completed': ReportRef;
  'report.submitted': ReportRef & { note: string | null };
  'report.returned': ReportRef & { note: string | null };
  'report.accepted': ReportRef & { note: string | null };
  'report.published': ReportRef & { note: string | null };
  'report.unpublished': ReportRef & { note: string | null };
  'report.unlocked': ReportRef & { note: string | null };
  'report.reopened': ReportRef & { note: string | null };
  'report.file.saved': ReportRef;
  /** A deadline reminder for a report not yet submitted: its due date, and the days left then (negative: overdue). */
  'report.reminder.due': ReportRef & { due: string; days_left: number };
  'report.cover.saved': ReportRef;
  /** A reviewer's comment on one answer, or a reviewer's reply (decision 077): the country is told. */
  'report.answer.commented': ReportRef & { question: string; comment: number };
  /** The country's reply to a comment on one answer: the secretariat is told. */
  'report.answer.replied': ReportRef & { question: string; comment: number };
  'report.answer.comment.resolved': ReportRef & { question: string; comment: number; resolved: boolean };
  'cycle.saved': { year: number; status: string };
  'question.saved': { uuid: string };
  'question.retired': { uuid: string };
  'question.restored': { uuid: string };
  'question.reordered': { questions: number };
  'profile.category.saved': { slug: string };
  'profile.category.picture.saved': { slug: string };
  'profile.indicator.saved': { code: string; category: string };
  'profile.indicator.reordered': { category: string };
  'profile.indicator.retired': { code: string; category: string };
  'profile.indicator.restored': { code: string; category: string };
  'profile.figure.saved': { country: string; category: string; year: number };
  'profile.figure.published': { country: string; category: string; year: number };
  'profile.figure.withdrawn': { country: string; category: string; year: number };
  'profile.dataset.imported': { category: string; rows: number };
  /** The curated open data (data/) loaded into the profile: one event per import that changed anything. */
  'profile.open_data.imported': { files: number; figures: number; inserted: number; updated: number; deleted: number };
  'practice.saved': { uuid: string; country: string };
  'practice.submitted': { uuid: string; country: string };
  'practice.returned': { uuid: string; country: string; note: string | null };
  'practice.published': { uuid: string; country: string };
  /** The authors took their submission back (submitted → draft): never public. */
  'practice.withdrawn': { uuid: string; country: string };
  'practice.rejected': { uuid: string; country: string; note: string | null };
  /** Taken off the public library (published → archived). */
  'practice.archived': { uuid: string; country: string };
  /** Back in the public library (archived → published). */
  'practice.restored': { uuid: string; country: string };
  /**
   * A published practice sent back to draft for revision; the public library keeps its published copy (decision 033):
   * never a change of the site.
   */
  'practice.revised': { uuid: string; country: string };
  'practice.featured': { uuid: string; country: string };
  'practice.unfeatured': { uuid: string; country: string };
  'practice.deleted': { uuid: string; country: string };
  'practice.commented': { uuid: string; country: string; section: string };
  'practice.comment.resolved': { uuid: string; country: string; comment: number; resolved: boolean };
  'practice.media.saved': { uuid: string; country: string };
  /** Narrative sections saved through the questionnaire engine (decision 047): how many. */
  'practice.sections.saved': { uuid: string; country: string; sections: number };
  'cms.item.saved': { uuid: string; kind: string };
  'cms.item.published': { uuid: string; kind: string };
  /** Taken off the public site (published → draft or unpublished). */
  'cms.item.unpublished': { uuid: string; kind: string };
  'cms.item.image.saved': { uuid: string; kind: string };
  'cms.item.deleted': { uuid: string; kind: string };
  /** A visitor's message (the contact form); its content stays in its row. */
  'contact.received': { id: number };
  /** First opened by an administrator. */
  'contact.read': { id: number };
  /** Marked new, answered or archived. */
  'contact.status.changed': { id: number; status: string };
  /** Answered by email (the email waits in the outbox). */
  'contact.replied': { id: number };
  'contact.deleted': { id: number };
  /** An email of the outbox that the SMTP server refused for good (decision 058): never tried again. */
  'mail.failed': { uuid: string };
  'user.created': { uuid: string };
  'user.updated': { uuid: string };
  'user.activated': { uuid: string };
  /** The user's roles after the change, by name. */
  'user.role.changed': { uuid: string; roles: string[] };
  'user.deactivated': { uuid: string };
  'user.deleted': { uuid: string };
  'access.saved': { role: string };
  'country.saved': { code: string };
  /** A text of the portal's content given in another language (decision 044). */
  'translation.saved': { entity: string; key: string; locale: string };
  /**
   * A certificate authority trusted for report signatures (decision 056), for the region (country null) or a country.
   */
  'authority.added': { uuid: string; country: string | null };
  'authority.removed': { uuid: string; country: string | null };
  'site.publish.requested': Record<string, never>;
  /** A build of the public site went live (several instances: each loads it, decision 035). */
  'site.live': { id: string };
  /** Builds of the public site failed `failures` times in a row (told once per streak, issue 31). */
  'site.build.failing': { failures: number; reason: string };
}

export type ChangeType = keyof ChangeEventMap;

/** The caches and data sets a change belongs to; the public cache's domains share these names. */
export const CHANGE_DOMAINS = {
  report: 'national-reports',
  cycle: 'national-reports',
  question: 'national-reports',
  profile: 'profile',
  practice: 'best-practices',
  cms: 'cms',
  contact: 'contact',
  mail: 'mail',
  user: 'access',
  access: 'access',
  country: 'access',
  site: 'site',
  // The authorities trusted to check the signatures of submitted reports.
  authority: 'national-reports',
  // Translations show only on the built pages: no API cache holds them.
  translation: 'site',
} as const;

export type ChangeDomain = (typeof CHANGE_DOMAINS)[keyof typeof CHANGE_DOMAINS];

type DomainPrefix = keyof typeof CHANGE_DOMAINS;
// Every type must start with a known prefix: a new type with an unknown one does not compile.
type PrefixOf<T extends string> = T extends `${infer P}.${string}` ? P : never;
const everyTypeHasADomain: PrefixOf<ChangeType> extends DomainPrefix ? true : never = true;
void everyTypeHasADomain;

/** One change event as published: its type, payload, who made it, and its effect on the public site. */
export type ChangeEvent<T extends ChangeType = ChangeType> = {
  [K in T]: {
    type: K;
    data: ChangeEventMap[K];
    /** users.id of the person who made the change; null for the system (imports, seeds, jobs). */
    actorId: number | null;
    /** True when the change adds, changes or withdraws data that the public site shows. */
    site: boolean;
  };
}[T];

/** The domain of an event, from its type's first word. */
export function domainOf(event: Pick<ChangeEvent, 'type'>): ChangeDomain {
  const prefix = event.type.slice(0, event.type.indexOf('.')) as DomainPrefix;
  return CHANGE_DOMAINS[prefix];
}
