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

export type SetCmsField = <K extends keyof CmsDraft>(key: K, value: CmsDraft[K]) => void;
interface FieldsProps {
  draft: CmsDraft;
  set: SetCmsField;
  errors: FieldErrors;
}

export function TitleField({ draft, set, errors }: FieldsProps) {
  return (
    <InputField
      id="cms-title"
      name="title"
      label={m('fields.title')}
      errors={errors}
      value={draft.title}
      onValue={(value) => set('title', value)}
      input={{ dir: 'auto', maxLength: CMS_TITLE_MAX, required: true, autoComplete: 'off' }}
    />
  );
}

/** A media item's kind (photo or hosted video), the video's address and the event it belongs to. */
export function MediaFields({ draft, set, errors }: FieldsProps) {
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
        <InputField
          id="cms-video_url"
          name="video_url"
          label={m('fields.videoAddress')}
          hint={m('fields.videoHint')}
          errors={errors}
          value={draft.video_url}
          onValue={(value) => set('video_url', value)}
          input={{ ...URL_INPUT, placeholder: 'https://www.youtube.com/watch?v=…' }}
        />
      )}

      <InputField
        id="cms-event"
        name="event"
        label={m('fields.event')}
        optional={m('fields.optional')}
        hint={m('fields.eventHint')}
        errors={errors}
        value={draft.event}
        onValue={(value) => set('event', value)}
        input={{ dir: 'auto', maxLength: CMS_EVENT_MAX, autoComplete: 'off' }}
      />
    </>
  );
}

/** The optional description and link. */
export function DescriptionAndLinkFields({ type, draft, set, errors }: FieldsProps & { type: CmsType }) {
  return (
    <>
      <Field
        id="cms-description"
        label={m('fields.description')}
        optional={m('fields.optional')}
        messages={errors['description']}
      >
        <textarea
          dir="auto"
          id="cms-description"
          rows={4}
          className={`${ui.input} mt-1`}
          value={draft.description}
          maxLength={CMS_DESCRIPTION_MAX}
          onChange={(event) => set('description', event.target.value)}
          {...invalidProps(errors, 'description', 'cms-description-error')}
        />
      </Field>

      <InputField
        id="cms-link"
        name="link"
        label={m('fields.link')}
        optional={m('fields.optional')}
        hint={LINK_HINTS[type]}
        errors={errors}
        value={draft.link}
        onValue={(value) => set('link', value)}
        input={{ ...URL_INPUT, placeholder: 'https://' }}
      />
    </>
  );
}

/** The display order and the status, side by side. */
export function OrderAndStatusFields({ draft, set, errors }: FieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        id="cms-display_order"
        name="display_order"
        label={m('fields.displayOrder')}
        hint={m('fields.orderHint')}
        errors={errors}
        value={draft.display_order}
        onValue={(value) => set('display_order', value)}
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
