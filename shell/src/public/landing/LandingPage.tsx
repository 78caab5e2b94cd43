import { useRef } from 'react';
import { useFocusHeadingOnNavigation } from '../../app/focus-heading-on-navigation';
import { SiteFooter } from '../SiteFooter';
import { SiteHeader } from '../SiteHeader';
import { useDocumentTitle, useScrollToHash } from '../page-hooks';
import { siteContent, type SiteContent } from '../site-content';
import { BenefitsSection } from './BenefitsSection';
import { CallToActionSection } from './CallToActionSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { PricingSection } from './PricingSection';
import { StatsStrip } from './StatsStrip';

/** `{app}`: the public landing page (spec 1 section 2.3). `content` replaces any part of the default content. */
export function LandingPage({ content }: { content?: Partial<SiteContent> }) {
  const { hero, stats, features, benefits, plans, annualSaving } = siteContent(content);
  useDocumentTitle();
  useScrollToHash();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <div className="site">
      <a className="site-skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} ref={main}>
        <HeroSection hero={hero} />
        <StatsStrip stats={stats} />
        <FeaturesSection features={features} />
        <BenefitsSection benefits={benefits} />
        <PricingSection plans={plans} annualSaving={annualSaving} />
        <CallToActionSection />
      </main>
      <SiteFooter />
    </div>
  );
}
