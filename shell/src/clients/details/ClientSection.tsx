import { Section, type IconName, type SectionProps } from '@blueprintjs/core';
import type { HTMLAttributes, ReactNode } from 'react';

function SectionHeading(props: HTMLAttributes<HTMLElement>) {
  return <h2 {...props} />;
}

interface ClientSectionProps extends Pick<SectionProps, 'subtitle' | 'rightElement'> {
  title: string;
  icon: IconName;
  children: ReactNode;
}

/** A titled panel of the client page; its title is an h2 under the client's name. */
export function ClientSection({ title, icon, subtitle, rightElement, children }: ClientSectionProps) {
  return (
    <Section className="client-section" title={title} icon={icon} subtitle={subtitle} rightElement={rightElement} titleRenderer={SectionHeading}>
      <div className="client-section__body">{children}</div>
    </Section>
  );
}
