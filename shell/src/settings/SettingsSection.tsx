import { Section, type SectionProps } from '@blueprintjs/core';
import type { HTMLAttributes } from 'react';

function SectionHeading(props: HTMLAttributes<HTMLElement>) {
  return <h2 {...props} />;
}

/** A titled settings panel; its title is an h2 under the page's "Settings" h1. */
export function SettingsSection({ className, ...props }: Omit<SectionProps, 'titleRenderer'>) {
  return <Section {...props} className={['settings-section', className].filter(Boolean).join(' ')} titleRenderer={SectionHeading} />;
}
