import './controls.css';

/** Blueprint's spinner, drawn with SVG and CSS: a ring with a turning quarter. */
export function Spinner({ size = 50, className }: { size?: number; className?: string }) {
  return (
    <svg className={['site-spinner', className].filter(Boolean).join(' ')} width={size} height={size} viewBox="0 0 100 100" aria-hidden="true">
      <circle className="site-spinner__track" cx="50" cy="50" r="45" fill="none" strokeWidth="8" />
      <circle className="site-spinner__head" cx="50" cy="50" r="45" fill="none" strokeWidth="8" strokeLinecap="round" strokeDasharray="71 283" />
    </svg>
  );
}
