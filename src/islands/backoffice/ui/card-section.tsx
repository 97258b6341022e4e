import type { ReactNode } from 'react';
import { ui } from './styles.ts';

/** A card of a screen, named by its heading (`id` is the heading's); `className` adds to the card's classes. */
export function CardSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className ? `${ui.card} ${className}` : ui.card}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
