import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { TrustedAuthority } from '../../../lib/signatures/schema.ts';
import { countryName } from '../../i18n/countries.ts';
import { $allCountries } from '../countries/countries-store.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { invalidProps } from '../lib/field-errors.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Field, InputField, Labelled } from '../ui/field.tsx';
import { formatDate, formatDateTime } from '../ui/format.ts';
import { HeadingLink, PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, FieldError, Skeleton } from '../ui/states.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
import { ui } from '../ui/styles.ts';
import {
  $authorities,
  $authorityForm,
  $authorityRows,
  $removing,
  type AuthorityRow as Row,
  addTrustedAuthority,
  editAuthorityForm,
  readPemFile,
  removeTrustedAuthority,
} from './authorities-store.ts';
import { m } from './messages.ts';

/** The first line of a PEM certificate: the same in every language, shown as the box's example. */
const PEM_HEADER = '-----BEGIN CERTIFICATE-----';

/**
 * /admin/setting/trusted-authorities: the certificate authorities whose signers' signatures are
 * shown as verified (decision 056). Reached from the country settings and the dashboard (the
 * sidebar's items are fixed by the spec).
 */
export function TrustedAuthoritiesScreen(_: ScreenProps) {
  const list = useStore($authorities);
  const rows = useStore($authorityRows);
  const [removing, setRemoving] = useState<TrustedAuthority | null>(null);
  return (
    <>
      <PageHeading description={m('intro')}>{m('title')}</PageHeading>
      <HeadingLink href={pathTo('countries')}>{m('back')}</HeadingLink>
      <AddForm />
      <section aria-label={m('list.caption')} className="mt-6">
        {list.error !== undefined && !list.data ? (
          <ErrorState error={list.error} title={m('list.loadFailed')} onRetry={() => $authorities.invalidate()} />
        ) : !rows ? (
          <Skeleton rows={4} label={m('list.loading')} />
        ) : rows.length === 0 ? (
          <EmptyState title={m('empty.title')}>{m('empty.text')}</EmptyState>
        ) : (
          <AuthorityTable authorities={rows} onRemove={setRemoving} />
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={m('removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={m('remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void removeTrustedAuthority(removing);
          setRemoving(null);
        }}
      >
        {m('removeText')}
      </ConfirmDialog>
    </>
  );
}

function AddForm() {
  const form = useStore($authorityForm);
  const countries = useStore($allCountries).data?.data ?? [];
  const invalid = (field: string) => invalidProps(form.errors, field, `authority-${field}-error`);
  return (
    <form
      className={`${ui.card} space-y-4`}
      aria-labelledby="authority-add"
      onSubmit={(event) => {
        event.preventDefault();
        void addTrustedAuthority();
      }}
    >
      <div>
        <h2 id="authority-add" className="text-lg font-semibold text-slate-900">
          {m('add.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{m('add.help')}</p>
      </div>
      <Labelled id="authority-pem" label={m('add.pem')}>
        <textarea
          id="authority-pem"
          rows={6}
          spellCheck={false}
          className={`${ui.input} mt-1 font-mono text-xs`}
          value={form.pem}
          placeholder={PEM_HEADER}
          onChange={(event) => editAuthorityForm({ pem: event.target.value })}
          {...invalid('pem')}
        />
        <FieldError id="authority-pem-error" messages={form.errors['pem']} />
        <label className="mt-2 block text-sm text-slate-700">
          {m('add.file')}{' '}
          <input
            type="file"
            accept=".pem,.crt,.cer,application/x-pem-file"
            className="mt-1 block text-sm"
            onChange={(event) => void readPemFile(event.target.files?.[0])}
          />
        </label>
      </Labelled>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="authority-scope"
          label={m('add.scope')}
          errorId="authority-country_code-error"
          messages={form.errors['country_code']}
        >
          <select
            id="authority-scope"
            className={`${ui.input} mt-1`}
            value={form.country}
            onChange={(event) => editAuthorityForm({ country: event.target.value })}
            {...invalid('country_code')}
          >
            <option value="">{m('add.region')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {countryName(country.code, country.name)}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="authority-note"
          name="note"
          errors={form.errors}
          label={m('add.note')}
          value={form.note}
          onValue={(note) => editAuthorityForm({ note })}
          input={{ dir: 'auto', placeholder: m('add.notePlaceholder'), maxLength: 500 }}
        />
      </div>
      {form.message && (
        <p role="alert" className="break-words text-sm text-red-700">
          {form.message}
        </p>
      )}
      <button type="submit" className={ui.primaryButton} disabled={form.saving || form.pem.trim() === ''}>
        {form.saving ? m('add.saving') : m('add.submit')}
      </button>
    </form>
  );
}

function AuthorityTable({
  authorities,
  onRemove,
}: {
  authorities: readonly Row[];
  onRemove: (authority: TrustedAuthority) => void;
}) {
  const removing = useStore($removing);
  const countries = useStore($allCountries).data?.data ?? [];
  const scopeOf = (code: string | null) =>
    code === null ? m('region') : countryName(code, countries.find((c) => c.code === code)?.name ?? code);
  return (
    <div className={`${ui.cardFlush} overflow-x-auto`}>
      <DataTable
        caption={m('list.caption')}
        head={
          <HeaderCells
            labels={[
              m('col.name'),
              m('col.scope'),
              m('col.valid'),
              { label: m('col.fingerprint'), className: 'hidden lg:table-cell' },
              { label: m('col.added'), className: 'hidden md:table-cell' },
            ]}
            actions={m('col.actions')}
          />
        }
      >
        {authorities.map((authority) => (
          <AuthorityRow
            key={authority.uuid}
            authority={authority}
            scope={scopeOf(authority.country_code)}
            busy={removing.includes(authority.uuid)}
            onRemove={onRemove}
          />
        ))}
      </DataTable>
    </div>
  );
}

function AuthorityRow({
  authority,
  scope,
  busy,
  onRemove,
}: {
  authority: Row;
  scope: string;
  busy: boolean;
  onRemove: (authority: TrustedAuthority) => void;
}) {
  const details = [authority.subject.organisation, authority.subject.country].filter(Boolean).join(', ');
  return (
    <tr>
      <th scope="row" className={`${ui.td} text-left`}>
        <span className="font-medium" dir="auto">
          {authority.name}
        </span>
        {authority.demo && (
          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{m('demo')}</span>
        )}
        {details && (
          <span className="block text-xs font-normal text-slate-600" dir="auto">
            {details}
          </span>
        )}
        {authority.note && (
          <span className="block text-xs font-normal text-slate-600" dir="auto">
            {authority.note}
          </span>
        )}
      </th>
      <td className={ui.td}>{scope}</td>
      <td className={ui.td}>
        {formatDate(authority.not_after)}
        {authority.expired && <span className="ml-2 font-medium text-red-700">{m('expired')}</span>}
      </td>
      <td className={`${ui.td} hidden font-mono text-xs lg:table-cell`} title={authority.fingerprint}>
        {authority.fingerprint.slice(0, 16)}…
      </td>
      <td className={`${ui.td} hidden md:table-cell`}>
        {authority.created_by
          ? m('addedBy', { time: formatDateTime(authority.created_at), name: authority.created_by.name })
          : formatDateTime(authority.created_at)}
      </td>
      <td className={`${ui.td} text-right`}>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={busy}
          aria-label={m('removeLabel', { name: authority.name })}
          onClick={() => onRemove(authority)}
        >
          {m('remove')}
        </button>
      </td>
    </tr>
  );
}
