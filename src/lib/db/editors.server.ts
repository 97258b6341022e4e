import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** The users table again, joined as the person who last changed a record (its `updated_by`). */
export const updater = alias(users, 'updater');

/** The columns of `updater` a record's read selects: its id and a name to show (the email without one). */
export const updaterColumns = {
  updaterId: updater.id,
  updaterName: sql<string | null>`coalesce(${updater.name}, ${updater.email})`,
};

/** `{id, name}` of the last editor, or null when nobody (or a since-deleted user) changed the record. */
export function editorOf(row: {
  updaterId: number | null;
  updaterName: string | null;
}): { id: number; name: string } | null {
  return row.updaterId === null ? null : { id: row.updaterId, name: row.updaterName ?? '' };
}
