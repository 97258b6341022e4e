import { CMS_DESCRIPTION_MAX, CMS_EVENT_MAX, CMS_ORDER_MAX, CMS_STATUSES, CMS_TITLE_MAX, CmsStatusSchema, type CmsType } from '../../../lib/cms/schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
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
    <div>
      <label htmlFor="cms-title" className={ui.label}>
        {m('fields.title')}
      </label>
      <input dir="auto" id="cms-title" className={`${ui.input} mt-1`} value={draft.title} maxLength={CMS_TITLE_MAX} required autoComplete="off"
        onChange={(event) => set('title', event.target.value)} {...invalidProps(errors, 'title', 'cms-title-error')} />
      <FieldError id="cms-title-error" messages={errors['title']} />
    </div>
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
              <input type="radio" name="media_kind" id={value === 'photo' ? 'cms-media_kind' : undefined} value={value}
                checked={draft.media_kind === value} onChange={() => set('media_kind', value)} className="size-4 accent-brand-600" />
              {value === 'photo' ? m('fields.photo') : m('fields.hostedVideo')}
            </label>
          ))}
        </div>
        <FieldError id="cms-media_kind-error" messages={errors['media_kind']} />
      </fieldset>

      {isVideo && (
        <div>
          <label htmlFor="cms-video_url" className={ui.label}>
            {m('fields.videoAddress')}
          </label>
          <input id="cms-video_url" type="url" inputMode="url" className={`${ui.input} mt-1`} value={draft.video_url} maxLength={2000}
            placeholder={'https://www.youtube.com/watch?v=…'} autoComplete="off" aria-describedby="cms-video_url-hint"
            onChange={(event) => set('video_url', event.target.value)} {...invalidProps(errors, 'video_url', 'cms-video_url-error')} />
          <p id="cms-video_url-hint" className="mt-1 text-xs text-slate-600">
            {m('fields.videoHint')}
          </p>
          <FieldError id="cms-video_url-error" messages={errors['video_url']} />
        </div>
      )}

      <div>
        <label htmlFor="cms-event" className={ui.label}>
          {m('fields.event')} <span className="font-normal text-slate-600">{m('fields.optional')}</span>
        </label>
        <input dir="auto" id="cms-event" className={`${ui.input} mt-1`} value={draft.event} maxLength={CMS_EVENT_MAX} autoComplete="off"
          aria-describedby="cms-event-hint" onChange={(event) => set('event', event.target.value)}
          {...invalidProps(errors, 'event', 'cms-event-error')} />
        <p id="cms-event-hint" className="mt-1 text-xs text-slate-600">
          {m('fields.eventHint')}
        </p>
        <FieldError id="cms-event-error" messages={errors['event']} />
      </div>
    </>
  );
}

/** The optional description and link. */
export function DescriptionAndLinkFields({ type, draft, set, errors }: FieldsProps & { type: CmsType }) {
  return (
    <>
      <div>
        <label htmlFor="cms-description" className={ui.label}>
          {m('fields.description')} <span className="font-normal text-slate-600">{m('fields.optional')}</span>
        </label>
        <textarea dir="auto" id="cms-description" rows={4} className={`${ui.input} mt-1`} value={draft.description} maxLength={CMS_DESCRIPTION_MAX}
          onChange={(event) => set('description', event.target.value)} {...invalidProps(errors, 'description', 'cms-description-error')} />
        <FieldError id="cms-description-error" messages={errors['description']} />
      </div>

      <div>
        <label htmlFor="cms-link" className={ui.label}>
          {m('fields.link')} <span className="font-normal text-slate-600">{m('fields.optional')}</span>
        </label>
        <input id="cms-link" type="url" inputMode="url" className={`${ui.input} mt-1`} value={draft.link} maxLength={2000}
          placeholder={'https://'} autoComplete="off" aria-describedby="cms-link-hint"
          onChange={(event) => set('link', event.target.value)} {...invalidProps(errors, 'link', 'cms-link-error')} />
        <p id="cms-link-hint" className="mt-1 text-xs text-slate-600">{LINK_HINTS[type]}</p>
        <FieldError id="cms-link-error" messages={errors['link']} />
      </div>
    </>
  );
}

/** The display order and the status, side by side. */
export function OrderAndStatusFields({ draft, set, errors }: FieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor="cms-display_order" className={ui.label}>
          {m('fields.displayOrder')}
        </label>
        <input id="cms-display_order" type="number" inputMode="numeric" min={0} max={CMS_ORDER_MAX} step={1} className={`${ui.input} mt-1`}
          value={draft.display_order} aria-describedby="cms-display_order-hint"
          onChange={(event) => set('display_order', event.target.value)} {...invalidProps(errors, 'display_order', 'cms-display_order-error')} />
        <p id="cms-display_order-hint" className="mt-1 text-xs text-slate-600">{m('fields.orderHint')}</p>
        <FieldError id="cms-display_order-error" messages={errors['display_order']} />
      </div>
      <div>
        <label htmlFor="cms-status" className={ui.label}>
          {m('fields.status')}
        </label>
        <select id="cms-status" className={`${ui.input} mt-1`} value={draft.status} aria-describedby="cms-status-hint"
          onChange={(event) => set('status', CmsStatusSchema.parse(event.target.value))} {...invalidProps(errors, 'status', 'cms-status-error')}>
          {CMS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {CMS_STATUS_TEXT[status]}
            </option>
          ))}
        </select>
        <p id="cms-status-hint" className="mt-1 text-xs text-slate-600">
          {m('fields.statusHint')}
        </p>
        <FieldError id="cms-status-error" messages={errors['status']} />
      </div>
    </div>
  );
}
