/**
 * A bar that assistive tech reads as a value out of 100, named by `label` (`valueText` says the
 * value in words); `className` adds to the bar's classes, `duration` is how its width moves.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  className,
  duration = 'duration-200',
}: {
  label: string;
  percent: number;
  valueText?: string;
  className?: string;
  duration?: 'duration-200' | 'duration-500';
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={
        className
          ? `${className} h-2 w-full overflow-hidden rounded-full bg-slate-200`
          : 'h-2 w-full overflow-hidden rounded-full bg-slate-200'
      }
    >
      <div
        className={`h-full rounded-full bg-brand-600 transition-[width] ${duration} motion-reduce:transition-none`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** An upload's progress: what is happening and the percentage above the bar. */
export function UploadProgress({
  label,
  percent,
  status,
  percentText,
  className,
  statusClass,
}: {
  label: string;
  percent: number;
  status: string;
  percentText: string;
  className?: string;
  statusClass?: string;
}) {
  return (
    <div className={className}>
      <div className="flex justify-between gap-2 text-xs text-slate-700">
        <span className={statusClass}>{status}</span>
        <span className="tabular-nums">{percentText}</span>
      </div>
      <ProgressBar label={label} percent={percent} className="mt-1" />
    </div>
  );
}

/** The browser's own bar of a file on its way (a value out of 100), named by `label`. */
export function FileProgress({ label, percent, className }: { label: string; percent: number; className?: string }) {
  return (
    <progress
      className={className ? `${className} h-2 w-full accent-brand-600` : 'h-2 w-full accent-brand-600'}
      max={100}
      value={percent}
      aria-label={label}
    />
  );
}
