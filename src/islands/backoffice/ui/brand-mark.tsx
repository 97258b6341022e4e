import {
  MARK_CITY,
  MARK_COLOURS as c,
  MARK_GROUND,
  MARK_SEA,
  MARK_SUN,
  MARK_VIEWBOX,
  MARK_WINDOWS,
} from '../../../lib/brand/mark.ts';

/** The programme's mark, as on the public site (src/lib/brand/mark.ts). Decorative. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg className={className} viewBox={MARK_VIEWBOX} aria-hidden="true" focusable="false">
      <rect width={MARK_GROUND.width} height={MARK_GROUND.height} rx={MARK_GROUND.rx} fill={c.ground} />
      <circle cx={MARK_SUN.cx} cy={MARK_SUN.cy} r={MARK_SUN.r} fill={c.sun} />
      <path fill={c.city} d={MARK_CITY} />
      <path fill={c.windows} d={MARK_WINDOWS} />
      <path fill="none" stroke={c.sea} strokeWidth={1.8} strokeLinecap="round" d={MARK_SEA} />
    </svg>
  );
}
