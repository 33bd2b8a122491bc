import { brands, type CategoryId, type components } from '@recell/api';
import { Select } from '@recell/ui/Select';
import { useState } from 'react';
import { FormTextField } from '../../../components/FormField';
import { formatStorage } from '../../../lib/listing';
import { labels, NOT_LISTED, storageSizes, type ProductErrors } from '../add-product';
import { usePhoneModels } from '../api/list-phone-models';

const NOT_STATED = 'none';

/** The model and storage chosen, as the price guide reads them: no key for a phone not in the list. */
export interface ModelChoice {
  modelKey: string | undefined;
  storageGb: components['schemas']['StorageGb'] | undefined;
}

/**
 * Add Product's brand, model, storage and name: the brand's models come from the server's catalogue
 * (GET /phone-models); picking one fills the name with its brand and model and offers only the storage sizes it
 * was sold with, and the form sends its key (`modelKey`), which the server checks. A phone the catalogue lacks is
 * listed as before: "Not in the list", and the name typed.
 */
export function ModelPicker({
  errors,
  onChoice,
}: {
  errors: ProductErrors;
  /** Told each time the model or the storage changes (Add Product's price guide follows them). */
  onChoice?: (choice: ModelChoice) => void;
}) {
  const [brand, setBrand] = useState<CategoryId>('01');
  const [modelKey, setModelKey] = useState<string>(NOT_LISTED);
  const [storage, setStorage] = useState<string>(NOT_STATED);
  // The name field is the seller's to edit: a picked model starts it afresh (a new key remounts it).
  const [name, setName] = useState({ version: 0, text: '' });
  const models = usePhoneModels(brand);
  const picked = models.data?.items.find((model) => model.key === modelKey);
  const sizes = picked && picked.storageGb.length > 0 ? picked.storageGb : storageSizes;

  function choose(key: string, size: string) {
    setModelKey(key);
    setStorage(size);
    onChoice?.({
      modelKey: key === NOT_LISTED ? undefined : key,
      storageGb: size === NOT_STATED ? undefined : storageSizes.find((one) => String(one) === size),
    });
  }

  function pick(key: string) {
    const model = models.data?.items.find((candidate) => candidate.key === key);
    if (!model) return choose(key, storage);
    setName((previous) => ({ version: previous.version + 1, text: model.title }));
    // a size the model was not sold with is not kept; a model sold in one size has it chosen
    const only = model.storageGb.length === 1 ? model.storageGb[0] : undefined;
    if (only !== undefined) choose(key, String(only));
    else if (model.storageGb.length > 0 && !model.storageGb.some((size) => String(size) === storage))
      choose(key, NOT_STATED);
    else choose(key, storage);
  }

  return (
    <>
      <Select
        label="Brand"
        name="category_id"
        options={brands.map(({ id, name: brandName }) => ({ id, label: brandName }))}
        selectedKey={brand}
        onSelectionChange={(key) => {
          const next = brands.find(({ id }) => id === key)?.id;
          if (!next || next === brand) return;
          setBrand(next);
          choose(NOT_LISTED, storage);
        }}
      />
      <Select
        label="Model"
        name="modelKey"
        options={[
          { id: NOT_LISTED, label: 'Not in the list' },
          ...(models.data?.items ?? []).map((model) => ({ id: model.key, label: model.name })),
        ]}
        selectedKey={modelKey}
        onSelectionChange={(key) => pick(String(key))}
        description={
          models.isError
            ? 'The models could not be loaded: type the phone’s name below.'
            : models.data
              ? 'Picking one fills in the name. Not in the list? Type the name below.'
              : 'Loading the models…'
        }
      />
      <Select
        label={labels.storageGb}
        name="storageGb"
        options={[
          { id: NOT_STATED, label: 'Not stated' },
          ...sizes.map((size) => ({ id: String(size), label: formatStorage(size) })),
        ]}
        selectedKey={storage}
        onSelectionChange={(key) => choose(modelKey, String(key))}
        {...(picked && picked.storageGb.length > 0
          ? {
              description: `${picked.title} was sold with ${picked.storageGb.map(formatStorage).join(', ')}.`,
            }
          : {})}
      />
      <FormTextField
        key={name.version}
        label={labels.title}
        name="title"
        error={errors.title}
        defaultValue={name.text}
      />
    </>
  );
}
