import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
