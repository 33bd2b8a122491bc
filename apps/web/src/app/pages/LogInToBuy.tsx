// A visitor on a phone's page sees the buying actions it would have, as links to log in that come back here,
// the way the private routes remember where to return (§2).
import { LinkButton } from '@recell/ui/LinkButton';
import { useId } from 'react';
import { useLocation } from 'wouter';
import type { ListingRef } from '../../lib/listing';
import { loginPath } from '../../lib/safe-return';
import * as styles from './pages.css';

export function LogInToBuy({ listing }: { listing: ListingRef }) {
  const [here] = useLocation();
  const hintId = useId();
  const login = loginPath(here);
  const available = listing.stock > 0;
  // a sold phone cannot be booked or added to a cart, whoever asks
  const actions = [
    ...(available
      ? [
          { label: 'Book', name: `Book ${listing.title}`, primary: true },
          { label: 'Add To Cart', name: `Add To Cart: ${listing.title}`, primary: false },
        ]
      : []),
    { label: 'Report', name: `Report ${listing.title}`, primary: false },
  ];
  return (
    <div>
      <p id={hintId}>
        {available
          ? 'Log in to book this phone, add it to your cart or report it. You come back here afterwards.'
          : 'Log in to report this phone. You come back here afterwards.'}
      </p>
      <div className={styles.actions}>
        {actions.map(({ label, name, primary }) => (
          <LinkButton
            key={label}
            href={login}
            variant={primary ? 'primary' : 'secondary'}
            aria-label={name}
            aria-describedby={hintId}
          >
            {label}
          </LinkButton>
        ))}
      </div>
    </div>
  );
}
