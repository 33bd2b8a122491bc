import { visuallyHidden } from '@recell/ui/theme';
import { useSession } from '../../features/auth/use-session';
import { AdvertisementSection } from '../../features/catalogue/components/AdvertisementSection';
import { CategoriesSection } from '../../features/catalogue/components/CategoriesSection';
import { WelcomeHero } from '../../features/home/components/WelcomeHero';
import { Testimonials } from '../../features/home/components/Testimonials';
import * as styles from './pages.css';
import { ListingActions } from './ListingActions';

/** The home page's four sections, in the spec's order (§2). */
export function HomePage() {
  const { status } = useSession();
  return (
    <div className={styles.sections}>
      {/* the slides' titles are headings of their own; the page's title is for screen readers and outlines */}
      <h1 className={visuallyHidden}>ReCell: used phones, bought and sold</h1>
      <WelcomeHero signedIn={status === 'signed-in'} />
      <CategoriesSection />
      <AdvertisementSection renderActions={(listing) => <ListingActions listing={listing} place="home" />} />
      <Testimonials />
    </div>
  );
}
