import { ApiError, listingModelKey } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { EmptyState } from '@recell/ui/EmptyState';
import { ErrorState } from '@recell/ui/ErrorState';
import { LoadingRegion, Skeleton } from '@recell/ui/Skeleton';
import { SearchX } from 'lucide-react';
import { LinkButton } from '@recell/ui/LinkButton';
import { useDocumentTitle } from '../../../lib/document-title';
import type { RenderListingActions, RenderListingStatus } from '../../../lib/listing';
import type { RenderPriceGuide } from '../../../lib/price-guide';
import { loginPath } from '../../../lib/safe-return';
import { useMobile } from '../api/get-mobile';
import { MobileDetails } from './MobileDetails';
import * as styles from './mobile-page.css';

const statusOf = (error: Error) => (error instanceof ApiError ? error.status : undefined);

function titleOf(query: ReturnType<typeof useMobile>) {
  if (query.isSuccess) return query.data.title;
  if (query.isPending) return 'Phone';
  return statusOf(query.error) === 404 ? 'Phone not found' : 'Could not load the phone';
}

function Loading() {
  return (
    <LoadingRegion label="Loading the phone">
      <div className={styles.page}>
        <div className={styles.frame}>
          <Skeleton height="100%" />
        </div>
        <div className={styles.summary}>
          <Skeleton width="70%" height="2em" />
          <Skeleton width="40%" height="2.5em" />
          <Skeleton width="90%" />
          <Skeleton width="60%" />
        </div>
      </div>
    </LoadingRegion>
  );
}

/**
 * /mobile/{id}: one listing at a URL that can be shared. It is public: a visitor sees it without the seller's
 * number and is asked to log in for that and for the buying actions, which the app passes in.
 * Unlike the category page, a failure stays on this page: a listing that is gone is "not found" (a link that
 * went stale is normal, not an error), and any other failure offers Try again.
 */
export function MobilePage({
  id,
  renderActions,
  renderStatus,
  renderPriceGuide,
}: {
  id: string;
  renderActions: RenderListingActions;
  renderStatus?: RenderListingStatus;
  /** How the price compares with what the model really sold for, from the prices feature. */
  renderPriceGuide?: RenderPriceGuide;
}) {
  const mobile = useMobile(id);
  useDocumentTitle(titleOf(mobile));
  if (mobile.isPending) return <Loading />;
  if (mobile.isSuccess)
    return (
      <MobileDetails
        mobile={mobile.data}
        actions={renderActions(mobile.data)}
        {...(renderStatus ? { renderStatus } : {})}
        // the model the listing's deals count under
        priceGuide={renderPriceGuide?.({
          modelKey: listingModelKey(mobile.data),
          storageGb: mobile.data.storageGb,
          condition: mobile.data.condition,
          price: mobile.data.resale_price,
        })}
      />
    );
  const status = statusOf(mobile.error);
  if (status === 404)
    return (
      <EmptyState
        headingLevel={1}
        icon={SearchX}
        title="Phone not found"
        description="This phone is no longer listed: it may have been sold or removed by its seller."
        actions={<LinkButton href="/">See other phones</LinkButton>}
      />
    );
  // only before getMobile was public, or with a session the server no longer accepts
  if (status === 401)
    return (
      <EmptyState
        headingLevel={1}
        title="Log in to see this phone"
        actions={<LinkButton href={loginPath(`/mobile/${id}`)}>Log In</LinkButton>}
      />
    );
  return (
    <ErrorState
      headingLevel={1}
      title="Could not load the phone"
      message={mobile.error.message}
      actions={
        <Button
          isPending={mobile.isFetching}
          pendingLabel="Trying again"
          onPress={() => void mobile.refetch()}
        >
          Try again
        </Button>
      }
    />
  );
}
