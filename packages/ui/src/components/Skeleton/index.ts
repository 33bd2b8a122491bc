export {
  Skeleton,
  PhoneCardSkeleton,
  LoadingRegion,
  type SkeletonProps,
  type LoadingRegionProps,
} from './Skeleton';
