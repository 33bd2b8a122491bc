import { bad, good } from './StatusBadge.css';

/** States in words, never colour alone (brand.md). */
export function StatusBadge({ tone, children }: { tone: 'good' | 'bad'; children: string }) {
  return <span className={tone === 'good' ? good : bad}>{children}</span>;
}

/** Stock 0 is sold (§4); the seed's 'Avaialble' is spelt right (decisions.md). */
export function Availability({ stock }: { stock: number }) {
  return stock > 0 ? (
    <StatusBadge tone="good">Available</StatusBadge>
  ) : (
    <StatusBadge tone="bad">Sold</StatusBadge>
  );
}
