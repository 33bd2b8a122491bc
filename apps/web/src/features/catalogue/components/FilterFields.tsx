import { wholeDollarsField } from '@recell/ui/format';
import { NumberField } from '@recell/ui/NumberField';
import { Select } from '@recell/ui/Select';
import { gradeWords } from '@recell/api';
import { formatStorage } from '../../../lib/listing';
import {
  batteryFloors,
  conditions,
  ratingFloors,
  PRICE,
  storageSizes,
  sorts,
  YEAR,
  type Condition,
  type SearchState,
  type Sort,
  type StorageGb,
} from '../search-params';

const ANY = 'any';
const conditionOptions = [
  { id: ANY, label: 'Any condition' },
  ...conditions.map((condition) => ({ id: condition, label: condition })),
];
const storageOptions = [
  { id: ANY, label: 'Any storage' },
  ...storageSizes.map((size) => ({ id: String(size), label: formatStorage(size) })),
];
const batteryOptions = [
  { id: ANY, label: 'Any battery' },
  ...batteryFloors.map((floor) => ({ id: String(floor), label: `${floor}% or more` })),
];
const ratingOptions = [
  { id: ANY, label: 'Any seller' },
  ...ratingFloors.map((stars) => ({ id: String(stars), label: `${stars} stars and up` })),
];
const sortOptions = Object.entries(sorts).map(([id, label]) => ({ id, label }));
const plainYear = { useGrouping: false } as const;

/** An empty number field is NaN to react-aria and "no filter" to us. */
const numberOrNone = (value: number) => (Number.isNaN(value) ? undefined : value);

/**
 * The price, condition, year, storage, battery, seller rating and sort fields of SearchControls: react-aria's number fields and list boxes are a
 * third of a category page's script, so they are a chunk of their own, drawn where they are seen.
 */
export function FilterFields({
  state,
  change,
}: {
  state: SearchState;
  change: (changes: Partial<SearchState>) => void;
}) {
  return (
    <>
      <NumberField
        label="Min price"
        value={state.minPrice ?? NaN}
        onChange={(value) => change({ minPrice: numberOrNone(value) })}
        minValue={PRICE.min}
        maxValue={PRICE.max}
        formatOptions={wholeDollarsField}
      />
      <NumberField
        label="Max price"
        value={state.maxPrice ?? NaN}
        onChange={(value) => change({ maxPrice: numberOrNone(value) })}
        minValue={PRICE.min}
        maxValue={PRICE.max}
        formatOptions={wholeDollarsField}
      />
      <Select
        label="Condition"
        options={conditionOptions}
        selectedKey={state.condition ?? ANY}
        onSelectionChange={(key) =>
          change({ condition: key === ANY || key === null ? undefined : (key as Condition) })
        }
        {...(state.condition ? { description: gradeWords(state.condition) } : {})}
      />
      <NumberField
        label="Bought in or after"
        description="Year of purchase"
        value={state.minYear ?? NaN}
        onChange={(value) => change({ minYear: numberOrNone(value) })}
        minValue={YEAR.min}
        maxValue={new Date().getFullYear()}
        formatOptions={plainYear}
      />
      <Select
        label="Storage"
        options={storageOptions}
        selectedKey={state.storage === undefined ? ANY : String(state.storage)}
        onSelectionChange={(key) =>
          change({ storage: key === ANY || key === null ? undefined : (Number(key) as StorageGb) })
        }
      />
      <Select
        label="Battery health"
        options={batteryOptions}
        selectedKey={state.minBattery === undefined ? ANY : String(state.minBattery)}
        onSelectionChange={(key) =>
          change({ minBattery: key === ANY || key === null ? undefined : Number(key) })
        }
      />
      <Select
        label="Seller rating"
        options={ratingOptions}
        selectedKey={state.minRating === undefined ? ANY : String(state.minRating)}
        onSelectionChange={(key) =>
          change({ minRating: key === ANY || key === null ? undefined : Number(key) })
        }
      />
      <Select
        label="Sort by"
        options={sortOptions}
        selectedKey={state.sort}
        onSelectionChange={(key) => change({ sort: (key as Sort | null) ?? 'newest' })}
      />
    </>
  );
}
