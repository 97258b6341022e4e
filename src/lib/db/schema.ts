import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CmsImage } from '../cms/schema.ts';

/** Countries and territories of the region; `code` is the ISO 3166-1 alpha-2 code in capitals. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  flag: text('flag').notNull(),
  status: smallint('status').notNull().default(1),
  continent: text('continent').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_status_idx').on(table.status, table.id),
    index('users_country_status_idx').on(table.countryCode, table.status, table.id),
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
    /** The stored renditions of the uploaded image (src/lib/cms/images.server.ts). */
    image: jsonb('image').$type<CmsImage>(),
    /** When the item was last published; kept when it is taken down. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
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
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt, table.id),
    index('contact_messages_unread_idx').on(table.createdAt).where(sql`${table.readAt} is null`),
  ],
);
