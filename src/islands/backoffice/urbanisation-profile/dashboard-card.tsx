import { useStore } from '@nanostores/react';
import { z } from 'zod';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { CardFrame } from '../dashboard/card-frame.tsx';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { pathTo } from '../router.ts';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { countryName } from '../../i18n/countries.ts';
import { m } from './card/messages.ts';

const MissingResponseSchema = GenericResponseSchema.extend({
  data: z.object({
    year: z.number().int().nullable(),
    missing: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});
export const $profileMissing = createFetcherStore(['profile/dashboard/missing'], {
  fetcher: fetchWith(MissingResponseSchema),
});

/** Administrators: the countries without published profile figures for the latest year that has any. */
export function ProfileMissingCard() {
  const answer = useStore($profileMissing);
  const data = answer.data?.data;
  return (
    <CardFrame
      id="profile-missing"
      title={data?.year ? m('missing.titleYear', { year: String(data.year) }) : m('missing.title')}
      count={data?.missing.length}
      footer={
        <a className={`${ui.link} text-sm`} href={pathTo('profileAnalytics')}>
          {m('missing.analytics')}
        </a>
      }
    >
      {answer.error !== undefined && !data ? (
        <ErrorState error={answer.error} title={m('missing.loadFailed')} onRetry={() => $profileMissing.invalidate()} />
      ) : !data ? (
        <Skeleton rows={2} label={m('missing.loading')} />
      ) : data.year === null ? (
        <p className="mt-2 text-sm text-slate-700">{m('missing.noneYet')}</p>
      ) : data.missing.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{m('missing.every', { year: String(data.year) })}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {data.missing
            .slice(0, 12)
            .map((c) => countryName(c.code, c.name))
            .join(m('missing.separator'))}
          {data.missing.length > 12 && m('missing.andMore', { count: data.missing.length - 12 })}
          {m('missing.end')}
        </p>
      )}
    </CardFrame>
  );
}
