import { QueryState } from '../../../components/QueryState';
import { card, grid, picture } from '../../../components/styles.css';
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
              <li key={phone._id} className={card}>
                <img src={phone.picture} alt={phone.title} className={picture} width={400} height={300} />
                <h3>{phone.title}</h3>
                <p>Price: {phone.resale_price}$</p>
                {renderActions(phone)}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
