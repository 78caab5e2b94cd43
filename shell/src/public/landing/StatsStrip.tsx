import type { Stat } from '../site-content';

/** The optional stats band of spec 1 section 2.3: nothing is rendered when the content has none. */
export function StatsStrip({ stats }: { stats: Stat[] }) {
  if (stats.length === 0) return null;
  return (
    <section className="stats-strip" aria-label="Axal Practice at a glance">
      <dl className="site-container stats-strip__list">
        {stats.map((stat) => (
          <div key={stat.label} className="stats-strip__item">
            <dt className="stats-strip__label">{stat.label}</dt>
            <dd className="stats-strip__value">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
