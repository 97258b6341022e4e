import addressparser from 'nodemailer/lib/addressparser';

/**
 * A mailbox as nodemailer takes it: the name and the address apart, so that nodemailer quotes
 * or encodes the name itself (RFC 5322 / RFC 2047). An address line is never written by hand:
 * a name ending in a backslash, holding quotes or angle brackets, or written in any script
 * cannot change where the message goes (decision 058).
 */
export interface Mailbox {
  name: string;
  address: string;
}

/** The mailbox of `address`, named `name` when there is one (a name of spaces only is none). */
export function mailbox(address: string, name?: string | null): Mailbox {
  return { name: name?.trim() ?? '', address: address.trim() };
}

/**
 * The one mailbox an address line names (`"Asia-Pacific Urban Agenda" <no-reply@apua.example>`,
 * or a bare address), or null when it names none, several, or one without an `@`.
 */
export function parseMailbox(line: string): Mailbox | null {
  const parsed = addressparser(line, { flatten: true });
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (!only?.address || !/^[^@\s]+@[^@\s]+$/.test(only.address)) return null;
  return mailbox(only.address, only.name);
}

/** Whether two addresses are the same mailbox (the domain, and in practice the local part, ignore case). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
