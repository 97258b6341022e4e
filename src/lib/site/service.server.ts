import type { AppDeps, AuthedUser } from '../deps.server.ts';
import type { Locale } from '../../i18n/locales.ts';
import { requestLanguage } from '../i18n/request-language.server.ts';
import { translationsInto } from '../translations/queries.server.ts';
import { siteChangeText, type ThemeNames } from './change-words.ts';
import type { SiteChange } from './pending.server.ts';
import { buildSeconds, liveInSeconds } from './estimate.ts';
import { WAITING_LISTED_MAX, type SiteStatusData } from './schema.ts';

/**
 * "Publish now" (POST site/publish, admin-level): records who asked and publishes
 * `site.publish.requested`, whose standing subscriber queues the rebuild like any other public
 * change (decision 023). Changes go live by themselves; this only builds the site again at once.
 */
export async function requestSitePublish(deps: AppDeps, auth: AuthedUser): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    await w.audit({ actorId: auth.user.id, entity: 'site', entityId: 'public-site', action: 'publish' });
    await w.emit({ type: 'site.publish.requested', data: {}, actorId: auth.user.id, site: true });
  });
}

/** The themes' names in `locale` as administrators translated them, by slug. */
async function themeNames(deps: AppDeps, locale: Exclude<Locale, 'en'>): Promise<ThemeNames> {
  const translated = await translationsInto(deps.db, 'profile-category', locale);
  return new Map(
    [...translated].flatMap(([slug, fields]) => (fields['name'] ? [[slug, fields['name']] as const] : [])),
  );
}

/** Each change's line in `locale`, from its facts; a change written before facts were kept keeps its English title. */
async function siteChangeTitles(deps: AppDeps, locale: Locale, changes: SiteChange[]): Promise<string[]> {
  const named = locale !== 'en' && changes.some((change) => change.facts?.theme);
  const themes = named ? await themeNames(deps, locale) : new Map<string, string>();
  return changes.map((change) => (change.facts && siteChangeText(locale, change.facts, themes)) || change.title);
}

/**
 * The publishing status (decision 027): the builder's state, the changes not yet live (newest
 * first, at most WAITING_LISTED_MAX listed, each in the request's language, issue 32) and when
 * they should be.
 */
export async function siteStatus(deps: AppDeps, now = new Date(), locale = requestLanguage()): Promise<SiteStatusData> {
  const status = deps.site.status();
  const started = status.live ? new Date(status.live.started ?? status.live.since) : null;
  const waiting = await deps.siteChanges.waiting(started, WAITING_LISTED_MAX);
  const latest = waiting.changes.at(-1)?.at ?? null;
  const titles = await siteChangeTitles(deps, locale, waiting.changes);
  return {
    ...status,
    waiting: {
      total: waiting.total,
      ...(waiting.oldest && { since: waiting.oldest.toISOString() }),
      changes: waiting.changes
        .map((change, index) => ({ type: change.type, title: titles[index]!, at: change.at.toISOString() }))
        .reverse(),
    },
    buildSeconds: buildSeconds(status),
    liveInSeconds: liveInSeconds(status, latest, now),
  };
}
