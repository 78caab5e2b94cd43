import { Icon } from '../icons';
import type { Feature } from '../site-content';

export function FeaturesSection({ features }: { features: Feature[] }) {
  return (
    <section id="features" className="site-section" aria-labelledby="features-title">
      <div className="site-container">
        <header className="site-section__header">
          <p className="site-eyebrow">Features</p>
          <h2 id="features-title" className="site-section__title">
            Everything a compliance practice runs on
          </h2>
          <p className="site-section__lead">
            From the day a notice lands on the portal to the day the reply is filed, your team works from one shared record.
          </p>
        </header>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="feature-card">
              <span className="feature-card__icon">
                <Icon name={feature.icon} size={22} />
              </span>
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__text">{feature.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
