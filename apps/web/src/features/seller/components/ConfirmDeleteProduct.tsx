import type { Mobile } from '@recell/api';
import { Confirm } from '../../../components/Confirm';
import { errorMessage, useToast } from '../../../lib/toast';
import { useDeleteMobile } from '../api/delete-mobile';

/** Delete asks first and says what happens to bookings (deleteMobile in the contract). */
export function ConfirmDeleteProduct({
  mobile,
  onClose,
  onDeleted,
}: {
  mobile: Mobile;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteMobile();
  const toast = useToast();
  return (
    <Confirm
      title={`Delete ${mobile.title}?`}
      action="Delete"
      keep="Keep it"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(mobile._id, {
          onSuccess: () => {
            toast.success(`${mobile.title} was deleted`);
            onDeleted();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
      onClose={onClose}
    >
      <p>
        The listing leaves the shop and buyers&apos; carts. Its open bookings that are not paid are cancelled,
        and those buyers see it in My Orders. A phone with a paid booking cannot be deleted: mark it sold
        instead.
      </p>
    </Confirm>
  );
}
