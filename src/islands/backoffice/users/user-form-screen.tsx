import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ApiError } from '../lib/api.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { $editedUser, userEdit } from './user-form-store.ts';
import { UserForm } from './user-form.tsx';
import { m } from './messages.ts';
import { BackLink } from '../ui/back-link.tsx';

/** /admin/users/form/{uuid}: one user's details, status and role. */
export function UserFormScreen({ identity }: ScreenProps) {
  const user = useStore($editedUser);
  useEffect(() => userEdit.reset(), []);

  return (
    <>
      <BackLink href="/admin/users" label={m('form.back')} />
      <PageHeading description={user.data ? `${user.data.name ?? m('noName')} · ${user.data.email}` : undefined}>
        {m('form.title')}
      </PageHeading>
      {user.error instanceof ApiError && user.error.status === 404 ? (
        <EmptyState title={m('form.notFound')}>
          {m('form.notFoundText')}{' '}
          <a href="/admin/users" className={ui.link}>
            {m('form.backToList')}
          </a>
        </EmptyState>
      ) : user.error !== undefined && !user.data ? (
        <ErrorState
          error={user.error}
          title={m('form.loadFailed')}
          // A refusal (403) will not change by asking again.
          onRetry={
            user.error instanceof ApiError && user.error.status === 403 ? undefined : () => $editedUser.invalidate()
          }
        />
      ) : !user.data ? (
        <Skeleton rows={5} label={m('form.loading')} />
      ) : (
        // A new version (saved here, or reloaded after a conflict) starts the form again from it.
        <UserForm key={`${user.data.uuid}:${user.data.version}`} user={user.data} identity={identity} />
      )}
    </>
  );
}
