import { Link } from 'react-router-dom';
import { appPath } from '../app-path';
import { Icon } from '../icons';
import type { SiteContent } from '../site-content';
import { NoticeInboxPreview } from './NoticeInboxPreview';

export function HeroSection({ hero }: { hero: SiteContent['hero'] }) {
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <div className="site-container landing-hero__grid">
        <div className="landing-hero__copy">
          <p className="site-eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title" className="landing-hero__title">
            {hero.title}
          </h1>
          <p className="landing-hero__subtitle">{hero.subtitle}</p>
          <div className="landing-hero__actions">
            <Link to={appPath('/signup')} className="site-button site-button--primary site-button--large">
              Get Started
              <Icon name="arrowRight" size={18} />
            </Link>
            <Link to={appPath('/login')} className="site-button site-button--secondary site-button--large">
              Login
            </Link>
          </div>
          <p className="landing-hero__reassurance">
            <Icon name="lock" size={16} />
            14-day free trial on every plan. No credit card required.
          </p>
        </div>
        <NoticeInboxPreview />
      </div>
    </section>
  );
}
