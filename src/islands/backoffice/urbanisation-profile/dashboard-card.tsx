import { useStore } from '@nanostores/react';
import { z } from 'zod';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { CardFrame } from '../dashboard/card-frame.tsx';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { pathTo } from '../router.ts';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';

const MissingResponseSchema = GenericResponseSchema.extend({
  data: z.object({ year: z.number().int().nullable(), missing: z.array(z.object({ code: z.string(), name: z.string() })) }),
});
export const $profileMissing = createFetcherStore(['profile/dashboard/missing'], { fetcher: fetchWith(MissingResponseSchema) });

/** Administrators: the countries without published profile figures for the latest year that has any. */
export function ProfileMissingCard() {
  const answer = useStore($profileMissing);
  const data = answer.data?.data;
  return (
    <CardFrame
      id="profile-missing"
      title={data?.year ? `Countries without profile figures for ${data.year}` : 'Urbanisation profile figures'}
      count={data?.missing.length}
      footer={<a className={`${ui.link} text-sm`} href={pathTo('profileAnalytics')}>Urbanisation profile analytics</a>}
    >
      {answer.error !== undefined && !data ? (
        <ErrorState error={answer.error} title="The figures could not be loaded" onRetry={() => $profileMissing.invalidate()} />
      ) : !data ? (
        <Skeleton rows={2} label="Loading…" />
      ) : data.year === null ? (
        <p className="mt-2 text-sm text-slate-700">No figures are published yet.</p>
      ) : data.missing.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Every country has published figures for {data.year}.</p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {data.missing.slice(0, 12).map((c) => c.name).join(', ')}
          {data.missing.length > 12 && ` and ${data.missing.length - 12} more`}.
        </p>
      )}
    </CardFrame>
  );
}
