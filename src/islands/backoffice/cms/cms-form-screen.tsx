import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { NotFoundView } from '../errors/error-views.tsx';
import { ApiError } from '../lib/api.ts';
import { PublishPanel } from '../publishing/publish-panel.tsx';
import { documentTitle } from '../route-meta.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { CMS_KINDS, CMS_STATUS_TEXT, itemNoun, kindText, type FormNoun } from './cms-kinds.ts';
import { m } from './messages.ts';
import { CMS_TONES, StatusChip } from '../ui/status-chip.tsx';
import { $cmsForm, $editedCmsItem, closeCmsForm, openCmsForm } from './cms-form-store.ts';
import { CmsForm } from './cms-form.tsx';
import { BackLink } from '../ui/back-link.tsx';

/**
 * /content-management/{cms_type}/form-{banner,video,partner}/{uuid?}: a new item, or one to
 * edit. The path's `cms_type` must be the form's kind; any other address is not found.
 */
export function CmsFormScreen(_: ScreenProps) {
  const form = useStore($cmsForm);
  const view = useStore($editedCmsItem);
  const owner = form?.uuid ?? 'new';
  const valid = form?.valid ?? false;

  useEffect(() => {
    if (!valid) {
      document.title = documentTitle(m('form.pageNotFound'));
      return;
    }
    openCmsForm(owner);
    return () => closeCmsForm(owner);
  }, [valid, owner]);

  if (!form || !form.valid) return <NotFoundView />;
  const kind = CMS_KINDS[form.type];
  const item = view.data?.data ?? null;
  const noun: FormNoun = form.uuid
    ? item
      ? itemNoun(item)
      : kind.noun
    : form.type === 'video'
      ? form.newMediaKind
      : kind.noun;

  return (
    <>
      <BackLink href={pathTo(kind.listRoute)} label={kindText(form.type, 'back')} />
      <PageHeading
        description={
          item ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusChip status={item.status} labels={CMS_STATUS_TEXT} tones={CMS_TONES} />
              <span dir="auto">{item.title}</span>
            </span>
          ) : undefined
        }
      >
        {form.uuid ? m(`item.${noun}.edit`) : m(`item.${noun}.add`)}
      </PageHeading>
      {/* A published item's edits rebuild the public site: its progress shows here. */}
      {item?.status === 'published' && <PublishPanel />}
      {!form.uuid ? (
        <CmsForm key="new" type={form.type} item={null} newMediaKind={form.newMediaKind} />
      ) : view.error instanceof ApiError && view.error.status === 404 ? (
        <EmptyState title={m(`item.${kind.noun}.notFound`)}>
          {m('form.notFoundText')}{' '}
          <a href={pathTo(kind.listRoute)} className={ui.link}>
            {kindText(form.type, 'back')}
          </a>
        </EmptyState>
      ) : view.error !== undefined && !item ? (
        <ErrorState
          error={view.error}
          title={m(`item.${kind.noun}.notLoaded`)}
          onRetry={
            view.error instanceof ApiError && view.error.status === 403 ? undefined : () => $editedCmsItem.invalidate()
          }
        />
      ) : !item ? (
        <Skeleton rows={6} label={m(`item.${kind.noun}.loading`)} />
      ) : (
        <CmsForm key={item.uuid} type={form.type} item={item} newMediaKind={form.newMediaKind} />
      )}
    </>
  );
}
