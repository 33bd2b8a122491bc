import { brandNames, PRICE_GUIDE_MIN_DEALS, type PriceGuide, type PriceRange } from '@recell/api';
import { Link } from '@recell/ui/Link';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { formatStorage } from '../../../lib/listing';
import { dollars, medianWords, monthLong, monthShort, monthsWithMedian } from '../price-history';
import { PriceHistoryChart } from './PriceHistoryChart';
import * as styles from './price-guide-page.css';

const deals = (count: number) => `${count} completed deal${count === 1 ? '' : 's'}`;

/** "Not enough completed deals yet (3 of 5)": the guide's own words for figures it does not show. */
const notEnough = (count: number) =>
  `Not enough completed deals yet (${Math.min(count, PRICE_GUIDE_MIN_DEALS)} of ${PRICE_GUIDE_MIN_DEALS})`;

function Overall({ guide }: { guide: PriceGuide }) {
  const headingId = useId();
  const { count, median, p25, p75 } = guide.overall;
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.panelTitle}>
        Last {guide.windowDays} days
      </h2>
      {median === undefined || p25 === undefined || p75 === undefined ? (
        <>
          <p className={styles.plain}>{notEnough(count)}</p>
          <p className={styles.muted}>
            A price shows here once {PRICE_GUIDE_MIN_DEALS} completed deals back it, so nobody reads a price
            off one or two sales.
          </p>
        </>
      ) : (
        <>
          <p className={styles.median}>
            <span className={styles.medianValue}>{dollars(median)}</span>
            <span>median price</span>
          </p>
          <p className={styles.plain}>
            Half sold between {dollars(p25)} and {dollars(p75)} (the 25th to 75th percentile).
          </p>
          <p className={styles.muted}>From {deals(count)}, every storage size and condition.</p>
        </>
      )}
    </section>
  );
}

const rangeName = (range: PriceRange) =>
  `${range.storageGb === undefined ? 'Storage not stated' : formatStorage(range.storageGb)}, ${range.condition}`;

function Ranges({ guide }: { guide: PriceGuide }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.panelTitle}>
        By storage and condition
      </h2>
      {guide.ranges.length === 0 ? (
        <p className={styles.muted}>No completed deals in the last {guide.windowDays} days.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              Half of the prices fall within the range (25th to 75th percentile), last {guide.windowDays} days
            </caption>
            <thead>
              <tr>
                <th scope="col">Phone</th>
                <th scope="col" className={styles.number}>
                  Deals
                </th>
                <th scope="col" className={styles.number}>
                  Range
                </th>
                <th scope="col" className={styles.number}>
                  Median
                </th>
              </tr>
            </thead>
            <tbody>
              {guide.ranges.map((range) => (
                <tr key={`${range.storageGb ?? 'none'}-${range.condition}`}>
                  <th scope="row">{rangeName(range)}</th>
                  <td className={styles.number}>{range.count}</td>
                  {range.median === undefined || range.p25 === undefined || range.p75 === undefined ? (
                    <td colSpan={2}>{notEnough(range.count)}</td>
                  ) : (
                    <>
                      {/* may break after its dash on a phone: "$391.25–" over "$408.75" */}
                      <td className={styles.wordsEnd}>
                        {dollars(range.p25)}–{dollars(range.p75)}
                      </td>
                      <td className={styles.number}>{dollars(range.median)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function History({ guide }: { guide: PriceGuide }) {
  const headingId = useId();
  const captionId = useId();
  const { history } = guide;
  const first = history[0];
  const last = history[history.length - 1];
  return (
    <section aria-labelledby={headingId} className={`${styles.panel} ${styles.wide}`}>
      <h2 id={headingId} className={styles.panelTitle}>
        The last {history.length} months
      </h2>
      <div className={styles.historyParts}>
        {monthsWithMedian(history).length > 0 ? (
          <figure className={styles.figure} aria-labelledby={captionId}>
            <figcaption id={captionId} className={styles.caption}>
              Median sold price by month
              {first && last ? `, ${monthLong(first.month)} to ${monthLong(last.month)}` : ''}. A month with
              fewer than {PRICE_GUIDE_MIN_DEALS} deals shows no median.
            </figcaption>
            <PriceHistoryChart history={history} />
          </figure>
        ) : (
          <p className={styles.muted}>
            No month has had {PRICE_GUIDE_MIN_DEALS} completed deals yet, so there is no line to draw.
          </p>
        )}
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Completed deals and median price by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className={styles.number}>
                  Deals
                </th>
                <th scope="col" className={styles.number}>
                  Median
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className={styles.nowrap}>
                    {monthShort(month.month)}
                  </th>
                  <td className={styles.number}>{month.count}</td>
                  <td className={month.median === undefined ? styles.wordsEnd : styles.number}>
                    {medianWords(month)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

/**
 * /prices/:modelKey, public: what one model really sold for on ReCell. The 90-day median and middle half, the
 * same per storage size and condition, and the last 12 months as a chart with a table of the same figures.
 * Every figure comes from a captured price (the buyer's handover code), never an asking price, and shows only
 * from the guide's minimum of deals up. Drawn without script: the server sends it painted.
 */
export function PriceGuideView({ guide }: { guide: PriceGuide }) {
  const titleId = useId();
  const brand = brandNames[guide.model.brand];
  return (
    <article aria-labelledby={titleId} className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Price guide{brand ? ` · ${brand}` : ''}</p>
        <h1 id={titleId} className={styles.title}>
          {guide.model.title}
        </h1>
        <p className={styles.lead}>
          What a used {guide.model.title} really sold for on ReCell, from completed deals only.
        </p>
      </header>
      <Overall guide={guide} />
      <Ranges guide={guide} />
      <History guide={guide} />
      <section aria-labelledby={`${titleId}-source`} className={styles.source}>
        <h2 id={`${titleId}-source`} className={styles.sourceTitle}>
          <ShieldCheck aria-hidden size={20} />
          Where these figures come from
        </h2>
        <p className={styles.plain}>
          Every price here was captured at a handover the buyer witnessed on ReCell: the amount the seller was
          paid when the buyer, phone in hand, gave them their code. Asking prices never count, nor do
          cancelled, declined, expired or walked-away deals.{' '}
          <Link href="/safe-deal">How a safe deal works</Link>
        </p>
      </section>
    </article>
  );
}
