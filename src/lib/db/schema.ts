/*
 * Data file: every Drizzle table in one file (DESIGN.md Layout), long by nature; exempt from the 400-line limit of src.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The jsonb of an uploaded image: its stored renditions (src/lib/media/images.server.ts). The API
 * checks the same shape with CmsImageSchema; the database layer knows no domain's types.
 */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number; format: 'webp' | 'jpeg' | 'png' }[];
}

/*
 * The JSON stored in columns below. The domains check the same shapes with their zod schemas
 * (best-practices, questionnaires, national-reports); these plain twins keep db/ free of domains.
 */

/** A report file's signature check; national-reports/schema.ts (PdfSignatureSchema) checks its shape. */
export interface StoredSignature {
  status?: string;
  signer: string | null;
  signed_at: string | null;
  [detail: string]: unknown;
}

/** An image of a best practice: the picture's renditions and its 16:9 card crop. */
export interface StoredPracticeImage {
  id: string;
  caption: string | null;
  credit: string | null;
  isCover: boolean;
  image: StoredImage;
  /** The crop of the picture at the public card's ratio. */
  card: StoredImage;
  /** The rectangle the card was cut from, in fractions of the picture; null: the centre. */
  crop?: { x: number; y: number; width: number; height: number } | null;
  /** File-store key of the picture as uploaded (never served): a new crop is cut from it. */
  original?: string;
}

/** An uploaded PDF of a best practice. */
export interface StoredAttachment {
  id: string;
  title: string;
  fileName: string;
  size: number;
  key: string;
}

/** A choice of a single- or multiple-choice question. */
export interface StoredQuestionOption {
  value: string;
  label: string;
}

/** One part of a multi-part answer (e.g. documented / perceived). */
export interface StoredQuestionPart {
  key: string;
  label: string;
}

/** An answer's value: a number, yes/no, text, choices, or one value per part. */
export type StoredAnswerValue = number | boolean | string | string[] | Record<string, number | boolean | null> | null;

/** A report's completeness, kept with the report for lists. */
export interface StoredCompleteness {
  answered: number;
  total: number;
  compulsory_total: number;
  compulsory_answered: number;
  invalid: number;
  pct: number;
}

/** The contact person of a national report. */
export interface StoredContact {
  name: string;
  email: string;
  phone: string | null;
}

/** A key fact of a profile category's overview (label, value, unit, year, source). */
export interface StoredKeyFact {
  label: string;
  value: string;
  unit: string | null;
  year: number | null;
  source: string | null;
}

/** One figure of an urbanisation-profile dataset. */
export interface StoredProfileValue {
  indicator: string;
  value: number;
  data_year: number | null;
  source: string | null;
  is_estimate: boolean;
  note: string | null;
  /** The figure's licence (open data: from data/manifest.json); absent on figures entered by countries. */
  licence?: string | null;
}

/** Who a dataset's figures come from: a country (the forms, the CSV import) or the curated open data (data/). */
export const PROFILE_ORIGINS = ['country', 'open_data'] as const;
export type ProfileOrigin = (typeof PROFILE_ORIGINS)[number];

/**
 * The version of an editable record (DESIGN.md §12): starts at 1, each write adds one, and a write
 * based on another version is refused.
 */
const version = () => integer('version').notNull().default(1);

/** Countries and territories of the region; `code` is the ISO 3166-1 alpha-2 code in capitals. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  flag: text('flag').notNull(),
  status: smallint('status').notNull().default(1),
  continent: text('continent').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: version(),
  /** users.id of the last person who changed the country; null for the seed. */
  updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** The Firebase Auth uid; null only for rows imported before their first sign-in. */
    firebaseUid: text('firebase_uid').unique(),
    name: text('name'),
    username: text('username').notNull(),
    memberId: text('member_id').notNull().unique(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    countryCode: varchar('country_code', { length: 2 }).references(() => countries.code),
    photo: text('photo'),
    status: smallint('status').notNull().default(0),
    /**
     * The language the person reads the back-office and their emails in (issue 17): en, zh, fr
     * or ru; null until their first sign-in chooses one from the browser's language.
     */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    /** users.id of the last person who changed the row (the user themself, or an administrator). */
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_status_idx').on(table.status, table.id),
    index('users_country_status_idx').on(table.countryCode, table.status, table.id),
    // The user list by country alone, newest first.
    index('users_country_id_idx').on(table.countryCode, table.id),
    // The user search: ILIKE '%q%' on each field (pg_trgm, migration 0003).
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', table.username.op('gin_trgm_ops')),
    index('users_member_id_trgm_idx').using('gin', table.memberId.op('gin_trgm_ops')),
    check('users_language_check', sql`${table.language} in ('en', 'zh', 'fr', 'ru')`),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index('user_roles_role_idx').on(table.roleId)],
);

export const modules = pgTable('modules', {
  id: serial('id').primaryKey(),
  module: text('module').notNull().unique(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const rules = pgTable('rules', {
  id: serial('id').primaryKey(),
  action: text('action').notNull().unique(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One row per role × module × rule; `enabled` says whether the role holds that rule. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
  },
  (table) => [uniqueIndex('permissions_role_module_rule_idx').on(table.roleId, table.moduleId, table.ruleId)],
);

/**
 * The version of the whole role × module × rule matrix: the access-control screen edits and
 * saves it as one (one row, id 1; absent until the first save, which counts as version 1).
 */
export const accessControl = pgTable(
  'access_control',
  {
    id: smallint('id').primaryKey(),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('access_control_single_row_check', sql`${table.id} = 1`)],
);

/** Banners, partners and media-gallery items (photos and hosted videos) of the public site. */
export const cmsItems = pgTable(
  'cms_items',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    cmsType: text('cms_type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    link: text('link'),
    displayOrder: integer('display_order').notNull().default(0),
    status: text('status').notNull().default('draft'),
    mediaKind: text('media_kind').notNull().default('photo'),
    videoUrl: text('video_url'),
    event: text('event'),
    eventSlug: text('event_slug'),
    /** The stored renditions of the uploaded image (src/lib/media/images.server.ts). */
    image: jsonb('image').$type<StoredImage>(),
    /** A banner's crop of its image (fractions of the picture, 16:9); null: the picture's centre. */
    imageCrop: jsonb('image_crop').$type<{ x: number; y: number; width: number; height: number }>(),
    /** What the image shows, for people who cannot see it; null: decorative. */
    imageAlt: text('image_alt'),
    /** When the item was last published; kept when it is taken down. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    version: version(),
  },
  (table) => [
    index('cms_items_type_status_order_idx').on(table.cmsType, table.status, table.displayOrder, table.id),
    index('cms_items_type_event_idx').on(table.cmsType, table.eventSlug),
    check('cms_items_type_check', sql`${table.cmsType} in ('banner', 'video', 'partner')`),
    check('cms_items_status_check', sql`${table.status} in ('draft', 'published', 'unpublished')`),
    check('cms_items_media_kind_check', sql`${table.mediaKind} in ('photo', 'video')`),
  ],
);

/** Messages sent through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: integer('read_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A keyed hash of the sender's IP address: repeated senders can be told apart, the address is not kept. */
    clientHash: text('client_hash').notNull(),
    /** new → answered (by hand or by a reply) → archived; any of them back to another. */
    status: text('status').notNull().default('new'),
    /** Who set the status last, and when (null while it is new as received). */
    statusAt: timestamp('status_at', { withTimezone: true }),
    statusBy: integer('status_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    /**
     * The portal language the sender's browser asked for (en, zh, fr or ru, from Accept-Language):
     * the words around a reply (greeting, quotation) are written in it (decision 043).
     */
    language: text('language').notNull().default('en'),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt, table.id),
    check('contact_messages_language_check', sql`${table.language} in ('en', 'zh', 'fr', 'ru')`),
    index('contact_messages_unread_idx')
      .on(table.createdAt)
      .where(sql`${table.readAt} is null`),
    index('contact_messages_status_idx').on(table.status, table.createdAt),
    check('contact_messages_status_check', sql`${table.status} in ('new', 'answered', 'archived')`),
  ],
);

/** Replies sent to a contact message by email (through the mail outbox), with who sent them and when. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The outbox row that carries the email (its status says whether it has gone). */
    mailId: integer('mail_id').references((): AnyPgColumn => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.id)],
);

/**
 * Every change made through a domain service (DESIGN.md §13): who did what to which record,
 * with the record before and after, written in the same transaction as the change itself.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    /** The user who made the change; null for the system (seed, import scripts). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The kind of record: 'user', 'cms_item', 'acl', 'country', 'national_report', 'answer', … */
    entity: text('entity').notNull(),
    /** The record's id as text (uuid, code or number). */
    entityId: text('entity_id').notNull(),
    /** What happened: 'create', 'update', 'delete', 'status', or a workflow action ('submit', …). */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entity, table.entityId, table.at),
    index('audit_events_actor_idx').on(table.actorId, table.at),
  ],
);

/** The themes of best practices (reference data: seeded, administrators may rename them). */
export const bestPracticeCategories = pgTable('best_practice_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Best practices shared by countries (issue 9). Lists of small things (partners, key dates,
 * figures, links, images, attachments) are JSON in the row: they are always read and written
 * with the practice. The contact columns are private: public queries never select them.
 */
export const bestPractices = pgTable(
  'best_practices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    version: integer('version').notNull().default(1),
    status: text('status').notNull().default('draft'),
    featured: boolean('featured').notNull().default(false),
    /** Demonstration content made by `npm start`, never by a person. */
    demo: boolean('demo').notNull().default(false),
    title: text('title').notNull(),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    city: text('city'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    leadOrganisation: text('lead_organisation'),
    orgType: text('org_type'),
    partners: jsonb('partners').$type<unknown[]>().notNull().default([]),
    startDate: text('start_date'),
    endDate: text('end_date'),
    ongoing: boolean('ongoing').notNull().default(false),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    sdgTargets: jsonb('sdg_targets').$type<string[]>().notNull().default([]),
    nuaThrusts: jsonb('nua_thrusts').$type<string[]>().notNull().default([]),
    summary: text('summary'),
    /**
     * The language the practice is written in (a tag of src/lib/i18n/written-languages.ts); null: not stated (decision
     * 048).
     */
    writtenIn: varchar('written_in', { length: 8 }),
    narrative: jsonb('narrative').$type<Record<string, string | null>>().notNull().default({}),
    figures: jsonb('figures').$type<unknown[]>().notNull().default([]),
    keyDates: jsonb('key_dates').$type<unknown[]>().notNull().default([]),
    links: jsonb('links').$type<unknown[]>().notNull().default([]),
    images: jsonb('images').$type<StoredPracticeImage[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The public columns of the practice as it was published (every one but the contact), kept
     * while a published practice is revised: the public library shows it until a new version is
     * published or the practice is archived (decision 033).
     */
    publishedSnapshot: jsonb('published_snapshot').$type<Record<string, unknown>>(),
    publishedSnapshotAt: timestamp('published_snapshot_at', { withTimezone: true }),
    /** The narrative sections' completeness, kept by the questionnaire engine (decision 047). */
    sectionCompleteness: jsonb('section_completeness').$type<StoredCompleteness>(),
    /** What `section_completeness` was counted on; null: counted again on the next section save. */
    sectionBasis: text('section_basis'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('best_practices_status_idx').on(table.status, table.updatedAt),
    index('best_practices_country_status_idx').on(table.countryCode, table.status),
    check(
      'best_practices_status_check',
      sql`${table.status} in ('draft', 'submitted', 'changes_requested', 'published', 'rejected', 'archived')`,
    ),
  ],
);

/**
 * The columns of an answer of the questionnaire engine, after its instance and question (the
 * engine's `AnswerColumns`): every form's answers table has them.
 */
function answerColumns() {
  return {
    value: jsonb('value').$type<StoredAnswerValue>(),
    text: text('text'),
    dataYear: smallint('data_year'),
    source: text('source'),
    comment: text('comment'),
    /** Why the answer stands although a review rule flags it (the person answering says so); null: none given. */
    explanation: text('explanation'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  };
}

/**
 * The narrative sections of a practice as answers of the questionnaire engine (decision 047): one
 * row per practice × section question of the fixed catalogue (`best-practices/sections.ts`), the
 * engine's answer shape with its own version. `best_practices.narrative` keeps a copy, written in
 * the same transaction, for the reads that take the practice whole.
 */
export const bestPracticeSections = pgTable(
  'best_practice_sections',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => bestPractices.id, { onDelete: 'cascade' }),
    /** The section's question id in the fixed catalogue (not a row of `questions`). */
    questionId: integer('question_id').notNull(),
    ...answerColumns(),
  },
  (table) => [uniqueIndex('best_practice_sections_practice_question_idx').on(table.practiceId, table.questionId)],
);

/** National reporting cycles (one per year): opening one creates a report per active country. */
export const reportingCycles = pgTable(
  'reporting_cycles',
  {
    year: integer('year').primaryKey(),
    opensAt: date('opens_at').notNull(),
    closesAt: date('closes_at').notNull(),
    /** Answers lock closes_at + expiry_days. */
    expiryDays: integer('expiry_days').notNull().default(30),
    /** On time = submitted within closes_at + timely_days. */
    timelyDays: integer('timely_days').notNull().default(0),
    /** Reminders go this many days before closes_at (and once the day after it), to reports not yet submitted. */
    reminderDays: jsonb('reminder_days').$type<number[]>().notNull().default([14, 7, 1]),
    guidelineVersion: text('guideline_version'),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('reporting_cycles_status_check', sql`${table.status} in ('draft', 'open', 'closed', 'archived')`)],
);

/**
 * The deadline reminders sent (issue 16): one row per report, due date and offset (days before
 * the due date; -1 is the day after it). The unique key is what makes a reminder go once, even
 * when two ticks run at the same time or the server restarts.
 */
export const reportReminders = pgTable(
  'report_reminders',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => nationalReports.id, { onDelete: 'cascade' }),
    /** The cycle's closes_at when the reminder went: a deadline moved later has reminders of its own. */
    dueOn: date('due_on').notNull(),
    offsetDays: integer('offset_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('report_reminders_once_idx').on(table.reportId, table.dueOn, table.offsetDays)],
);

/** NUA thrusts (Quito Implementation Plan headings). */
export const thrusts = pgTable('thrusts', {
  code: varchar('code', { length: 10 }).primaryKey(),
  name: text('name').notNull(),
  nuaParagraphs: text('nua_paragraphs'),
  sort: integer('sort').notNull().default(0),
});

export const subcategories = pgTable(
  'subcategories',
  {
    code: varchar('code', { length: 10 }).primaryKey(),
    thrustCode: varchar('thrust_code', { length: 10 })
      .notNull()
      .references(() => thrusts.code),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('subcategories_thrust_idx').on(table.thrustCode, table.sort)],
);

/** Questions are data (DESIGN.md §11); src/lib/questionnaires/engine.ts validates their answers. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    code: varchar('code', { length: 12 }).notNull().unique(),
    thrustCode: varchar('thrust_code', { length: 10 })
      .notNull()
      .references(() => thrusts.code),
    subcategoryCode: varchar('subcategory_code', { length: 10 })
      .notNull()
      .references(() => subcategories.code),
    questionTier: smallint('question_tier').notNull(),
    text: text('text').notNull(),
    help: text('help'),
    answerType: text('answer_type').notNull(),
    unit: text('unit'),
    options: jsonb('options').$type<StoredQuestionOption[]>().notNull().default([]),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    expectedMin: doublePrecision('expected_min'),
    expectedMax: doublePrecision('expected_max'),
    decimals: smallint('decimals'),
    parts: jsonb('parts').$type<StoredQuestionPart[]>().notNull().default([]),
    withText: boolean('with_text').notNull().default(false),
    textLabel: text('text_label'),
    compulsory: boolean('compulsory').notNull().default(false),
    sdgRefs: jsonb('sdg_refs').$type<string[]>().notNull().default([]),
    sdgTier: smallint('sdg_tier'),
    nuaParagraphs: text('nua_paragraphs'),
    sourceHint: text('source_hint'),
    /**
     * Review rule: the largest expected change from the same country's answer of the previous cycle, as a fraction
     * (0.5: ±50 %); null: none. Outside it, the answer is flagged (a warning, saved).
     */
    expectedChange: doublePrecision('expected_change'),
    /**
     * Review rules across questions (e.g. "Q05 ≤ Q04", "if Q02 is yes, Q03 is required"), checked with the answers;
     * the shape is the engine's (src/lib/questionnaires).
     */
    checks: jsonb('checks').$type<Record<string, unknown>[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    /** The first cycle year whose form holds the question; null: every cycle. */
    firstCycle: integer('first_cycle'),
    /**
     * The number of the question's current wording (question_versions.n): a change of its wording, help or choices adds
     * one.
     */
    wordingVersion: integer('wording_version').notNull().default(1),
    /** Retired questions keep their answers but leave the forms of cycles opened after. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('questions_sort_idx').on(table.sort, table.id),
    check('questions_tier_check', sql`${table.questionTier} in (1, 2, 3)`),
    check(
      'questions_answer_type_check',
      sql`${table.answerType} in ('pct', 'num', 'int', 'yn', 'single', 'multi', 'txt', 'url')`,
    ),
  ],
);

/**
 * Every wording of a question (decision 026): what a report shows of a question it answered
 * against an older wording (text, help, choices, type, limits). The current wording is also in
 * `questions`; a version's row is written when a newer one replaces it, or when the question is made.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    /** The wording fields of the question at this version (`QuestionWording`). */
    wording: jsonb('wording').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('question_versions_question_n_idx').on(table.questionId, table.n)],
);

/** One national report per country × cycle. */
export const nationalReports = pgTable(
  'national_reports',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    year: integer('year')
      .notNull()
      .references(() => reportingCycles.year),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    status: text('status').notNull().default('not_started'),
    title: text('title'),
    executiveSummary: text('executive_summary'),
    contact: jsonb('contact').$type<StoredContact>(),
    /** The cover picture's renditions (src/lib/media/images.server.ts), or null. */
    cover: jsonb('cover').$type<StoredImage>(),
    /** What the cover shows, for people who cannot see it; null: the pages say whose cover it is. */
    coverAlt: text('cover_alt'),
    /**
     * The language the country wrote its title, summary and answers in (a tag of src/lib/i18n/written-languages.ts);
     * null: not stated (decision 048).
     */
    writtenIn: varchar('written_in', { length: 8 }),
    /** Kept current by every write (src/lib/questionnaires/engine.ts completeness). */
    completeness: jsonb('completeness').$type<StoredCompleteness>(),
    completenessPct: smallint('completeness_pct').notNull().default(0),
    /**
     * What `completeness` was counted on (the questions' stamp and the cycle's lock dates): while
     * it holds, an answer save shifts the counts by that answer alone; otherwise they are recounted.
     */
    completenessBasis: text('completeness_basis'),
    /** An administrator lifted the cycle's lock (audited). */
    unlocked: boolean('unlocked').notNull().default(false),
    /**
     * The wording each question had when the report's answers were locked, by question id →
     * question_versions.n, for questions reworded since (decision 026); null: every question as it is now.
     */
    questionPins: jsonb('question_pins').$type<Record<string, number>>(),
    /**
     * The public view of the report as it was published, kept while a published report is being
     * revised (unlocked): the public site keeps showing it until a new version is published (decision 026).
     */
    publishedSnapshot: jsonb('published_snapshot').$type<Record<string, unknown>>(),
    publishedSnapshotAt: timestamp('published_snapshot_at', { withTimezone: true }),
    /** Demonstration data (npm start), shown as such on public pages. */
    demo: boolean('demo').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('national_reports_year_country_idx').on(table.year, table.countryCode),
    index('national_reports_year_status_idx').on(table.year, table.status),
    index('national_reports_published_idx')
      .on(table.publishedAt, table.id)
      .where(sql`${table.status} = 'published'`),
    check(
      'national_reports_status_check',
      sql`${table.status} in ('not_started', 'in_progress', 'completed', 'submitted', 'accepted', 'published')`,
    ),
  ],
);

/** One answer per report × question; every change is kept in audit_events. */
export const reportAnswers = pgTable(
  'report_answers',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => nationalReports.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    ...answerColumns(),
  },
  (table) => [
    uniqueIndex('report_answers_report_question_idx').on(table.reportId, table.questionId),
    index('report_answers_question_idx').on(table.questionId),
  ],
);

/** Every signed PDF uploaded for a report (v = 1, 2, …); the newest is the report's file. */
export const reportFiles = pgTable(
  'report_files',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => nationalReports.id, { onDelete: 'cascade' }),
    v: integer('v').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** The FileStore key. */
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Pages counted when it was uploaded; null for files stored before that check (decision 025). */
    pages: integer('pages'),
    /**
     * The check of the file's digital signature (decision 056: status, signer, certificate, what
     * was checked), or null: the file carries none. Files stored before the check have only
     * signer and signed_at as the file recorded them, and status `not_checked` (migration 0030).
     */
    signature: jsonb('signature').$type<StoredSignature>(),
  },
  (table) => [uniqueIndex('report_files_report_v_idx').on(table.reportId, table.v)],
);

/** Urbanisation profile categories (UN-Habitat UMF domains) with their overview (admin-edited). */
export const profileCategories = pgTable('profile_categories', {
  slug: varchar('slug', { length: 60 }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  umfDomain: text('umf_domain'),
  published: boolean('published').notNull().default(true),
  /** The overview, Markdown. */
  body: text('body').notNull().default(''),
  keyFacts: jsonb('key_facts').$type<StoredKeyFact[]>().notNull().default([]),
  /** The overview's picture: renditions made by the CMS image pipeline; null when there is none. */
  hero: jsonb('hero').$type<StoredImage>(),
  /** What the picture shows, for people who cannot see it. */
  heroAlt: text('hero_alt').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Indicators of a category; each validates like a numeric question of the questionnaire engine. */
export const profileIndicators = pgTable(
  'profile_indicators',
  {
    code: varchar('code', { length: 40 }).primaryKey(),
    /** The question id of the indicator in the profile's form of the questionnaire engine (decision 046). */
    id: serial('id').notNull().unique('profile_indicators_id_key'),
    categorySlug: varchar('category_slug', { length: 60 })
      .notNull()
      .references(() => profileCategories.slug, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit'),
    answerType: text('answer_type').notNull().default('num'),
    decimals: smallint('decimals'),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    expectedMin: doublePrecision('expected_min'),
    expectedMax: doublePrecision('expected_max'),
    source: text('source').notNull(),
    sourceSeries: text('source_series'),
    licence: text('licence'),
    sdgRef: text('sdg_ref'),
    /**
     * The progress towards 2030 (issue 35, decision 072): the desired direction and the target, a
     * fixed value or the champion area of the region. All null: the indicator is not scored.
     */
    progressDirection: text('progress_direction'),
    progressTargetKind: text('progress_target_kind'),
    progressTargetValue: doublePrecision('progress_target_value'),
    sort: integer('sort').notNull().default(0),
    /** Retired indicators leave the forms and the public pages; their figures stay in the datasets. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('profile_indicators_category_idx').on(table.categorySlug, table.sort),
    check('profile_indicators_type_check', sql`${table.answerType} in ('pct', 'num', 'int')`),
    check('profile_indicators_progress_direction_check', sql`${table.progressDirection} in ('higher', 'lower')`),
    check('profile_indicators_progress_kind_check', sql`${table.progressTargetKind} in ('fixed', 'champion')`),
    // A direction goes with a target, and only a fixed target has a value. Each side is true or false, never
    // null: a null check passes.
    check(
      'profile_indicators_progress_check',
      sql`(${table.progressDirection} is null) = (${table.progressTargetKind} is null)
      and (${table.progressTargetValue} is null) = (${table.progressTargetKind} is distinct from 'fixed')`,
    ),
  ],
);

/**
 * One dataset per category × country × year × origin: a narrative, draft or published; its figures
 * are rows of `profile_figures`. A country's figures and the open-data figures of the same year are
 * two datasets (decision 029).
 */
export const profileDatasets = pgTable(
  'profile_datasets',
  {
    id: serial('id').primaryKey(),
    categorySlug: varchar('category_slug', { length: 60 })
      .notNull()
      .references(() => profileCategories.slug, { onDelete: 'cascade' }),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    year: integer('year').notNull(),
    narrative: text('narrative'),
    /**
     * The narrative's own version (0: never written), as the answers route's narrative answer
     * carries it (decision 071): a save of figures does not make a narrative being typed stale.
     */
    narrativeVersion: integer('narrative_version').notNull().default(0),
    status: text('status').notNull().default('draft'),
    /** Demonstration data (npm start), shown as such on public pages. */
    demo: boolean('demo').notNull().default(false),
    /** 'country' (entered by a country) or 'open_data' (loaded from data/ by `npm run data:import`). */
    origin: text('origin').$type<ProfileOrigin>().notNull().default('country'),
    /**
     * The figures and narrative as they were published, kept while a published dataset is changed
     * (it is then a draft): the public profile shows them until the dataset is published again or
     * withdrawn (decision 033).
     */
    publishedSnapshot: jsonb('published_snapshot').$type<{ values: StoredProfileValue[]; narrative: string | null }>(),
    publishedSnapshotAt: timestamp('published_snapshot_at', { withTimezone: true }),
    /** The share of the theme's indicators with a figure (the engine's completeness, decision 046). */
    completeness: jsonb('completeness').$type<StoredCompleteness>(),
    /** What `completeness` was counted on: the indicators' stamp and the theme. */
    completenessBasis: text('completeness_basis'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('profile_datasets_key_idx').on(table.categorySlug, table.countryCode, table.year, table.origin),
    index('profile_datasets_country_idx').on(table.countryCode, table.year),
    check('profile_datasets_status_check', sql`${table.status} in ('draft', 'published')`),
    check('profile_datasets_origin_check', sql`${table.origin} in ('country', 'open_data')`),
  ],
);

/**
 * Every figure of the profile, a country's or the open data's (decision 066): one row per dataset ×
 * indicator; its dataset gives the theme, country, year and origin ('country' or 'open_data'). A
 * country's figures are the answers of the profile's form of the questionnaire engine (decision
 * 046), each with its own version; the open data's are written by `npm run data:import` only.
 * `estimate` is the engine's per-answer text: 'estimate' when the figure is an estimate, null
 * otherwise. `licence` is the open data's (data/manifest.json); a country's figures have none.
 */
export const profileFigures = pgTable(
  'profile_figures',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => profileDatasets.id, { onDelete: 'cascade' }),
    indicatorId: integer('indicator_id')
      .notNull()
      .references(() => profileIndicators.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<StoredAnswerValue>(),
    estimate: text('estimate'),
    dataYear: smallint('data_year'),
    source: text('source'),
    note: text('note'),
    licence: text('licence'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('profile_figures_dataset_indicator_idx').on(table.datasetId, table.indicatorId),
    index('profile_figures_indicator_idx').on(table.indicatorId),
    check('profile_figures_estimate_check', sql`${table.estimate} is null or ${table.estimate} = 'estimate'`),
  ],
);

/**
 * What the portal tells a person in the back-office (issue 16): one row per recipient, written
 * in the transaction of the change it reports, so it is never lost when a later step fails.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notification kind (src/lib/notifications/kinds.ts), e.g. 'report.returned'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The back-office path where the work is. */
    link: text('link').notNull(),
    /**
     * What the title and body were written from (the kind's facts): the list writes them again in
     * the reader's language (decision 043). Null for notifications older than that.
     */
    facts: jsonb('facts').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    // The bell's unread count.
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** Each person's email choice per notification kind; a kind not listed keeps its default. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<Record<string, boolean>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Emails to send (DESIGN.md §16): written with the change, sent after it by the mail worker,
 * retried with backoff while the SMTP server is down. Kept after sending: the 'Sent mail' page.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * queued → sending (claimed by a worker until `next_attempt_at`) → sent, or failed (refused for good by the SMTP
     * server, decision 058).
     */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The waiting mail, in the order it was written: the worker claims the oldest first.
    index('mail_outbox_waiting_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} in ('queued', 'sending')`),
    index('mail_outbox_created_idx').on(table.createdAt, table.id),
    check('mail_outbox_status_check', sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * The public site's builds when several instances share the database (decision 035): each build
 * made by the job queue, its progress while it runs, and the one that is live (the latest
 * `live_since`), whose files every instance loads from the file store (`archive_key`).
 */
export const siteBuilds = pgTable(
  'site_builds',
  {
    id: text('id').primaryKey(),
    /**
     * building → live, or failed; a build whose instance died stays `building` until a later one starts (then
     * `abandoned`).
     */
    state: text('state').notNull().default('building'),
    /** Which instance builds it (its change relay's id), for the logs. */
    instance: text('instance'),
    progress: real('progress').notNull().default(0),
    step: text('step').notNull().default('starting'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    liveSince: timestamp('live_since', { withTimezone: true }),
    archiveKey: text('archive_key'),
    failure: text('failure'),
  },
  (table) => [
    index('site_builds_live_idx').on(table.liveSince),
    index('site_builds_started_idx').on(table.startedAt),
    check('site_builds_state_check', sql`${table.state} in ('building', 'live', 'failed', 'abandoned')`),
  ],
);

/**
 * Public pages taken off every instance at once when what they show is withdrawn (issue 31,
 * decision 053): written in the withdrawal's own transaction, read by every instance when it
 * serves a page. A row whose `until_rebuild` is false blocks its paths until the record is public
 * again; one whose `until_rebuild` is true (a page that also shows other records, such as a
 * country's profile after one figure is withdrawn) only until a build started after it is live.
 */
export const siteWithdrawals = pgTable('site_withdrawals', {
  /** The record withdrawn: `report:2022:PH`, `practice:<uuid>`, `figures:PH`, `country:PH`, `cms:<uuid>`. */
  key: text('key').primaryKey(),
  /** Its public pages, without a language prefix (`/national-reports/2022/PH`). */
  paths: text('paths').array().notNull(),
  untilRebuild: boolean('until_rebuild').notNull().default(false),
  /** The change event that withdrew it. */
  reason: text('reason').notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
});

/**
 * The facts of a change to the public site (src/lib/site/change-facts.ts checks them when read):
 * its kind and verb, the country (ISO code) and year, the theme (slug), and the English names of
 * country and theme then; `name` is what a person wrote (a practice's or an item's title).
 */
export interface StoredSiteChangeFacts {
  kind: string;
  verb?: string;
  country?: string;
  countryName?: string;
  year?: number;
  theme?: string;
  themeName?: string;
  name?: string | null;
  cmsKind?: string;
  rows?: number;
}

/**
 * The changes to the public site, named in their own transaction (decision 027, kept in the
 * database since decision 053): the ones after the live build's start are what the site is
 * behind by, on every instance and after a restart.
 */
export const siteChanges = pgTable(
  'site_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The change in English, as written when it happened (rows before `facts` existed, and logs). */
    title: text('title').notNull(),
    /** What the change was, to word it in the reader's language (issue 32); null in older rows. */
    facts: jsonb('facts').$type<StoredSiteChangeFacts>(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index('site_changes_at_idx').on(table.at)],
);

/**
 * What administrators wrote in Chinese, French or Russian for a text of the portal's own content
 * (issue 17 item 2, decision 044): a thrust's name, a question's wording, help and choices, a
 * profile theme's name and overview, an indicator's name and unit, a CMS item's title… One row
 * per record and language; `fields` holds only the translated fields (English fills the rest).
 * `source` is the English of those fields when they were translated, to tell a translation that
 * English has since changed under.
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    entity: text('entity').notNull(),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    source: jsonb('source').$type<Record<string, string>>().notNull().default({}),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.entity, table.key, table.locale] }),
    index('content_translations_locale_idx').on(table.entity, table.locale),
    check('content_translations_locale_check', sql`${table.locale} in ('zh', 'fr', 'ru')`),
  ],
);

/**
 * Backups in progress (decision 055). While one holds a lease, stored files are not deleted but
 * listed in deferred_file_deletions, so every file the backup's rows name is still there when it
 * is copied; the backup deletes them when it ends. A lease the backup stops renewing (it died)
 * expires, and deletions go ahead again. Backups leave both tables out.
 */
export const backupLeases = pgTable('backup_leases', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Files (or with `folder`, every file under a folder key) to delete once no backup runs. */
export const deferredFileDeletions = pgTable(
  'deferred_file_deletions',
  {
    key: text('key').notNull(),
    folder: boolean('folder').notNull().default(false),
    deferredAt: timestamp('deferred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.folder] })],
);

/**
 * Certificate authorities the administrators trust for the digital signatures of submitted
 * reports (decision 056): for the whole region (country_code null) or for one country. A
 * signature whose certificate chains to one of them is shown as verified; the certificate is
 * kept as the PEM text that was added, with what it says about itself for the list.
 */
export const trustedAuthorities = pgTable(
  'trusted_authorities',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    countryCode: varchar('country_code', { length: 2 }).references(() => countries.code, { onDelete: 'cascade' }),
    /** The certificate's subject common name (or organisation): what the portal calls it. */
    name: text('name').notNull(),
    subject: jsonb('subject')
      .$type<{ name: string | null; organisation: string | null; country: string | null }>()
      .notNull(),
    pem: text('pem').notNull(),
    /** SHA-256 of the certificate's DER, in hex. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    note: text('note'),
    /** The demonstration's own authority (npm start), shown as such. */
    demo: boolean('demo').notNull().default(false),
    version: version(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('trusted_authorities_scope_idx').on(table.fingerprint, sql`coalesce(${table.countryCode}, '')`),
  ],
);

/**
 * The search index of the national reports' answers (issue 34): one row per answer with text, its words segmented
 * and normalised in the server (Intl.Segmenter for scripts written without spaces, a stemmer where a language
 * inflects), the same on PGlite and PostgreSQL. Each instance serves searches from an index in memory read from
 * these rows (decision 076, addendum).
 */
export const answerSearch = pgTable(
  'answer_search',
  {
    answerId: integer('answer_id')
      .primaryKey()
      .references(() => reportAnswers.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => nationalReports.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    year: integer('year').notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    /** The segmented, normalised words, space-separated, in their order (what the search in memory reads). */
    words: text('words').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('answer_search_report_idx').on(table.reportId)],
);

/**
 * Reviewers' comments on one answer of a form (issue 34): a form (`national_report`; `best_practice`, whose
 * questions are the practice's section keys, decision 077), its instance (a report's or practice's uuid) and the
 * question's key; replies sit under their comment (`parent_id`). Open until the people answering (or a reviewer)
 * mark them resolved. Never public.
 */
export const formComments = pgTable(
  'form_comments',
  {
    id: serial('id').primaryKey(),
    form: varchar('form', { length: 20 }).notNull(),
    instance: text('instance').notNull(),
    question: text('question').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => formComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('form_comments_instance_idx').on(table.form, table.instance, table.createdAt),
    index('form_comments_parent_idx').on(table.parentId),
  ],
);

/**
 * The narrative answers the secretariat chose, on the Compare screen, to quote in a cycle's regional synthesis
 * (issue 34): at most five per question, in their order.
 */
export const synthesisQuotes = pgTable(
  'synthesis_quotes',
  {
    id: serial('id').primaryKey(),
    year: integer('year')
      .notNull()
      .references(() => reportingCycles.year, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => nationalReports.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('synthesis_quotes_year_question_report_idx').on(table.year, table.questionId, table.reportId),
    index('synthesis_quotes_year_idx').on(table.year, table.questionId, table.sort),
  ],
);
