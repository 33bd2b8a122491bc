import { listingModelKey, type components, type Mobile, type MobileUpdate } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { FileUpload } from '@recell/ui/FileUpload';
import { Select } from '@recell/ui/Select';
import { useState, type FormEvent } from 'react';
import { FormTextArea, FormTextField } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { errorText, formStack } from '../../../components/styles.css';
import type { RenderPriceGuide } from '../../../lib/price-guide';
import { errorMessage, useToast } from '../../../lib/toast';
import { conditions, labels, readUpdate, type ProductErrors } from '../add-product';
import { useUpdateMobile } from '../api/update-mobile';
import { useUploadImage } from '../api/upload-image';
import { mismatchWords } from './ImeiModelNote';
import * as styles from './MyProductPage.css';
import { needsPhoneVerification, PhoneVerificationNotice } from './PhoneVerificationNotice';
import { SellerPhoneLine } from './SellerPhoneLine';
import { SpecFields } from './SpecFields';

/**
 * Edit one listing: its fields prefilled, checked as Add Product checks them, a new picture uploaded first, and
 * only what changed sent (updateMobile is a partial update).
 */
export function EditProductDialog({
  mobile,
  sellerPhone,
  onClose,
  renderPriceGuide,
}: {
  mobile: Mobile;
  /** The account's phone (GET /me/phone), undefined until known: the listing shows it, whatever Edit sends. */
  sellerPhone: components['schemas']['PhoneStatus'] | undefined;
  onClose: () => void;
  /** What the listing's model, in the storage and condition chosen, really sold for, by its price. */
  renderPriceGuide?: RenderPriceGuide | undefined;
}) {
  const [errors, setErrors] = useState<ProductErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [phoneFirst, setPhoneFirst] = useState(false);
  // the price guide follows the storage and condition as they are chosen
  const [condition, setCondition] = useState(mobile.condition);
  const [storageGb, setStorageGb] = useState(mobile.storageGb);
  const upload = useUploadImage(setProgress);
  const update = useUpdateMobile();
  const toast = useToast();
  const busy = upload.isPending || update.isPending;
  const mismatch = mobile.imeiCheck?.model.outcome === 'mismatch';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { changes, errors: found } = readUpdate(new FormData(event.currentTarget), mobile);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(changes).length === 0 && !chosen) {
      onClose();
      return;
    }
    // the server would refuse it (403 phone_verification_required): say so before a new picture is uploaded
    if (sellerPhone?.phoneVerified === false) {
      setPhoneFirst(true);
      return;
    }
    try {
      const patch: MobileUpdate = { ...changes };
      if (chosen) {
        setProgress(0);
        patch.picture = (await upload.mutateAsync(chosen)).data.url;
      }
      await update.mutateAsync({ id: mobile._id, changes: patch });
      toast.success('Changes saved');
      onClose();
    } catch (error) {
      setProgress(null);
      if (needsPhoneVerification(error)) setPhoneFirst(true);
      else toast.error(errorMessage(error));
    }
  }

  const text = (name: 'title' | 'location' | 'resale_price' | 'stock', inputMode?: 'numeric' | 'decimal') => (
    <FormTextField
      label={labels[name]}
      name={name}
      error={errors[name]}
      defaultValue={String(mobile[name])}
      {...(inputMode ? { inputMode } : {})}
    />
  );

  return (
    <ModalDialog title={`Edit ${mobile.title}`} onClose={onClose}>
      <PhoneVerificationNotice shown={phoneFirst} />
      <form className={formStack} onSubmit={onSubmit} noValidate>
        {mismatch ? (
          <p>{mismatchWords(mobile)} Correct the name, or the IMEI if a digit was mistyped.</p>
        ) : null}
        {text('title')}
        <FileUpload
          label={labels.picture}
          onFileChange={setChosen}
          currentUrl={mobile.picture}
          {...(progress !== null ? { progress: Math.round(progress * 100) } : {})}
          isDisabled={busy}
        />
        {text('resale_price', 'decimal')}
        {/* the model the listing's deals count under */}
        {renderPriceGuide?.({
          modelKey: listingModelKey(mobile),
          storageGb,
          condition,
        })}
        <Select
          label="Condition"
          name="condition"
          options={conditions.map((value) => ({ id: value, label: value }))}
          defaultValue={mobile.condition}
          onSelectionChange={(key) => setCondition(conditions.find((value) => value === key) ?? condition)}
        />
        <SpecFields errors={errors} mobile={mobile} onStorageChange={setStorageGb} />
        {text('stock', 'numeric')}
        <SellerPhoneLine phone={sellerPhone} />
        {text('location')}
        <FormTextField
          label="Corrected IMEI (optional)"
          name="imei"
          inputMode="numeric"
          autoComplete="off"
          description={`Left empty, the IMEI stays ${mobile.imeiMasked ? `the one ending in ${mobile.imeiMasked.slice(-4)}` : 'unset'}. 15 digits: dial *#06# on the phone.`}
          error={errors.imei}
        />
        <FormTextArea
          label={labels.details}
          name="details"
          error={errors.details}
          defaultValue={mobile.details}
        />
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className={errorText}>
            Please fix the fields marked above.
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isPending={busy} pendingLabel="Saving the changes">
            Save changes
          </Button>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
