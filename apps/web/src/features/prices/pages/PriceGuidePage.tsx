import { ApiError, type PriceGuide } from '@recell/api';
import { SERVED_PRICE_GUIDE_ELEMENT } from '@recell/api/pages';
import { Button } from '@recell/ui/Button';
import { EmptyState } from '@recell/ui/EmptyState';
import { ErrorState } from '@recell/ui/ErrorState';
import { LinkButton } from '@recell/ui/LinkButton';
import { LoadingRegion, Skeleton } from '@recell/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useApi } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { takeServedData } from '../../../lib/served';
import { getPriceGuideQueryOptions } from '../api/get-price-guide';
import { PriceGuideView } from '../components/PriceGuideView';
import * as styles from '../components/price-guide-page.css';

/** The guide the server served in the page for this model (its frame drew it), read once. */
function servedGuide(modelKey: string): PriceGuide | undefined {
  const served = takeServedData<PriceGuide>(SERVED_PRICE_GUIDE_ELEMENT);
  return served?.model?.key === modelKey ? served : undefined;
}

/** The guide of `modelKey`, starting from the one served in the page, so the first render draws the server's frame. */
function usePriceGuidePage(modelKey: string) {
  return useQuery({
    ...getPriceGuideQueryOptions(useApi(), modelKey),
    initialData: () => servedGuide(modelKey),
  });
}

const statusOf = (error: Error) => (error instanceof ApiError ? error.status : undefined);
// the contract answers a key the catalogue does not hold with 400, and one it holds but nobody sold with 404
const notFound = (error: Error) => statusOf(error) === 400 || statusOf(error) === 404;

function titleOf(query: ReturnType<typeof usePriceGuidePage>) {
  if (query.isSuccess) return `${query.data.model.title} price guide`;
  if (query.isPending) return 'Price guide';
  return notFound(query.error) ? 'Model not found' : 'Could not load the price guide';
}

function Loading() {
  return (
    <LoadingRegion label="Loading the price guide">
      <div className={styles.page}>
        <div className={styles.header}>
          <Skeleton width="40%" height="2em" />
          <Skeleton width="70%" />
        </div>
        <Skeleton height="10rem" />
        <Skeleton height="10rem" />
      </div>
    </LoadingRegion>
  );
}

/** /prices/:modelKey: a model's price guide, public. */
export function PriceGuidePage({
  params: { modelKey = '' },
}: {
  params: Readonly<Record<string, string | undefined>>;
}) {
  const guide = usePriceGuidePage(modelKey);
  useDocumentTitle(titleOf(guide));
  if (guide.isPending) return <Loading />;
  if (guide.isSuccess) return <PriceGuideView guide={guide.data} />;
  if (notFound(guide.error))
    return (
      <EmptyState
        headingLevel={1}
        icon={SearchX}
        title="Model not found"
        description="ReCell has no price guide for this model. Check the address, or look at the phones for sale."
        actions={<LinkButton href="/">See phones for sale</LinkButton>}
      />
    );
  return (
    <ErrorState
      headingLevel={1}
      title="Could not load the price guide"
      message={guide.error.message}
      actions={
        <Button isPending={guide.isFetching} pendingLabel="Trying again" onPress={() => void guide.refetch()}>
          Try again
        </Button>
      }
    />
  );
}
