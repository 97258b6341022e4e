import { useRef, useState } from 'react';
import { BANNER_RATIO, CMS_ALT_MAX, type CmsRecord } from '../../../lib/cms/schema.ts';
import type { CropBox } from '../../../lib/media/schema.ts';
import { CropChooser } from '../ui/crop-chooser.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { DraftInput, type FieldsProps } from './cms-form-fields.tsx';
import { previewUrl } from './cms-kinds.ts';
import { m } from './messages.ts';

/** Four decimals: a tenth of a pixel on a 1,000-pixel picture (as the practices' crops). */
const rounded = (crop: CropBox): CropBox => ({
  x: round(crop.x),
  y: round(crop.y),
  width: round(crop.width),
  height: round(crop.height),
});
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The crop chooser reports a frame as soon as the picture loads (the one it opens on): that is
 * not a choice of the person's, so only the frames after it count.
 */
function useChosenCrop(onCrop: (crop: CropBox) => void) {
  const opened = useRef(false);
  return (crop: CropBox) => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    onCrop(rounded(crop));
  };
}

function CropField({
  url,
  crop,
  onCrop,
  onCentre,
}: {
  url: string;
  crop: CropBox | null;
  onCrop: (crop: CropBox | null) => void;
  onCentre: () => void;
}) {
  const chosen = useChosenCrop(onCrop);
  return (
    <>
      <CropChooser picture={url} initial={crop} ratio={BANNER_RATIO} where={m('banner.where')} onCrop={chosen} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p id="cms-image_crop-hint" className="text-xs text-slate-600">
          {crop ? m('banner.frameChosen') : m('banner.frameCentre')}
        </p>
        {crop && (
          <button type="button" className={`${ui.link} text-xs`} onClick={onCentre}>
            {m('banner.useCentre')}
          </button>
        )}
      </div>
    </>
  );
}

/**
 * A banner's picture details: which part of the picture the home page shows (chosen on the
 * stored picture; a newly chosen file is cropped once it is uploaded) and its alt text.
 */
export function BannerPictureFields({
  item,
  pendingImage,
  ...props
}: FieldsProps & {
  item: CmsRecord | null;
  /** A new file is chosen and not uploaded yet: the crop waits for it. */
  pendingImage: boolean;
}) {
  const { draft, set, errors } = props;
  const crop = draft.image_crop;
  const onCrop = (box: CropBox | null) => set('image_crop', box);
  const url = item && !pendingImage ? previewUrl(item, 960) : null;
  // "Use the centre" opens a fresh chooser, on the centre.
  const [resets, setResets] = useState(0);
  return (
    <>
      <fieldset>
        <legend className={ui.label}>{m('banner.part')}</legend>
        <div className="mt-2">
          {url ? (
            // A new picture is a new chooser (it opens on its own frame).
            <CropField
              key={`${url}#${resets}`}
              url={url}
              crop={crop}
              onCrop={onCrop}
              onCentre={() => {
                onCrop(null);
                setResets((n) => n + 1);
              }}
            />
          ) : (
            <p className="text-sm text-slate-600">{pendingImage ? m('banner.savePending') : m('banner.addFirst')}</p>
          )}
        </div>
        <FieldError id="cms-image_crop-error" messages={errors['image_crop']} />
      </fieldset>

      <DraftInput
        {...props}
        field="image_alt"
        label={m('banner.alt')}
        optional
        hint={m('banner.altHint')}
        input={{ dir: 'auto', maxLength: CMS_ALT_MAX, autoComplete: 'off' }}
      />
    </>
  );
}
