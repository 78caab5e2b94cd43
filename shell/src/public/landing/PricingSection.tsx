import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Plan } from '../site-content';
import { PlanCard, type BillingPeriod } from './PlanCard';

export function PricingSection({ plans, annualSaving }: { plans: Plan[]; annualSaving: string }) {
  const [billing, setBilling] = useState<BillingPeriod>('annually');
  return (
    <section id="pricing" className="site-section" aria-labelledby="pricing-title">
      <div className="site-container">
        <header className="site-section__header">
          <p className="site-eyebrow">Pricing</p>
          <h2 id="pricing-title" className="site-section__title">
            Plans that grow with your practice
          </h2>
          <p className="site-section__lead">
            Every plan includes a 14-day free trial with all of the plan's features. Start small and move up as your client list grows.
          </p>
        </header>
        <div className="billing-toggle" role="group" aria-label="Billing period">
          <button type="button" className="billing-toggle__option" aria-pressed={billing === 'annually'} onClick={() => setBilling('annually')}>
            Annual
            <span className="billing-toggle__saving">{annualSaving}</span>
          </button>
          <button type="button" className="billing-toggle__option" aria-pressed={billing === 'monthly'} onClick={() => setBilling('monthly')}>
            Monthly
          </button>
        </div>
        <ul className="plan-grid">
          {plans.map((plan) => (
            <li key={plan.name}>
              <PlanCard plan={plan} billing={billing} />
            </li>
          ))}
        </ul>
        <p className="pricing-note">
          Prices are in Indian rupees and exclude GST. <Link to="/contact">Contact our team</Link> for a quote for your firm.
        </p>
      </div>
    </section>
  );
}
