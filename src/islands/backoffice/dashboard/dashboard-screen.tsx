import { useMemo } from 'react';
import { isAdminLevel, isStateAdmin } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { countryInText } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { cardsFor } from './card-registry.ts';
import { DASHBOARD_CARDS } from './cards.tsx';
import { m } from './messages.ts';

function introFor(identity: Whoami): string {
  if (isAdminLevel(identity)) return m('intro.admin');
  const country = identity.country ? countryInText(identity.country) : m('yourCountry');
  return m(isStateAdmin(identity) ? 'intro.stateAdmin' : 'intro.member', { country });
}

/** Where each role starts its work: the cards of DASHBOARD_CARDS that show for this person. */
export function DashboardScreen({ identity }: ScreenProps) {
  const cards = useMemo(() => cardsFor(DASHBOARD_CARDS, identity), [identity]);
  return (
    <>
      <PageHeading description={introFor(identity)}>{m('title')}</PageHeading>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ id, width, Card }) => (
          <div
            key={id}
            data-card={id}
            className={width === 'wide' ? 'md:col-span-2 xl:col-span-3' : width === 'double' ? 'md:col-span-2' : ''}
          >
            <Card identity={identity} />
          </div>
        ))}
      </div>
    </>
  );
}
