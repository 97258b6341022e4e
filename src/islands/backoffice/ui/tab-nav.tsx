/** The tabs of a screen's parts, as links (each part has its own address); `className` adds to the bar's classes. */
export function TabNav<T extends string>({
  label,
  tabs,
  current,
  hrefOf,
  className,
}: {
  label: string;
  tabs: readonly { tab: T; label: string }[];
  current: T;
  hrefOf: (tab: T) => string;
  className?: string;
}) {
  return (
    <nav
      aria-label={label}
      className={className ? `mb-6 border-b border-slate-200 ${className}` : 'mb-6 border-b border-slate-200'}
    >
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ tab, label: text }) => (
          <li key={tab}>
            <a
              href={hrefOf(tab)}
              aria-current={tab === current ? 'page' : undefined}
              className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                tab === current
                  ? 'border-brand-600 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
