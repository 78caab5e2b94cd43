import { CONTACT_DETAILS } from './contact-details';
import { LegalDocument, type LegalSection } from './LegalDocument';

const { privacyEmail, address } = CONTACT_DETAILS;
const privacyMail = <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>;

const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'roles',
    title: 'Who is responsible for your data',
    body: (
      <>
        <p>
          This policy explains how Axal Practice handles personal data under the Digital Personal Data Protection Act, 2023 (the DPDP Act) and the
          rules made under it.
        </p>
        <ul>
          <li>
            <strong>Account data</strong> (your name, email and how you use the service): we are the Data Fiduciary.
          </li>
          <li>
            <strong>Client data</strong> that a firm stores in its workspace (client names, PAN, GSTIN, Aadhaar, addresses, documents, notices, portal
            credentials): the firm is the Data Fiduciary and we process that data only on its instructions, as its Data Processor.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          Account details: name, email address, a scrypt hash of your password (never the password itself), and your Google profile name and email if
          you sign in with Google.
        </li>
        <li>Workspace content your firm adds: clients, notes, tasks, notices, documents, certificate details and integration settings.</li>
        <li>Technical data: IP address, browser type and request logs, used to keep the service secure and working.</li>
        <li>Billing details for paid plans: billing contact, GSTIN of your firm and payment records.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <>
        <p>
          We use personal data to provide and secure the service, to authenticate you, to send notifications you have asked for, to answer support
          requests, to bill for paid plans and to meet our legal obligations. We do not sell personal data and we do not use it for advertising.
        </p>
        <p>
          When you use AI summaries, the text of the notice or document is sent to our AI service provider under a contract that forbids it from
          keeping the data or using it to train models.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <ul>
        <li>All traffic is encrypted in transit with TLS.</li>
        <li>
          Data is stored encrypted at rest. GST and Income Tax portal credentials and integration API keys are additionally encrypted with AES-256-GCM
          using versioned keys that we rotate.
        </li>
        <li>Aadhaar numbers are stored encrypted and shown masked to everyone except the workspace roles allowed to reveal them.</li>
        <li>Access inside a workspace is limited by role, and every change is written to an activity log.</li>
        <li>Signed-in sessions expire after 12 hours, or after 30 days when you choose "Remember me"; repeated failed sign-ins are throttled.</li>
      </ul>
    ),
  },
  {
    id: 'storage',
    title: 'Where it is stored and for how long',
    body: (
      <>
        <p>Data is stored in data centres located in India.</p>
        <p>
          We keep account data while your account is open. When a workspace is deleted, its records are deleted at once; when an account is closed,
          its data can be exported for 30 days and is then deleted. Encrypted backups are overwritten within 90 days. Security logs are kept for 180
          days, as the CERT-In directions of April 2022 require.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <p>
        We share personal data only with service providers that help us run the service (cloud hosting, email delivery and the AI provider), each
        bound by a contract to protect it and use it only for us, and with authorities where Indian law requires us to. Members of your workspace see
        the data their role allows.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use one essential session cookie to keep you signed in and to protect forms against cross-site request forgery. Your light or dark theme
        choice is kept in your browser's local storage. We use no advertising or third-party tracking cookies.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the DPDP Act you can:</p>
        <ul>
          <li>ask for a summary of the personal data we process about you and the processing activities;</li>
          <li>ask us to correct, complete, update or erase your personal data;</li>
          <li>withdraw consent where processing relies on consent, as easily as you gave it;</li>
          <li>nominate another person to exercise your rights in the event of your death or incapacity;</li>
          <li>have a grievance heard by us, and then by the Data Protection Board of India.</li>
        </ul>
        <p>
          Write to {privacyMail} to use these rights. If you are a client of a firm that uses Axal Practice, please contact the firm first; we will
          help it answer your request. We respond within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'breach',
    title: 'If something goes wrong',
    body: (
      <p>
        If a personal data breach occurs, we will inform the affected firms and individuals and the Data Protection Board of India as the DPDP Act and
        its rules require, along with what happened, its likely impact and what we are doing about it.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The service is meant for professionals and is not directed at children. Where a firm stores data of a client under 18, the firm is responsible
        for obtaining verifiable consent from the parent or lawful guardian.
      </p>
    ),
  },
  {
    id: 'grievance',
    title: 'Grievance Officer',
    body: (
      <p>
        Our Grievance Officer can be reached at {privacyMail} or by post at {address}. We acknowledge every grievance within 48 hours.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>We will announce material changes by email and in the product at least 30 days before they take effect.</p>,
  },
];

/** `/privacy` and `/resources/privacy-policy`. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="How Axal Practice collects, uses, protects and deletes personal data, and the rights you have under the Digital Personal Data Protection Act, 2023."
      updated="1 November 2026"
      sections={PRIVACY_SECTIONS}
    />
  );
}
