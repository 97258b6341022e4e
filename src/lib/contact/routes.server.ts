import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.server.ts';
import { localisedPath, PREFIXED_LOCALES } from '../../i18n/locales.ts';
import { requireAdminLevel } from '../access/guards.server.ts';
import {
  ApiError,
  notFound,
  parsePath,
  parseQuery,
  readJson,
  requiredVersion,
  validationError,
} from '../http/errors.server.ts';
import { requestLanguage } from '../i18n/request-language.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { requireUser } from '../identity/middleware.server.ts';
import { listContactMessages } from './queries.server.ts';
import {
  CONTACT_STATUS_LABELS,
  ContactBodySchema,
  ContactDeleteBodySchema,
  ContactListQuerySchema,
  ContactReplyBodySchema,
  ContactStatusBodySchema,
  type ContactActionResponse,
  type ContactListResponse,
  type ContactShowResponse,
} from './schema.ts';
import {
  deleteContactMessage,
  insertContactMessage,
  openContactMessage,
  replyToContactMessage,
  setContactStatus,
} from './service.server.ts';
import { say } from '../i18n/said.ts';

/** Where a plain HTML form post is sent back to (visitors without JavaScript). */
export const CONTACT_SENT_PAGE = '/contact-us/sent';
export const CONTACT_FORM_PAGE = '/contact-us';
export const CONTACT_THANKS = 'Thank you: your message has been sent';

/** A plain post from the French form (`?lang=fr`) is sent back to the French pages (decision 041). */
function formPage(c: Context<AppEnv>, path: string): string {
  const lang = c.req.query('lang');
  const locale = PREFIXED_LOCALES.find((l) => l === lang);
  return locale ? localisedPath(locale, path) : path;
}

const IdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a message number')
    .transform(Number),
});

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The form's fields, read from JSON (the island) or from a plain form post. A plain post is
 * answered with a redirect, so the browser shows a page, never JSON.
 */
async function readContactBody(c: Context<AppEnv>, isForm: boolean) {
  if (!isForm) return readJson(c, ContactBodySchema);
  const params = new URLSearchParams(await c.req.text());
  const fields = Object.fromEntries(
    ['name', 'email', 'subject', 'message', 'website'].flatMap((key) =>
      params.has(key) ? [[key, params.get(key)]] : [],
    ),
  );
  const result = ContactBodySchema.safeParse(fields);
  if (!result.success) throw validationError(result.error, 'body');
  return result.data;
}

/** A redirect back to the form naming the problem: `invalid` (with `fields`) or `rate-limited`. */
function formError(c: Context<AppEnv>, error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  const query = new URLSearchParams();
  if (error.status === 429) query.set('error', 'rate-limited');
  else if (error.status === 400) {
    query.set('error', 'invalid');
    if (error.errors) query.set('fields', Object.keys(error.errors).join(','));
  } else throw error;
  // The fragment shows the page's error box with CSS alone (:target), for visitors without JavaScript.
  return c.redirect(`${formPage(c, CONTACT_FORM_PAGE)}?${query.toString()}#contact-error`, 303);
}

async function sendMessage(c: Context<AppEnv>, isForm: boolean): Promise<void> {
  const body = await readContactBody(c, isForm);
  const deps = c.get('deps');
  const { contact } = deps;
  const client = contact.clientHash(c);
  const decision = contact.take(client);
  if (!decision.allowed) {
    c.header('Retry-After', String(decision.retryAfterSeconds));
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    throw new ApiError(
      429,
      say(
        '{count, plural, one {Too many messages from your network: please try again in # minute} other {Too many ' +
          'messages from your network: please try again in # minutes}}',
        { count: minutes },
      ),
    );
  }
  // The honeypot: a person never sees the field, a form-filling robot fills it. It is told its
  // message went, and nothing is kept.
  if (body.website) return;
  await insertContactMessage(deps, {
    name: body.name,
    email: body.email,
    subject: body.subject,
    message: body.message,
    clientHash: client,
    // The replies are written around in the language the sender's browser asks for.
    language: requestLanguage(),
  });
}

export const contactRoutes = new Hono<AppEnv>()
  // Public: the contact form of the public site, as JSON (island) or a plain form post.
  .post('/contact-us', async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const isForm = type.startsWith(FORM_TYPE);
    try {
      await sendMessage(c, isForm);
    } catch (error) {
      if (isForm) return formError(c, error);
      throw error;
    }
    if (isForm) return c.redirect(formPage(c, CONTACT_SENT_PAGE), 303);
    return c.json<GenericResponse>({ status: 201, message: CONTACT_THANKS }, 201);
  })

  .get('/contact-us/list', requireUser(), async (c) => {
    requireAdminLevel(c);
    const query = parseQuery(c, ContactListQuerySchema);
    const result = await listContactMessages(c.get('deps').db, query);
    return c.json<ContactListResponse>({ ...result, page: query.page, per_page: query.per_page });
  })

  .get('/contact-us/show/:id', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { id } = parsePath(c, IdParamSchema);
    const message = await openContactMessage(c.get('deps'), id, auth.user.id);
    if (!message) throw notFound('No message with this number');
    return c.json<ContactShowResponse>({ status: 200, message: 'Message', data: message });
  })

  // The secretariat's work on a message (admin-level, like reading them): each sends the version it read.
  .post('/contact-us/status/:id', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { id } = parsePath(c, IdParamSchema);
    const body = await readJson(c, ContactStatusBodySchema);
    const version = requiredVersion(c, body.version);
    const data = await setContactStatus(c.get('deps'), { id, status: body.status, version, auth });
    return c.json<ContactActionResponse>({
      status: 200,
      message: say('Marked {contactStatus}', { contactStatus: CONTACT_STATUS_LABELS[body.status].toLowerCase() }),
      data,
    });
  })

  .post('/contact-us/reply/:id', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { id } = parsePath(c, IdParamSchema);
    const body = await readJson(c, ContactReplyBodySchema);
    const version = requiredVersion(c, body.version);
    const data = await replyToContactMessage(c.get('deps'), { id, reply: body, version, auth });
    return c.json<ContactActionResponse>({
      status: 200,
      message: say('Reply to {email} is on its way', { email: data.email }),
      data,
    });
  })

  .post('/contact-us/delete/:id', requireUser(), async (c) => {
    const auth = requireAdminLevel(c);
    const { id } = parsePath(c, IdParamSchema);
    // The version comes in a JSON body or as If-Match (then no body is needed).
    const body = c.req.header('content-type') ? await readJson(c, ContactDeleteBodySchema) : {};
    const version = requiredVersion(c, body.version);
    await deleteContactMessage(c.get('deps'), { id, version, auth });
    return c.json<GenericResponse>({ status: 200, message: 'Message deleted' });
  });
