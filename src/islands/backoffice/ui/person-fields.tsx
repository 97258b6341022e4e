import { NAME_MAX, PHONE_MAX } from '../../../lib/identity/schema.ts';
import { Labelled } from './field.tsx';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { m } from './messages.ts';
import { FieldError } from './states.tsx';
import { ui } from './styles.ts';

interface PersonFieldProps {
  /** Prefix of the input's id (`<prefix>-name`, `<prefix>-phone_number`): the forms focus the first bad field by it. */
  idPrefix: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
}

/** A person's name, as profile completion and My profile ask for it. */
export function NameField({ idPrefix, value, onChange, errors, required }: PersonFieldProps & { required?: boolean }) {
  return (
    <Labelled id={`${idPrefix}-name`} label={m('person.name')}>
      <input
        dir="auto"
        id={`${idPrefix}-name`}
        className={`${ui.input} mt-1`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="name"
        required={required}
        maxLength={NAME_MAX}
        {...invalidProps(errors, 'name', `${idPrefix}-name-error`)}
      />
      <FieldError id={`${idPrefix}-name-error`} messages={errors['name']} />
    </Labelled>
  );
}

/** An optional phone number in international format, with its hint. */
export function PhoneField({ idPrefix, value, onChange, errors }: PersonFieldProps) {
  const hint = `${idPrefix}-phone-hint`;
  const error = `${idPrefix}-phone-error`;
  return (
    <div>
      <label htmlFor={`${idPrefix}-phone_number`} className={ui.label}>
        {m('person.phone')} <span className="font-normal text-slate-600">{m('person.optional')}</span>
      </label>
      <input
        id={`${idPrefix}-phone_number`}
        type="tel"
        className={`${ui.input} mt-1`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="tel"
        maxLength={PHONE_MAX}
        aria-describedby={errors['phone_number'] ? `${hint} ${error}` : hint}
        aria-invalid={errors['phone_number'] ? true : undefined}
      />
      <p id={hint} className="mt-1 text-xs text-slate-600">
        {m('person.phoneHint')}
      </p>
      <FieldError id={error} messages={errors['phone_number']} />
    </div>
  );
}
