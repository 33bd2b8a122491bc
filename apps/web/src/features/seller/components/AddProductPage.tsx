import { deviceWords, gradeWords, modelWords, type components } from '@recell/api';
import { AREAS, type AreaId } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { FileUpload } from '@recell/ui/FileUpload';
import { Select } from '@recell/ui/Select';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormTextArea, FormTextField } from '../../../components/FormField';
import { errorText, formStack } from '../../../components/styles.css';
import type { RenderPriceGuide } from '../../../lib/price-guide';
import { errorMessage, useToast } from '../../../lib/toast';
import { conditions, labels, readProduct, type ProductErrors, type ProductField } from '../add-product';
import { useCheckImei } from '../api/check-imei';
import { useCreateMobile } from '../api/create-mobile';
import { useUploadImage } from '../api/upload-image';
import { needsPhoneVerification, PhoneVerificationNotice } from './PhoneVerificationNotice';
import { SellerPhoneLine } from './SellerPhoneLine';
import { ModelPicker, type ModelChoice } from './ModelPicker';
import { SpecFields } from './SpecFields';

type ImeiCheck = components['schemas']['ImeiCheck'];
type PhoneStatus = components['schemas']['PhoneStatus'];
type Condition = components['schemas']['Condition'];

/** What the IMEI said when the seller pressed Add Product; a mismatch asks them to correct it or publish anyway. */
function ImeiCheckNote({ check }: { check: ImeiCheck | undefined }) {
  return (
    <p role="status">
      {check ? (
        <>
          {modelWords(check)}
          {check.model.outcome === 'mismatch' && check.model.name
            ? ` (it names ${check.model.name})`
            : ''}. {deviceWords(check)}.
          {check.model.outcome === 'mismatch'
            ? ' Correct the title, the brand or the IMEI, or press Add Product again to list it as it is.'
            : ''}
        </>
      ) : null}
    </p>
  );
}

/**
 * /dashboard/addProduct (sellers): upload the picture (with progress), list the phone, then My Product with the
 * new row highlighted. The seller's name and verified number come from the account, not the form.
 */
export function AddProductPage({
  sellerName,
  sellerPhone,
  renderPriceGuide,
}: {
  sellerName: string;
  /** The account's phone (GET /me/phone), undefined until known. */
  sellerPhone: PhoneStatus | undefined;
  /** What the chosen model, storage and condition really sold for, beside the price. */
  renderPriceGuide?: RenderPriceGuide;
}) {
  const [errors, setErrors] = useState<ProductErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [phoneFirst, setPhoneFirst] = useState(false);
  // what the chosen condition promises is said beside it
  const [condition, setCondition] = useState<Condition>('Good');
  const [model, setModel] = useState<ModelChoice>({ modelKey: undefined, storageGb: undefined });
  // where the seller meets buyers: meetup spots are suggested between it and the buyer's area
  const [area, setArea] = useState<AreaId | null>(null);
  const upload = useUploadImage(setProgress);
  const create = useCreateMobile();
  const checkImei = useCheckImei();
  // What the IMEI said, and for which IMEI, brand and title: a mismatch is told once, then Add Product publishes.
  const [imeiCheck, setImeiCheck] = useState<{ key: string; check: ImeiCheck } | null>(null);
  const toast = useToast();
  const [, navigate] = useLocation();
  const busy = upload.isPending || create.isPending || checkImei.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { product, picture, errors: found } = readProduct(new FormData(event.currentTarget), chosen);
    setErrors(found);
    if (!product || !picture) return;
    // the server would refuse it (403 phone_verification_required): say so before the picture is uploaded
    if (sellerPhone?.phoneVerified === false) {
      setPhoneFirst(true);
      return;
    }
    try {
      if (product.imei) {
        const key = `${product.imei}|${product.category_id}|${product.title}`;
        const told = imeiCheck?.key === key;
        const check = told
          ? imeiCheck.check
          : await checkImei.mutateAsync({
              imei: product.imei,
              category_id: product.category_id,
              title: product.title,
            });
        setImeiCheck({ key, check });
        // The seller hears of a model the IMEI does not name before publishing, and may correct either.
        if (!told && check.model.outcome === 'mismatch') return;
      }
      setProgress(0);
      const uploaded = await upload.mutateAsync(picture);
      const { insertedId } = await create.mutateAsync({
        ...product,
        picture: uploaded.data.url,
        ...(area ? { area } : {}),
      });
      toast.success('Mobile added');
      navigate(`/dashboard/myProduct?added=${encodeURIComponent(insertedId)}`);
    } catch (error) {
      setProgress(null);
      if (needsPhoneVerification(error)) setPhoneFirst(true);
      else toast.error(errorMessage(error));
    }
  }

  const text = (
    name: ProductField,
    extra: { inputMode?: 'numeric' | 'decimal'; defaultValue?: string } = {},
  ) => <FormTextField label={labels[name]} name={name} error={errors[name]} {...extra} />;

  return (
    <section aria-labelledby="add-product-title">
      <h1 id="add-product-title">Add Product</h1>
      {sellerName ? <p>Buyers see it listed by {sellerName}, your account's name.</p> : null}
      {/* first, not after nine fields: a seller without a verified number learns it before filling the form */}
      <SellerPhoneLine phone={sellerPhone} />
      <PhoneVerificationNotice shown={phoneFirst} />
      <form className={formStack} onSubmit={onSubmit} noValidate>
        <ModelPicker errors={errors} onChoice={setModel} />
        <FileUpload
          label={labels.picture}
          onFileChange={setChosen}
          errorMessage={errors.picture ?? null}
          {...(progress !== null ? { progress: Math.round(progress * 100) } : {})}
          isDisabled={busy}
        />
        {text('resale_price', { inputMode: 'decimal' })}
        {renderPriceGuide?.({ ...model, condition })}
        <FormTextField
          label={labels.buying_price}
          name="buying_price"
          inputMode="decimal"
          description="What the phone cost new: buyers see how much they save."
          error={errors.buying_price}
        />
        <Select
          label="Condition"
          name="condition"
          options={conditions.map((value) => ({ id: value, label: value }))}
          selectedKey={condition}
          onSelectionChange={(key) => setCondition(conditions.find((value) => value === key) ?? 'Good')}
          description={gradeWords(condition)}
        />
        <SpecFields errors={errors} withStorage={false} />
        {text('Year_of_purchase', { inputMode: 'numeric' })}
        {text('Year_of_uses', { inputMode: 'numeric' })}
        {text('stock', { inputMode: 'numeric', defaultValue: '1' })}
        {text('location')}
        <Select
          label="Your area"
          description="Buyers are offered safe meetup spots between your area and theirs"
          options={AREAS.map((one) => ({ id: one.id, label: one.name }))}
          selectedKey={area}
          onSelectionChange={(key) => setArea(key as AreaId)}
        />
        <FormTextField
          label={labels.imei}
          name="imei"
          inputMode="numeric"
          autoComplete="off"
          description="15 digits: dial *#06# on the phone. Buyers see only its last 4 digits."
          error={errors.imei}
        />
        <ImeiCheckNote check={imeiCheck?.check} />
        <FormTextArea label={labels.details} name="details" error={errors.details} />
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className={errorText}>
            Please fix the fields marked above.
          </p>
        ) : null}
        <Button type="submit" isPending={busy} pendingLabel="Adding the phone">
          Add Product
        </Button>
      </form>
    </section>
  );
}
