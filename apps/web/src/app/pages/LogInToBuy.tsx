// A visitor on a phone's page (often from a shared link) sees the buying actions it would have, as links to log in
// that come back here, the way the private routes remember where to return (§2): the same compact bar at the
// screen's foot as a buyer's, with the price and "Log in to book", then the safe-deal line and "Log in to ask".
import { formatMoney } from '@recell/ui/format';
import { LinkButton } from '@recell/ui/LinkButton';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { SafeDealNote } from '../../components/SafeDealNote';
import type { ListingRef } from '../../lib/listing';
import { loginPath } from '../../lib/safe-return';
import * as styles from './pages.css';

export function LogInToBuy({ listing }: { listing: ListingRef }) {
  const [here] = useLocation();
  const hintId = useId();
  const login = loginPath(here);
  const available = listing.stock > 0;
  const link = (label: string, name: string) => (
    <LinkButton href={login} variant="secondary" aria-label={name} aria-describedby={hintId}>
      {label}
    </LinkButton>
  );
  return (
    <>
      {available ? (
        <div className={styles.actionBar}>
          <span className={styles.barPrice} aria-hidden="true">
            {formatMoney({ dollars: listing.resale_price })}
          </span>
          <LinkButton href={login} aria-label={`Log in to book ${listing.title}`} aria-describedby={hintId}>
            Log in to book
          </LinkButton>
        </div>
      ) : null}
      {available ? <SafeDealNote /> : null}
      <div className={styles.actions}>
        {link('Log in to ask', `Log in to ask the seller about ${listing.title}`)}
        {available ? link('Add To Cart', `Add To Cart: ${listing.title}`) : null}
        {link('Report', `Report ${listing.title}`)}
      </div>
      <p id={hintId} className={styles.actionNote}>
        You come back to this phone after logging in.
      </p>
    </>
  );
}
