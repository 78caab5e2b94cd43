import type { Benefit } from '../site-content';

export function BenefitsSection({ benefits }: { benefits: Benefit[] }) {
  return (
    <section id="benefits" className="site-section site-section--muted" aria-labelledby="benefits-title">
      <div className="site-container">
        <header className="site-section__header">
          <p className="site-eyebrow">Why firms switch</p>
          <h2 id="benefits-title" className="site-section__title">
            Less chasing, more advising
          </h2>
          <p className="site-section__lead">What practices tell us changes once notices, documents and deadlines stop living in inboxes.</p>
        </header>
        <ul className="benefit-grid">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="benefit-card">
              <p className="benefit-card__value">{benefit.value}</p>
              <h3 className="benefit-card__title">{benefit.title}</h3>
              <p className="benefit-card__text">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
