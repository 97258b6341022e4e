import { computed } from 'nanostores';
import {
  SentMailListResponseSchema,
  SentMailResponseSchema,
  type SentMailListResponse,
} from '../../../lib/mail/schema.ts';
import { withQuery } from '../lib/api.ts';
import { keepShownWhileLoading, pageOf } from '../lib/list.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $router, navigate, pathTo } from '../router.ts';

export const SENT_MAIL_PAGE_SIZE = 20;
/** While messages wait to be sent, the list asks again this often. */
export const SENT_MAIL_REFRESH_MS = 10_000;

/** The page and the open message (?page=, ?message=), from the URL. */
export interface SentMailFilters {
  page: number;
  message: string | null;
}

const UUID = /^[0-9a-f-]{36}$/i;

export const $sentMailFilters = computed($router, (page): SentMailFilters | null => {
  if (page?.route !== 'sentMail') return null;
  const message = page.search['message'] ?? '';
  return { page: pageOf(page.search), message: UUID.test(message) ? message : null };
});

const $listKey = computed($sentMailFilters, (f) =>
  f ? withQuery('mail/sent', { page: f.page, per_page: SENT_MAIL_PAGE_SIZE }) : null,
);
export const $sentMail = createFetcherStore([$listKey], {
  fetcher: fetchWith(SentMailListResponseSchema),
  revalidateInterval: SENT_MAIL_REFRESH_MS,
  revalidateOnFocus: true,
});
export const $sentMailView = keepShownWhileLoading<SentMailListResponse>($sentMail);

const $messageKey = computed($sentMailFilters, (f) => (f?.message ? `mail/sent/${f.message}` : null));
export const $openMail = createFetcherStore([$messageKey], { fetcher: fetchWith(SentMailResponseSchema) });

export function sentMailHref(filters: SentMailFilters, patch: Partial<SentMailFilters>): string {
  const next = { ...filters, ...patch };
  const search: Record<string, string | number> = {};
  if (next.page > 1) search['page'] = next.page;
  if (next.message) search['message'] = next.message;
  return pathTo('sentMail', {}, search);
}

export function goToSentMailPage(filters: SentMailFilters, page: number): void {
  navigate(sentMailHref(filters, { page, message: null }));
}
