import { Link } from 'react-router-dom';
import { appPath } from '../app-path';
import { InfoPageLayout } from './InfoPageLayout';

const PRINCIPLES = [
  {
    title: 'Security first',
    text: 'Portal credentials and integration keys are encrypted with AES-256-GCM, passwords are hashed with scrypt, and every workspace is isolated from every other.',
  },
  {
    title: 'Built around Indian compliance',
    text: 'GSTINs, PANs, TANs, assessment years, GST and Income Tax notice types and statutory due dates are part of the product, not custom fields.',
  },
  {
    title: 'AI that assists, professionals who decide',
    text: 'Summaries, action items and draft replies save reading time. The professional judgement, and the signature, stay with you.',
  },
];

/** `/about`. */
export function AboutPage() {
  return (
    <InfoPageLayout
      eyebrow="About us"
      title="About Axal Practice"
      lead="We build the workspace that Indian chartered accountants, tax practitioners and compliance teams use to run their practice: clients, notices, documents, certificates and deadlines, all in one place."
    >
      <h2>Why we started</h2>
      <p>
        A typical practice in India handles hundreds of clients across GST, Income Tax, TDS and ROC compliance. Notices arrive on the GST and Income
        Tax portals, documents arrive on WhatsApp and email, and due dates live in a spreadsheet that one person keeps up to date. When that person is
        on leave, a reply window closes and a client pays a penalty that nobody saw coming.
      </p>
      <p>
        Axal Practice replaces that patchwork with one shared record per client. Every notice, document, task, digital signature certificate and note
        sits on the client's page, every team member sees what is due, and the product reminds the right person before a deadline rather than after
        it.
      </p>

      <h2>What the product does</h2>
      <ul>
        <li>Keeps businesses and individuals with their PAN, GSTIN, TAN and Aadhaar details, notes and documents in one workspace per firm.</li>
        <li>Tracks GST and Income Tax notices with automatic priority, and uses AI to summarise each notice and list the actions it calls for.</li>
        <li>Stores documents in a folder tree per workspace and tracks DSC expiry dates with reminders.</li>
        <li>Connects to Tally Prime and a desktop sync app, so data flows in without manual uploads.</li>
        <li>Gives each team member a role (Owner, Admin, Employee or Client) so people see only what they should.</li>
      </ul>

      <h2>What we believe</h2>
      <div className="info-cards">
        {PRINCIPLES.map((principle) => (
          <div key={principle.title} className="info-card">
            <h3>{principle.title}</h3>
            <p>{principle.text}</p>
          </div>
        ))}
      </div>

      <h2>Who we are</h2>
      <p>
        We are a small team of engineers and practising chartered accountants based in Bengaluru. Every feature is tested with working practices
        before it ships, and the busiest weeks of the compliance calendar (GST return due dates, the advance tax instalments and the 31 July ITR
        deadline) are the weeks we plan our releases around.
      </p>
      <p>
        Want to see it with your own clients? <Link to={appPath('/signup')}>Start a 14-day free trial</Link> or{' '}
        <Link to="/contact">get in touch</Link>.
      </p>
    </InfoPageLayout>
  );
}
