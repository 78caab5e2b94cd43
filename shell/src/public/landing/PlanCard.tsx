import { Link } from 'react-router-dom';
import { Icon } from '../icons';
import type { Plan } from '../site-content';

export type BillingPeriod = keyof Plan['price'];

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** One plan; the price is blurred on screen (spec 1 section 2.3) and read out as "Contact us for pricing". */
export function PlanCard({ plan, billing }: { plan: Plan; billing: BillingPeriod }) {
  const headingId = `plan-${plan.name.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <article className="plan-card" data-popular={plan.popular} aria-labelledby={headingId}>
      {plan.popular && <p className="plan-card__badge">Most Popular</p>}
      <h3 id={headingId} className="plan-card__name">
        {plan.name}
      </h3>
      <p className="plan-card__description">{plan.description}</p>
      <div className="plan-card__price">
        <span className="plan-card__amount" aria-hidden="true">
          {rupees.format(plan.price[billing])}
          <small> {plan.duration}</small>
        </span>
        <span className="plan-card__price-note">Contact us for pricing</span>
      </div>
      <p className="plan-card__billing">{billing === 'annually' ? 'Billed annually' : 'Billed monthly'}</p>
      <Link to={plan.href} className={`site-button site-button--block ${plan.popular ? 'site-button--primary' : 'site-button--secondary'}`}>
        {plan.cta}
      </Link>
      <h4 className="plan-card__list-title">What's included</h4>
      <ul className="plan-card__list">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={16} className="plan-card__included" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.limitations.length > 0 && (
        <>
          <h4 className="plan-card__list-title">Limitations</h4>
          <ul className="plan-card__list plan-card__list--limitations">
            {plan.limitations.map((limitation) => (
              <li key={limitation}>
                <Icon name="cross" size={16} className="plan-card__excluded" />
                {limitation}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
