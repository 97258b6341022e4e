import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ScreenProps } from '../screen-props.ts';
import { $auth } from '../session.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { ErrorState } from '../ui/states.tsx';
import { NameField, PhoneField } from '../ui/person-fields.tsx';
import { ui } from '../ui/styles.ts';
import { serverFieldErrors, type FieldErrors } from '../lib/field-errors.ts';
import { CountryValue } from '../ui/flag.tsx';
import { $saveDetails, checkDetails } from './account-store.ts';
import { EmailChoicesSection } from './email-choices-section.tsx';
import { EmailSection, PasswordSection } from './security-sections.tsx';
import { PhotoSection } from './photo-section.tsx';
import { roleLabel } from '../ui/format.ts';
import { CardSection } from '../ui/card-section.tsx';
import { Fact } from '../ui/fact.tsx';
import { m } from './messages.ts';

/** /profile: the signed-in person's own account (name, phone, photo, password, email, email choices). */
export function MyProfileScreen({ identity }: ScreenProps) {
  const auth = useStore($auth);
  return (
    <>
      <PageHeading description={m('intro')}>{m('title')}</PageHeading>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <DetailsSection identity={identity} />
          <PasswordSection />
          <EmailChoicesSection />
        </div>
        <div className="space-y-6">
          <PhotoSection identity={identity} />
          <EmailSection email={identity.email} verified={auth.status === 'signedIn' && auth.emailVerified} />
        </div>
      </div>
    </>
  );
}

function DetailsSection({ identity }: Pick<ScreenProps, 'identity'>) {
  const save = useStore($saveDetails);
  const [name, setName] = useState(identity.name ?? '');
  const [phone, setPhone] = useState(identity.phone_number ?? '');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  useEffect(() => {
    $saveDetails.set({ mutate: $saveDetails.mutate, loading: false });
  }, []);

  const errors = { ...serverFieldErrors(save.error), ...clientErrors };
  const generalError = save.error && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;
  const changed = name !== (identity.name ?? '') || phone !== (identity.phone_number ?? '');

  return (
    <CardSection id="details-title" title={m('details.title')}>
      <form
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          const input = { name, phone_number: phone };
          const found = checkDetails(input, identity.country_code ?? '');
          setClientErrors(found);
          const first = ['name', 'phone_number'].find((field) => found[field]);
          if (first) document.getElementById(`me-${first}`)?.focus();
          else void $saveDetails.mutate({ input, identity });
        }}
      >
        {generalError && <ErrorState error={generalError} title={m('details.notSaved')} />}
        <div className="grid gap-5 sm:grid-cols-2">
          <NameField idPrefix="me" value={name} onChange={setName} errors={errors} />
          <PhoneField idPrefix="me" value={phone} onChange={setPhone} errors={errors} />
        </div>
        <dl className="grid gap-4 rounded-md bg-slate-50 p-4 text-sm sm:grid-cols-3">
          <Fact term={m('details.email')} value={identity.email} valueClass="break-words font-medium text-slate-900" />
          <Fact term={m('details.country')}>
            <CountryValue country={identity.country} />
          </Fact>
          <Fact
            term={m('details.role')}
            value={identity.roles[0] ? roleLabel(identity.roles[0]) : m('details.noRole')}
          />
        </dl>
        <p className="text-xs text-slate-600">{m('details.setByAdmin')}</p>
        <button type="submit" className={ui.primaryButton} disabled={save.loading || !changed}>
          {save.loading ? m('saving') : m('details.save')}
        </button>
      </form>
    </CardSection>
  );
}
