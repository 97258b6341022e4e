import { Icon, type IconName } from './icons.tsx';

/**
 * A round top-bar link with an icon and, when `count` is above zero, a small count on it (the
 * notifications bell, the accounts awaiting activation). `label` names the link and its count.
 */
export function CountLink({
  href,
  label,
  icon,
  count,
  badgeClass,
}: {
  href: string;
  label: string;
  icon: IconName;
  count: number | undefined;
  badgeClass: string;
}) {
  return (
    <a
      href={href}
      aria-label={label}
      title={label}
      className={
        'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 ' +
        'hover:bg-slate-100 hover:text-brand-700'
      }
    >
      <Icon name={icon} className="size-6" />
      {count !== undefined && count > 0 && (
        <span
          aria-hidden="true"
          className={
            `absolute -right-0.5 -top-0.5 min-w-5 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold ` +
            `leading-none text-white ${badgeClass}`
          }
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
