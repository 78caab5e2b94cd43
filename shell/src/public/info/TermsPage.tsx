import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from './contact-details';
import { LegalDocument, type LegalSection } from './LegalDocument';

const SUPPORT_EMAIL = CONTACT_DETAILS.supportEmail;

const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These terms govern your use of Axal Practice, the practice-management service for accountants, tax practitioners and compliance professionals.
        By creating an account or using the service you agree to them on behalf of yourself and, where you sign up for a firm, on behalf of that firm.
        If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        Axal Practice lets you keep client records, track tasks and GST, Income Tax and other regulatory notices, store documents, track digital
        signature certificates, connect supported desktop tools and receive notifications. Features marked "Demo" are previews and may change or be
        withdrawn. We may improve, change or discontinue features with reasonable notice where a change materially reduces what you pay for.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and security',
    body: (
      <>
        <p>
          You must give accurate details when you sign up and keep your password confidential. You are responsible for what happens under your
          account. Tell us at once at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you suspect unauthorised access.
        </p>
        <p>You must be at least 18 years old and legally able to enter into a contract under Indian law to use the service.</p>
      </>
    ),
  },
  {
    id: 'workspaces',
    title: 'Workspaces, roles and team members',
    body: (
      <p>
        Work happens in workspaces. The owner of a workspace decides who is invited and which role (Owner, Admin, Employee or Client) each member
        holds, and is responsible for those decisions. Deleting a workspace permanently deletes its clients, tasks, notices, documents and other
        records; it cannot be undone.
      </p>
    ),
  },
  {
    id: 'client-data',
    title: 'Your data and your clients\u2019 data',
    body: (
      <>
        <p>
          You keep all rights in the data you and your team put into the service. You give us permission to host, process and display it only to
          provide the service to you. For personal data of your clients you act as the Data Fiduciary under the Digital Personal Data Protection Act,
          2023, and we process it on your behalf as your Data Processor, as described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <p>
          You confirm that you have your clients' authority to store their information, including their login credentials for the GST and Income Tax
          portals, and that you will use those credentials only for the engagements they have given you.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'AI summaries and draft replies',
    body: (
      <p>
        Summaries, action items and draft replies produced by the service are generated automatically and may be incomplete or wrong. They are aids,
        not professional advice. You remain responsible for reviewing them, for the advice you give and for every reply or filing made to a tax
        authority.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not use the service for anything unlawful, including storing data you have no right to hold.</li>
        <li>Do not try to access another firm's workspace, probe or overload the service, or get around its security or usage limits.</li>
        <li>Do not use automated means to log in to government portals through the service in breach of those portals' terms.</li>
        <li>Do not resell the service or use it to build a competing product.</li>
      </ul>
    ),
  },
  {
    id: 'fees',
    title: 'Free trial, fees and taxes',
    body: (
      <p>
        Every plan starts with a 14-day free trial. After the trial, fees for the plan you choose are payable in advance for the billing period
        (monthly or annual). Fees are in Indian rupees and exclude GST, which is charged at the applicable rate on a tax invoice. Annual plans are not
        refundable part way through the term, except where the law requires it or we end the service without cause.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and support',
    body: (
      <p>
        We aim to keep the service available at all times and schedule maintenance outside Indian business hours and away from statutory due dates. We
        do not guarantee uninterrupted availability. Government portals are run by third parties, and we are not responsible for their downtime or
        changes.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential loss, lost profits, penalties or interest levied on you or your
        clients, or loss of data caused by events outside our reasonable control. Our total liability in any twelve months is limited to the fees you
        paid us in that period.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending the service',
    body: (
      <p>
        You can stop using the service and delete your workspaces at any time. We may suspend or end your access if you materially breach these terms
        and do not fix the breach within 15 days of notice, or at once where needed to protect the service or other customers. After your account ends
        you can export your data for 30 days, after which we delete it except where the law requires us to keep it.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. Disputes are subject to the exclusive jurisdiction of the courts at Bengaluru, Karnataka. We
        will try to resolve any concern informally first; please write to us before starting proceedings.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will tell workspace owners by email and in the product at least 30 days before a material change takes effect.
        Continuing to use the service after that date means you accept the updated terms.
      </p>
    ),
  },
];

/** `/terms` and `/resources/terms-and-conditions`. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead="The agreement between you and Axal Practice for the use of the service. Please read it with the Privacy Policy."
      updated="1 November 2026"
      sections={TERMS_SECTIONS}
    />
  );
}
