import type { PriceMonth } from '@recell/api';
import { dollars, historyDescription, monthOnly, monthsWithMedian, priceScale } from '../price-history';
import * as styles from './price-guide-page.css';

// The SVG's own units: x runs over the months, y over the scale (0 at the top); it stretches to the plot.
const WIDTH = 1200;
const HEIGHT = 100;

/** Runs of consecutive months with a median: a month without one breaks the line rather than bridging it. */
function runs(history: readonly PriceMonth[]): { at: number; median: number }[][] {
  const all: { at: number; median: number }[][] = [];
  let current: { at: number; median: number }[] = [];
  history.forEach((month, at) => {
    if (month.median === undefined) {
      if (current.length) all.push(current);
      current = [];
    } else current.push({ at, median: month.median });
  });
  if (current.length) all.push(current);
  return all;
}

/**
 * The monthly medians as a line over the last 12 months: an image whose words (its label) say every median it
 * draws, beside a table with the same figures. Drawn without script (the server sends it painted), and its
 * labels are the page's own text, so they stay readable from 320 px up.
 */
export function PriceHistoryChart({ history }: { history: readonly PriceMonth[] }) {
  const shown = monthsWithMedian(history);
  const { min, max, ticks } = priceScale(shown.map((month) => month.median));
  const x = (at: number) => ((at + 0.5) / Math.max(history.length, 1)) * WIDTH;
  const y = (price: number) => HEIGHT - ((price - min) / (max - min)) * HEIGHT;
  const percent = (price: number) => `${((price - min) / (max - min)) * 100}%`;
  const columns = { gridTemplateColumns: `repeat(${Math.max(history.length, 1)}, minmax(0, 1fr))` };
  return (
    <div role="img" aria-label={historyDescription(history)} className={styles.chart}>
      <div className={styles.yAxis}>
        {ticks.map((tick) => (
          <span key={tick} className={styles.yLabel} style={{ bottom: percent(tick) }}>
            {dollars(tick)}
          </span>
        ))}
      </div>
      <div className={styles.plot}>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              className={styles.grid}
              x1={0}
              x2={WIDTH}
              y1={y(tick)}
              y2={y(tick)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {runs(history).map((run) =>
            run.length > 1 ? (
              <polyline
                key={`line-${run[0]!.at}`}
                className={styles.line}
                points={run.map((point) => `${x(point.at)},${y(point.median)}`).join(' ')}
                vectorEffect="non-scaling-stroke"
              />
            ) : null,
          )}
          {shown.length > 0
            ? runs(history)
                .flat()
                .map((point) => (
                  <path
                    key={`dot-${point.at}`}
                    className={styles.dot}
                    d={`M${x(point.at)} ${y(point.median)}h0`}
                    vectorEffect="non-scaling-stroke"
                  />
                ))
            : null}
        </svg>
      </div>
      <div className={styles.months} style={columns}>
        {history.map((month) => (
          <span key={month.month} className={styles.monthLabel}>
            {monthOnly(month.month)}
          </span>
        ))}
      </div>
    </div>
  );
}
