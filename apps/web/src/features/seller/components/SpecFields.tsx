import type { components, Mobile } from '@recell/api';
import { Select } from '@recell/ui/Select';
import { FormTextField } from '../../../components/FormField';
import { formatStorage } from '../../../lib/listing';
import { labels, storageSizes, type ProductErrors } from '../add-product';

const NOT_STATED = 'none';
// Built when drawn, not when the module loads: its imports may sit in a shared chunk that has not run yet (the
// build's chunks can import each other in a cycle), and module-level code would read them too early.
const storageOptions = () => [
  { id: NOT_STATED, label: 'Not stated' },
  ...storageSizes.map((size) => ({ id: String(size), label: formatStorage(size) })),
];

/**
 * Storage, colour and battery health: what buyers compare phones by on the card, shared by Add Product and Edit
 * (given a listing, prefilled from it).
 */
export function SpecFields({
  errors,
  mobile,
  withStorage = true,
  onStorageChange,
}: {
  errors: ProductErrors;
  mobile?: Mobile;
  /** Add Product asks the storage with the model (ModelPicker), which knows the sizes it was sold with. */
  withStorage?: boolean;
  /** Told the storage chosen (Edit's price guide follows it). */
  onStorageChange?: (storageGb: components['schemas']['StorageGb'] | undefined) => void;
}) {
  return (
    <>
      {withStorage ? (
        <Select
          label={labels.storageGb}
          name="storageGb"
          options={storageOptions()}
          defaultValue={mobile?.storageGb === undefined ? NOT_STATED : String(mobile.storageGb)}
          onSelectionChange={(key) => onStorageChange?.(storageSizes.find((size) => String(size) === key))}
        />
      ) : null}
      <FormTextField
        label={labels.colour}
        name="colour"
        error={errors.colour}
        defaultValue={mobile?.colour ?? ''}
      />
      <FormTextField
        label={labels.batteryHealth}
        name="batteryHealth"
        inputMode="numeric"
        description="Settings > Battery on the phone. Buyers filter by it."
        error={errors.batteryHealth}
        defaultValue={mobile?.batteryHealth === undefined ? '' : String(mobile.batteryHealth)}
      />
    </>
  );
}
