import { ui } from './styles.ts';
import { Icon } from './icons.tsx';

const LOOKS = {
  /** A form's way back to its list. */
  brand: {
    line: 'mb-2',
    link: 'inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-800',
  },
  /** A module's screens' way back to the module's first screen. */
  quiet: { line: 'mb-2 text-sm', link: 'inline-flex items-center gap-1 text-slate-600 hover:text-slate-900' },
} as const;

/** The "‹ Back to …" line above a screen's heading; `linkClass` adds to the link's classes (print:hidden). */
export function BackLink({
  href,
  label,
  look = 'brand',
  linkClass,
}: {
  href: string;
  label: string;
  look?: keyof typeof LOOKS;
  linkClass?: string;
}) {
  return (
    <p className={LOOKS[look].line}>
      <a href={href} className={linkClass ? `${LOOKS[look].link} ${linkClass}` : LOOKS[look].link}>
        <Icon name="chevronLeft" className="size-4" />
        {label}
      </a>
    </p>
  );
}

/** The plain link home of a screen with nothing else to offer (not found, an error, a screen still to come). */
export function DashboardLink({ label }: { label: string }) {
  return (
    <a href="/dashboard" className={ui.link}>
      {label}
    </a>
  );
}
