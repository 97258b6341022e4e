import { useRef } from 'react';
import { CMS_UPLOAD_MAX_BYTES, type CmsImage } from '../../../lib/cms/schema.ts';
import { HERO_ALT_MAX } from '../../../lib/urbanisation-profile/schema.ts';
import { formatBytes, UPLOAD_ACCEPT } from '../cms/image-upload.ts';
import { UploadProgress } from '../ui/progress-bar.tsx';
import { ImageFileButton, ImageFrame, NoImage } from '../ui/image-choice.tsx';
import { ui } from '../ui/styles.ts';
import { HintedInput } from './hinted-input.tsx';
import { m } from './messages.ts';

/** What the form will do with the theme's picture when it is saved. */
export type HeroChoice = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; file: File; preview: string };

/** The smallest WebP rendition at least `width` wide, for a preview. */
function previewOf(image: CmsImage, width: number): string {
  const webp = image.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return (webp.find((v) => v.width >= width) ?? webp.at(-1))?.url ?? image.url;
}

export type HeroFieldProps = {
  current: CmsImage | null;
  choice: HeroChoice;
  alt: string;
  errors: Record<string, string[]>;
  problem: string | null;
  progress: { loaded: number; total: number } | null;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
  onUndo: () => void;
  onAlt: (alt: string) => void;
};

/**
 * The theme's picture: the stored one or the file just chosen (previewed from memory; it is
 * uploaded when the overview is saved), its description for people who cannot see it, and the
 * upload's progress.
 */
export function HeroField(props: HeroFieldProps) {
  const { current, choice, progress } = props;
  const input = useRef<HTMLInputElement>(null);
  const shown =
    choice.kind === 'new' ? choice.preview : choice.kind === 'keep' && current ? previewOf(current, 480) : null;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <fieldset className="space-y-3">
      <legend className={ui.label}>{m('hero.legend')}</legend>
      <p className="text-xs text-slate-600">{m('hero.help', { max: formatBytes(CMS_UPLOAD_MAX_BYTES) })}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <HeroPreview shown={shown} choice={choice} />
        <div className="min-w-0 flex-1 space-y-3 text-sm">
          <div>
            <ImageFileButton
              inputRef={input}
              id="hero-file"
              accept={UPLOAD_ACCEPT}
              disabled={props.disabled}
              describedBy="hero-state"
              label={shown ? m('hero.chooseAnother') : m('hero.choose')}
              onFile={props.onChoose}
            />
            {choice.kind !== 'keep' ? (
              <button
                type="button"
                className={`${ui.secondaryButton} ml-2`}
                disabled={props.disabled}
                onClick={() => {
                  props.onUndo();
                  input.current?.focus();
                }}
              >
                {choice.kind === 'new' ? m('hero.dontUse') : m('hero.keep')}
              </button>
            ) : (
              current && (
                <button
                  type="button"
                  className={`${ui.secondaryButton} ml-2`}
                  disabled={props.disabled}
                  onClick={props.onRemove}
                >
                  {m('hero.remove')}
                </button>
              )
            )}
          </div>
          <div id="hero-state" aria-live="polite">
            {props.problem && <p className="text-red-700">{props.problem}</p>}
            {choice.kind === 'new' && !progress && (
              <p className="text-slate-700">
                {m('hero.notUploaded', { name: choice.file.name, size: formatBytes(choice.file.size) })}
              </p>
            )}
            {choice.kind === 'remove' && <p className="text-slate-700">{m('hero.removedOnSave')}</p>}
          </div>
          {progress && <HeroProgress percent={percent} />}
          {(choice.kind === 'new' || (choice.kind === 'keep' && current)) && (
            <HeroAlt alt={props.alt} errors={props.errors} onAlt={props.onAlt} />
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** The picture as it will be: the file chosen, the stored one, or why there is none. */
function HeroPreview({ shown, choice }: { shown: string | null; choice: HeroChoice }) {
  return (
    <ImageFrame>
      {shown ? (
        <img
          src={shown}
          alt={choice.kind === 'new' ? m('hero.previewOf', { name: choice.file.name }) : m('hero.current')}
          className="size-full object-cover"
        />
      ) : (
        <NoImage text={choice.kind === 'remove' ? m('hero.willBeRemoved') : m('hero.none')} />
      )}
    </ImageFrame>
  );
}

/** The upload's progress, then "Processing the picture…". */
function HeroProgress({ percent }: { percent: number }) {
  return (
    <UploadProgress
      status={percent >= 100 ? m('hero.processing') : m('hero.uploading')}
      percentText={m('hero.percent', { percent })}
      label={m('hero.progress')}
      percent={percent}
    />
  );
}

/** What the picture shows, for people who cannot see it (required with a picture). */
function HeroAlt({ alt, errors, onAlt }: Pick<HeroFieldProps, 'alt' | 'errors' | 'onAlt'>) {
  return (
    <HintedInput
      id="hero-alt"
      label={
        <>
          {m('hero.alt')} <span className="text-slate-600">{m('hero.required')}</span>
        </>
      }
      hint={m('hero.altHint')}
      messages={errors['hero_alt']}
      input={{ value: alt, maxLength: HERO_ALT_MAX, onChange: (event) => onAlt(event.target.value) }}
    />
  );
}
