import { PhoneCard } from '@recell/ui/PhoneCard';
import { QueryState } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import type { RenderListingActions } from '../../../lib/listing';
import { useAdvertised } from '../api/list-advertised';

export function AdvertisementSection({ renderActions }: { renderActions: RenderListingActions }) {
  const advertised = useAdvertised();
  return (
    <section aria-labelledby="advertisement-title">
      <h2 id="advertisement-title">Advertisement</h2>
      <QueryState query={advertised} label="advertised phones" empty="No phones are advertised right now.">
        {({ items }) => (
          <ul className={grid}>
            {items.map((phone) => (
              <PhoneCard
                key={phone._id}
                as="li"
                title={phone.title}
                href={`/mobile/${phone._id}`}
                picture={phone.picture}
                price={phone.resale_price}
                actions={renderActions(phone)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
