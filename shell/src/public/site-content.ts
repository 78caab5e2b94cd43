import { appPath } from './app-path';

/**
 * Everything the landing page says, in one place (spec 1 sections 1 and 2.3). Supplied content replaces any part
 * of it: `LandingPage` takes a partial `SiteContent`.
 */

export type FeatureIcon = 'summary' | 'analysis' | 'actions' | 'notices' | 'encryption' | 'clients' | 'notifications' | 'integrations';

export interface Feature {
  icon: FeatureIcon;
  title: string;
  description: string;
}

export interface Stat {
  value: string;
  label: string;
}

export interface Benefit {
  value: string;
  title: string;
  description: string;
}

/** The landing page's Plan entity (spec 1 section 3); prices are rupees per month. */
export interface Plan {
  name: string;
  description: string;
  price: { annually: number; monthly: number };
  duration: string;
  features: string[];
  limitations: string[];
  popular: boolean;
  cta: string;
  /** Where the call to action leads, as the browser sees it. */
  href: string;
}

export interface SiteContent {
  hero: { eyebrow: string; title: string; subtitle: string };
  features: Feature[];
  stats: Stat[];
  benefits: Benefit[];
  plans: Plan[];
  annualSaving: string;
}

const defaultSiteContent: SiteContent = {
  hero: {
    eyebrow: 'Built for Indian CA and tax practices',
    title: 'Every client, notice and deadline of your practice in one secure workspace',
    subtitle:
      'Axal Practice brings clients, GST and Income Tax notices, documents, digital signature certificates and team tasks together, and its AI reads each notice so you start with a summary and a list of actions instead of a blank page.',
  },
  features: [
    {
      icon: 'summary',
      title: 'Document summary',
      description: 'Upload a notice, order or agreement and get a plain-language summary of what it says and what it asks for.',
    },
    {
      icon: 'analysis',
      title: 'Document analysis',
      description: 'Key dates, amounts, sections of the Act and the assessment year are pulled out and filed against the right client.',
    },
    {
      icon: 'actions',
      title: 'AI action items from notices',
      description: 'Each notice becomes a checklist of next steps, with a draft reply you can refine before it goes out.',
    },
    {
      icon: 'notices',
      title: 'GST and ITR notice management',
      description: 'Track ASMT-10, DRC-01, 143(1), 148 and every other notice in one queue, prioritised automatically by due date and demand.',
    },
    {
      icon: 'encryption',
      title: 'AES-256 encryption',
      description: 'Portal credentials and documents are encrypted at rest with AES-256, and access is limited by role inside each workspace.',
    },
    {
      icon: 'clients',
      title: 'Client management',
      description: 'Businesses and individuals with PAN, GSTIN, TAN and Aadhaar details, notes, documents and DSCs on one page.',
    },
    {
      icon: 'notifications',
      title: 'Intelligent notifications',
      description: 'Reminders before due dates and DSC expiries, and an alert the moment a new notice or task is assigned to you.',
    },
    {
      icon: 'integrations',
      title: 'Integrations',
      description: 'Connect Tally Prime and the desktop sync app so ledgers and documents flow in without manual uploads.',
    },
  ],
  stats: [
    { value: 'AES-256', label: 'Encryption for credentials and documents' },
    { value: '14 days', label: 'Free trial on every plan' },
    { value: '4 roles', label: 'Owner, Admin, Employee and Client access' },
    { value: 'GST + ITR', label: 'Notices tracked from both portals' },
  ],
  benefits: [
    { value: '15+ hours', title: 'saved per week', description: 'Summaries, action items and reminders replace hours of reading and follow-up.' },
    { value: '95%', title: 'fewer errors', description: 'Deadlines, documents and replies live in one place instead of inboxes and spreadsheets.' },
    { value: '30%', title: 'practice growth', description: 'The time you get back goes to advisory work and new clients.' },
    { value: '98%', title: 'client satisfaction', description: 'Clients hear from you before a due date, not after a penalty.' },
  ],
  plans: [
    {
      name: 'Starter',
      description: 'For independent practitioners getting organised.',
      price: { annually: 1274, monthly: 1499 },
      duration: 'per month',
      features: [
        'Up to 50 clients',
        '2 team members',
        'GST and ITR notice tracking',
        '25 AI notice summaries a month',
        '10 GB document storage',
        'Email support',
      ],
      limitations: ['No accounting integrations', 'No DSC expiry tracking'],
      popular: false,
      cta: 'Start free trial',
      href: appPath('/signup'),
    },
    {
      name: 'Professional',
      description: 'For growing firms that handle notices every week.',
      price: { annually: 3399, monthly: 3999 },
      duration: 'per month',
      features: [
        'Up to 500 clients',
        '10 team members',
        'Unlimited AI summaries and action items',
        'Tally Prime and desktop sync',
        'DSC expiry tracking and reminders',
        '100 GB document storage',
        'Priority support',
      ],
      limitations: ['One workspace'],
      popular: true,
      cta: 'Start free trial',
      href: appPath('/signup'),
    },
    {
      name: 'Enterprise',
      description: 'For multi-partner firms and compliance teams.',
      price: { annually: 8499, monthly: 9999 },
      duration: 'per month',
      features: [
        'Unlimited clients',
        'Unlimited team members',
        'Multiple workspaces',
        'Everything in Professional',
        '1 TB document storage',
        'Onboarding and data migration',
        'Dedicated account manager',
      ],
      limitations: ['Annual billing only'],
      popular: false,
      cta: 'Talk to sales',
      href: '/contact',
    },
  ],
  annualSaving: 'Save 15%',
};

/** The default content with the supplied parts on top. */
export function siteContent(overrides: Partial<SiteContent> = {}): SiteContent {
  return { ...defaultSiteContent, ...overrides };
}

export default defaultSiteContent;
