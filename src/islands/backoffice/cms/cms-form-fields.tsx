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
import { Field } from '../ui/field.tsx';
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

export type SetCmsField = <K extends keyof CmsDraft>(key: K, value: CmsDraft[K]) => void;
interface FieldsProps {
  draft: CmsDraft;
  set: SetCmsField;
  errors: FieldErrors;
}

export function TitleField({ draft, set, errors }: FieldsProps) {
  return (
    <Field id="cms-title" label={m('fields.title')} messages={errors['title']}>
      <input
        dir="auto"
        id="cms-title"
        className={`${ui.input} mt-1`}
        value={draft.title}
        maxLength={CMS_TITLE_MAX}
        required
        autoComplete="off"
        onChange={(event) => set('title', event.target.value)}
        {...invalidProps(errors, 'title', 'cms-title-error')}
      />
    </Field>
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
        <Field
          id="cms-video_url"
          label={m('fields.videoAddress')}
          hint={m('fields.videoHint')}
          messages={errors['video_url']}
        >
          <input
            id="cms-video_url"
            type="url"
            inputMode="url"
            className={`${ui.input} mt-1`}
            value={draft.video_url}
            maxLength={2000}
            placeholder={'https://www.youtube.com/watch?v=…'}
            autoComplete="off"
            aria-describedby="cms-video_url-hint"
            onChange={(event) => set('video_url', event.target.value)}
            {...invalidProps(errors, 'video_url', 'cms-video_url-error')}
          />
        </Field>
      )}

      <Field
        id="cms-event"
        label={m('fields.event')}
        optional={m('fields.optional')}
        hint={m('fields.eventHint')}
        messages={errors['event']}
      >
        <input
          dir="auto"
          id="cms-event"
          className={`${ui.input} mt-1`}
          value={draft.event}
          maxLength={CMS_EVENT_MAX}
          autoComplete="off"
          aria-describedby="cms-event-hint"
          onChange={(event) => set('event', event.target.value)}
          {...invalidProps(errors, 'event', 'cms-event-error')}
        />
      </Field>
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

      <Field
        id="cms-link"
        label={m('fields.link')}
        optional={m('fields.optional')}
        hint={LINK_HINTS[type]}
        messages={errors['link']}
      >
        <input
          id="cms-link"
          type="url"
          inputMode="url"
          className={`${ui.input} mt-1`}
          value={draft.link}
          maxLength={2000}
          placeholder={'https://'}
          autoComplete="off"
          aria-describedby="cms-link-hint"
          onChange={(event) => set('link', event.target.value)}
          {...invalidProps(errors, 'link', 'cms-link-error')}
        />
      </Field>
    </>
  );
}

/** The display order and the status, side by side. */
export function OrderAndStatusFields({ draft, set, errors }: FieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        id="cms-display_order"
        label={m('fields.displayOrder')}
        hint={m('fields.orderHint')}
        messages={errors['display_order']}
      >
        <input
          id="cms-display_order"
          type="number"
          inputMode="numeric"
          min={0}
          max={CMS_ORDER_MAX}
          step={1}
          className={`${ui.input} mt-1`}
          value={draft.display_order}
          aria-describedby="cms-display_order-hint"
          onChange={(event) => set('display_order', event.target.value)}
          {...invalidProps(errors, 'display_order', 'cms-display_order-error')}
        />
      </Field>
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
