import { Link } from 'react-router-dom';
import { appPath } from '../app-path';
import { Icon } from '../icons';

export function CallToActionSection() {
  return (
    <section className="site-section" aria-labelledby="cta-title">
      <div className="site-container">
        <div className="cta-band">
          <div>
            <h2 id="cta-title" className="cta-band__title">
              Start your 14-day free trial
            </h2>
            <p className="cta-band__text">
              Set up your workspace in minutes, invite your team and bring in your first clients today. Prefer a walkthrough? We will show you around.
            </p>
          </div>
          <div className="cta-band__actions">
            <Link to={appPath('/signup')} className="site-button site-button--inverse site-button--large">
              Start free trial
              <Icon name="arrowRight" size={18} />
            </Link>
            <Link to="/contact#demo" className="site-button site-button--ghost-inverse site-button--large">
              Schedule a demo
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
