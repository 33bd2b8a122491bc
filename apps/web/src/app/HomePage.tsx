import { AdvertisementSection } from '../features/catalogue/components/AdvertisementSection';
import { CategoriesSection } from '../features/catalogue/components/CategoriesSection';
import { Carousel } from '../features/home/components/Carousel';
import { Testimonials } from '../features/home/components/Testimonials';
import * as styles from './layout.css';
import { ListingActions } from './ListingActions';

/** The home page's four sections, in the spec's order (§2). */
export function HomePage() {
  return (
    <div className={styles.sections}>
      <Carousel />
      <CategoriesSection />
      <AdvertisementSection renderActions={(listing) => <ListingActions listing={listing} place="home" />} />
      <Testimonials />
    </div>
  );
}
