/**
 * The language of an API request (decision 043): the first tag of `Accept-Language` whose primary
 * subtag is one of the portal's languages (the back-office sends the account's language with
 * every call), English otherwise. Kept for the request's duration in an AsyncLocalStorage, so
 * that code far from the request (a schema parse inside a service) can ask for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../i18n/locales.ts';
import { setParseErrorMap } from '../http/errors.server.ts';
import { BODY_LANGUAGE, type BodyLanguage } from '../http/public-cache.server.ts';
import { localiseBody } from './api-messages.ts';

const storage = new AsyncLocalStorage<Locale>();

/**
 * zod's own messages (a schema without a message of ours) in the request's language, from the
 * locales zod ships; our schemas' messages are said by key (decision 064) and worded on the way out.
 */
const ZOD_LOCALES: Record<Exclude<Locale, 'en'>, () => { localeError: z.core.$ZodErrorMap }> = {
  zh: z.locales.zhCN,
  fr: z.locales.fr,
  ru: z.locales.ru,
};
const zodMaps = new Map<Locale, z.core.$ZodErrorMap>();

function zodErrorMap(locale: Locale): z.core.$ZodErrorMap | undefined {
  if (locale === 'en') return undefined;
  let map = zodMaps.get(locale);
  if (!map) zodMaps.set(locale, (map = ZOD_LOCALES[locale]().localeError));
  return map;
}

setParseErrorMap(() => zodErrorMap(requestLanguage()));

/** The portal's language an `Accept-Language` header asks for first; English when none. */
export function languageOfAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const primary = tag.split('-')[0] as Locale;
    if ((LOCALES as readonly string[]).includes(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The language of the request being handled; English outside a request (tests, jobs). */
export function requestLanguage(): Locale {
  return storage.getStore() ?? DEFAULT_LOCALE;
}

/**
 * Middleware of the API: hears the request's language, answers in it. Every JSON body the
 * request answers with (`c.json`, the error handler's included) has its `message` and field
 * `errors` worded on the way out (`localiseBody`): the code says each by its key and values.
 */
export function apiLanguage(): MiddlewareHandler {
  return async (c, next) => {
    const locale = languageOfAcceptLanguage(c.req.header('accept-language'));
    c.header('Vary', 'Accept-Language', { append: true });
    if (locale !== DEFAULT_LOCALE) {
      c.header('Content-Language', locale === 'zh' ? 'zh-Hans' : locale);
      c.set(BODY_LANGUAGE, { locale, localise: (body: unknown) => localiseBody(locale, body) } satisfies BodyLanguage);
      const json = c.json.bind(c);
      c.json = ((object: unknown, ...rest: unknown[]) =>
        (json as (...args: unknown[]) => Response)(localiseBody(locale, object), ...rest)) as typeof c.json;
    }
    await storage.run(locale, next);
  };
}
