import {
  CMS_DESCRIPTION_MAX,
  CMS_EVENT_MAX,
  CMS_ORDER_MAX,
  CMS_STATUSES,
  CMS_TITLE_MAX,
  CmsStatusSchema,
  type CmsType,
} from '../../../lib/cms/schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { TextAreaField } from '../lib/text-area-field.tsx';
import { Options } from '../ui/filters.tsx';
import { Field, InputField } from '../ui/field.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import type { CmsDraft } from './cms-draft.ts';
import { CMS_STATUS_TEXT } from './cms-kinds.ts';
import { m } from './messages.ts';

const LINK_HINTS: Record<CmsType, string> = {
  banner: m('fields.linkHint.banner'),
  video: m('fields.linkHint.video'),
  partner: m('fields.linkHint.partner'),
};

/** A web address: the URL keyboard, at most 2,000 characters, no autofill. */
const URL_INPUT = { type: 'url', inputMode: 'url', maxLength: 2000, autoComplete: 'off' } as const;
/** Text in any language and direction, no autofill. */
const TEXT_INPUT = { dir: 'auto', autoComplete: 'off' } as const;

export type SetCmsField = <K extends keyof CmsDraft>(key: K, value: CmsDraft[K]) => void;
export interface FieldsProps {
  draft: CmsDraft;
  set: SetCmsField;
  errors: FieldErrors;
}

type TextKey = 'title' | 'link' | 'display_order' | 'video_url' | 'event' | 'image_alt';

/**
 * A one-line field on one text of the draft: `cms-<field>` is its id, and the field names its
 * messages, its value and what it sets.
 */
export function DraftInput({
  draft,
  set,
  errors,
  field,
  optional,
  ...props
}: FieldsProps & { field: TextKey; optional?: boolean } & Pick<
    Parameters<typeof InputField>[0],
    'label' | 'hint' | 'input'
  >) {
  return (
    <InputField
      id={`cms-${field}`}
      name={field}
      errors={errors}
      value={draft[field]}
      onValue={(value) => set(field, value)}
      optional={optional ? m('fields.optional') : undefined}
      {...props}
    />
  );
}

export function TitleField(props: FieldsProps) {
  return (
    <DraftInput
      {...props}
      field="title"
      label={m('fields.title')}
      input={{ ...TEXT_INPUT, maxLength: CMS_TITLE_MAX, required: true }}
    />
  );
}

/** A media item's kind (photo or hosted video), the video's address and the event it belongs to. */
export function MediaFields(props: FieldsProps) {
  const { draft, set, errors } = props;
  const isVideo = draft.media_kind === 'video';
  return (
    <>
      <fieldset>
        <legend className={ui.label}>{m('fields.kind')}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['photo', 'video'] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="media_kind"
                id={value === 'photo' ? 'cms-media_kind' : undefined}
                value={value}
                checked={draft.media_kind === value}
                onChange={() => set('media_kind', value)}
                className="size-4 accent-brand-600"
              />
              {value === 'photo' ? m('fields.photo') : m('fields.hostedVideo')}
            </label>
          ))}
        </div>
        <FieldError id="cms-media_kind-error" messages={errors['media_kind']} />
      </fieldset>

      {isVideo && (
        <DraftInput
          {...props}
          field="video_url"
          label={m('fields.videoAddress')}
          hint={m('fields.videoHint')}
          input={{ ...URL_INPUT, placeholder: 'https://www.youtube.com/watch?v=…' }}
        />
      )}

      <DraftInput
        {...props}
        field="event"
        label={m('fields.event')}
        optional
        hint={m('fields.eventHint')}
        input={{ ...TEXT_INPUT, maxLength: CMS_EVENT_MAX }}
      />
    </>
  );
}

/** The optional description and link. */
export function DescriptionAndLinkFields({ type, ...props }: FieldsProps & { type: CmsType }) {
  const { draft, set, errors } = props;
  return (
    <>
      <TextAreaField
        id="cms-description"
        label={m('fields.description')}
        optional={m('fields.optional')}
        messages={errors['description']}
        textarea={{
          rows: 4,
          value: draft.description,
          maxLength: CMS_DESCRIPTION_MAX,
          onChange: (event) => set('description', event.target.value),
          ...invalidProps(errors, 'description', 'cms-description-error'),
        }}
      />

      <DraftInput
        {...props}
        field="link"
        label={m('fields.link')}
        optional
        hint={LINK_HINTS[type]}
        input={{ ...URL_INPUT, placeholder: 'https://' }}
      />
    </>
  );
}

/** The display order and the status, side by side. */
export function OrderAndStatusFields(props: FieldsProps) {
  const { draft, set, errors } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <DraftInput
        {...props}
        field="display_order"
        label={m('fields.displayOrder')}
        hint={m('fields.orderHint')}
        input={{ type: 'number', inputMode: 'numeric', min: 0, max: CMS_ORDER_MAX, step: 1 }}
      />
      <Field id="cms-status" label={m('fields.status')} hint={m('fields.statusHint')} messages={errors['status']}>
        <select
          id="cms-status"
          className={`${ui.input} mt-1`}
          value={draft.status}
          aria-describedby="cms-status-hint"
          onChange={(event) => set('status', CmsStatusSchema.parse(event.target.value))}
          {...invalidProps(errors, 'status', 'cms-status-error')}
        >
          <Options options={CMS_STATUSES.map((status) => ({ value: status, label: CMS_STATUS_TEXT[status] }))} />
        </select>
      </Field>
    </div>
  );
}
