import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import type { CropBox } from '../../../lib/media/schema.ts';
import { m } from './messages.ts';
import { ui } from './styles.ts';
import { frameOf, frameSettingsOf, MIN_ZOOM, WIDE_RATIO } from './crop-frame.ts';

/** A picture chosen on this computer, or the address of one already uploaded. */
function usePictureUrl(picture: File | string): string {
  // The parent gives each file its own chooser (key), so the preview address is made once.
  const [url] = useState(() => (typeof picture === 'string' ? picture : URL.createObjectURL(picture)));
  useEffect(
    () => () => {
      if (typeof picture !== 'string') URL.revokeObjectURL(url);
    },
    [url, picture],
  );
  return url;
}

/**
 * Shows a picture with the frame of where it appears on the public site (16:9 by default) over
 * it: drag the frame to choose what is shown, and make it smaller to zoom in. Keyboard: arrow
 * keys move it, the "Frame size" slider resizes it. `initial` opens it on a frame chosen earlier.
 */
export function CropChooser({
  picture,
  initial = null,
  onCrop,
  ratio = WIDE_RATIO,
  where = m('crop.publicCard'),
}: {
  picture: File | string;
  initial?: CropBox | null;
  onCrop: (crop: CropBox) => void;
  ratio?: number;
  /**
   * Where the crop shows, in the slider's name ("the public card", "the home page's banner"), in the page's language.
   */
  where?: string;
}) {
  const url = usePictureUrl(picture);
  const zoomId = useId();
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [zoom, setZoom] = useState(1);
  const [centre, setCentre] = useState({ x: 0.5, y: 0.5 });
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const crop = size ? frameOf(size.w, size.h, zoom, centre.x, centre.y, ratio) : null;

  const update = (next: { size?: { w: number; h: number }; zoom?: number; centre?: { x: number; y: number } }) => {
    const s = next.size ?? size;
    const z = next.zoom ?? zoom;
    const c = next.centre ?? centre;
    if (next.size) setSize(next.size);
    if (next.zoom !== undefined) setZoom(next.zoom);
    if (next.centre) setCentre(next.centre);
    if (s) onCrop(frameOf(s.w, s.h, z, c.x, c.y, ratio));
  };
  const loaded = (w: number, h: number) =>
    update({ size: { w, h }, ...(initial ? frameSettingsOf(w, h, initial, ratio) : {}) });
  const clamp = (v: number) => Math.min(Math.max(v, 0), 1);
  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    update({
      centre: {
        x: clamp((event.clientX - rect.left) / rect.width),
        y: clamp((event.clientY - rect.top) / rect.height),
      },
    });
  };
  // From where the frame is (a centre past the edge is held back by frameOf), so each press moves it.
  const nudge = (dx: number, dy: number) =>
    crop && update({ centre: { x: clamp(crop.x + crop.width / 2 + dx), y: clamp(crop.y + crop.height / 2 + dy) } });

  return (
    <div className="space-y-3">
      <div
        ref={box}
        role="slider"
        tabIndex={0}
        aria-label={m('crop.slider', { where })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={crop ? Math.round(crop.x * 100) : 0}
        aria-valuetext={
          crop ? m('crop.position', { x: Math.round(crop.x * 100), y: Math.round(crop.y * 100) }) : undefined
        }
        className="relative max-w-xl touch-none select-none overflow-hidden rounded-md bg-slate-900 outline-offset-2"
        onPointerDown={(e) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          moveTo(e);
        }}
        onPointerMove={(e) => dragging.current && moveTo(e)}
        onPointerUp={() => (dragging.current = false)}
        onKeyDown={(e) => {
          const step = 0.03;
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [-step, 0],
            ArrowRight: [step, 0],
            ArrowUp: [0, -step],
            ArrowDown: [0, step],
          };
          const move = moves[e.key];
          if (move) {
            e.preventDefault();
            nudge(...move);
          }
        }}
      >
        <img
          src={url}
          alt=""
          className="block w-full opacity-60"
          onLoad={(e) => loaded(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
        />
        {crop && (
          <div
            aria-hidden="true"
            className={
              'pointer-events-none absolute overflow-hidden ring-2 ring-white ' +
              'shadow-[0_0_0_9999px_rgba(15,23,42,0.45)]'
            }
            style={{
              left: `${crop.x * 100}%`,
              top: `${crop.y * 100}%`,
              width: `${crop.width * 100}%`,
              height: `${crop.height * 100}%`,
            }}
          />
        )}
      </div>
      <div className="flex max-w-xl items-center gap-3">
        <label htmlFor={zoomId} className={`${ui.label} shrink-0`}>
          {m('crop.frameSize')}
        </label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM * 100}
          max={100}
          value={Math.round(zoom * 100)}
          onChange={(e) => update({ zoom: Number(e.target.value) / 100 })}
          className="w-full accent-brand-600"
        />
      </div>
    </div>
  );
}
