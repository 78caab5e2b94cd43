import { Icon, type IconName } from '../icons';
import { CONTACT_DETAILS } from './contact-details';
import { InfoPageLayout } from './InfoPageLayout';

interface ContactChannel {
  icon: IconName;
  title: string;
  text: string;
  link: { href: string; label: string };
}

const mailto = (address: string, subject?: string) => `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;

/** `/contact` and `/resources/contact-us`. */
export function ContactPage() {
  const channels: ContactChannel[] = [
    {
      icon: 'mail',
      title: 'Product support',
      text: 'Questions about your workspace, imports, notices or integrations. We reply within one working day, and the same day in due-date weeks.',
      link: { href: mailto(CONTACT_DETAILS.supportEmail), label: CONTACT_DETAILS.supportEmail },
    },
    {
      icon: 'sparkles',
      title: 'Sales and pricing',
      text: 'Quotes for your firm, plan changes, GST invoices for your subscription and onboarding for larger teams.',
      link: { href: mailto(CONTACT_DETAILS.salesEmail), label: CONTACT_DETAILS.salesEmail },
    },
    {
      icon: 'lock',
      title: 'Privacy and grievances',
      text: 'Requests under the Digital Personal Data Protection Act, 2023, and complaints to our Grievance Officer.',
      link: { href: mailto(CONTACT_DETAILS.privacyEmail), label: CONTACT_DETAILS.privacyEmail },
    },
    {
      icon: 'phone',
      title: 'Call us',
      text: CONTACT_DETAILS.hours,
      link: { href: `tel:${CONTACT_DETAILS.phone.replace(/\s+/g, '')}`, label: CONTACT_DETAILS.phone },
    },
  ];

  return (
    <InfoPageLayout
      eyebrow="Contact"
      title="Talk to the Axal Practice team"
      lead="Whether you are evaluating the product, setting up your firm or need help before a due date, a person who understands Indian compliance will answer."
    >
      <ul className="contact-grid">
        {channels.map((channel) => (
          <li key={channel.title} className="info-card">
            <span className="info-card__icon">
              <Icon name={channel.icon} />
            </span>
            <h2 className="info-card__title">{channel.title}</h2>
            <p>{channel.text}</p>
            <a href={channel.link.href}>{channel.link.label}</a>
          </li>
        ))}
      </ul>

      <section id="demo" aria-labelledby="demo-title">
        <h2 id="demo-title">Schedule a demo</h2>
        <p>
          A demo takes 30 minutes on a video call. We walk through a workspace set up like yours: adding clients, a GST notice from arrival to reply,
          document folders, DSC reminders and team roles. Tell us the size of your firm and the days that suit you, and we will send an invitation.
        </p>
        <p>
          <a className="site-button site-button--primary" href={mailto(CONTACT_DETAILS.salesEmail, 'Demo request for Axal Practice')}>
            Request a demo
          </a>
        </p>
      </section>

      <h2>Office</h2>
      <p className="contact-address">
        <Icon name="location" />
        <span>{CONTACT_DETAILS.address}</span>
      </p>
      <p className="contact-address">
        <Icon name="clock" />
        <span>{CONTACT_DETAILS.hours}.</span>
      </p>
    </InfoPageLayout>
  );
}
