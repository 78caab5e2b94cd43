import { InfoPageLayout } from './InfoPageLayout';

interface BlogPost {
  slug: string;
  title: string;
  date: string;
  category: string;
  paragraphs: string[];
}

const POSTS: BlogPost[] = [
  {
    slug: 'asmt-10-checklist',
    title: 'Replying to a GST ASMT-10 scrutiny notice: a working checklist',
    date: '2026-10-28',
    category: 'GST',
    paragraphs: [
      'An ASMT-10 notice under section 61 of the CGST Act points out discrepancies the proper officer found while scrutinising a return. The most common ones are input tax credit claimed in GSTR-3B that is higher than GSTR-2B, and outward supplies in GSTR-1 that do not match the tax paid in GSTR-3B.',
      'Start by noting the reply window stated in the notice (usually 30 days) and the tax periods it covers. Reconcile GSTR-2B with the purchase register supplier by supplier, list the invoices behind each difference and separate genuine timing differences from credit that has to be reversed.',
      'The reply is filed in Form ASMT-11. Where the explanation is accepted, the officer closes the proceedings in ASMT-12; where it is not, the matter can move to section 73 or 74. In Axal Practice, the AI summary lists these steps for each notice, and the notice stays on the client page with its documents until it is closed.',
    ],
  },
  {
    slug: 'section-143-1-intimation',
    title: 'Reading a section 143(1) intimation without missing the adjustment',
    date: '2026-09-16',
    category: 'Income Tax',
    paragraphs: [
      'An intimation under section 143(1) is the result of the Centralised Processing Centre comparing the return with its own computation. Most are routine, but a demand or a reduced refund usually comes from an adjustment proposed earlier under section 143(1)(a) that went unanswered.',
      'Compare the "as provided by taxpayer" and "as computed under section 143(1)" columns line by line. Typical causes are TDS credit not matching Form 26AS or the AIS, a disallowed deduction, or income reported by a third party that is missing in the return.',
      'If the computation is wrong, file a rectification request under section 154 on the e-filing portal, or respond to the outstanding demand with your disagreement. Keeping the intimation, the AIS and the working papers together for each client makes the response a matter of minutes.',
    ],
  },
  {
    slug: 'dsc-renewals',
    title: 'Digital signature certificates: stop discovering expiries on filing day',
    date: '2026-08-04',
    category: 'Practice management',
    paragraphs: [
      'A Class 3 DSC is usually valid for one or two years, and an expired certificate blocks ROC filings, GST registrations signed with a DSC and audit report uploads on the Income Tax portal. The expiry is printed on the token, but nobody looks at a token until they need it.',
      "Record each client's certificate with its holder, provider, token type and expiry date, and set a reminder at least 30 days ahead. Renewal needs fresh video verification with the certifying authority, which is hard to arrange in the last week of a quarter.",
      'Axal Practice groups certificates by how soon they expire and reminds the team before each one, so renewals are scheduled on a quiet day rather than on a due date.',
    ],
  },
  {
    slug: 'dpdp-act-for-practices',
    title: 'What the DPDP Act, 2023 means for a CA practice',
    date: '2026-07-10',
    category: 'Data protection',
    paragraphs: [
      'The Digital Personal Data Protection Act, 2023 applies to every practice that holds the PAN, Aadhaar, bank details or contact details of individual clients. For that data the practice is a Data Fiduciary: it decides why and how the data is processed, and it answers for its protection.',
      'In practice this means collecting only what an engagement needs, telling clients what the data is used for, keeping it secure, deleting it when it is no longer needed and naming a contact for grievances. A personal data breach has to be reported to the Data Protection Board and to the people affected.',
      'Software you use to process client data acts as your Data Processor. Check that it encrypts data at rest, restricts access by role, records who did what and lets you export and delete data when an engagement ends. Axal Practice does all four.',
    ],
  },
];

const publishedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** "28 October 2026" for "2026-10-28", read as that calendar day wherever the reader is. */
function formatPublishedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return publishedOn.format(new Date(year, month - 1, day));
}

/** `/blog`: short practical articles for practitioners. */
export function BlogPage() {
  return (
    <InfoPageLayout
      eyebrow="Blog"
      title="Notes from the practice"
      lead="Practical guides on GST and Income Tax notices, compliance deadlines and running a modern practice, written with working chartered accountants."
    >
      <div className="blog-list">
        {POSTS.map((post) => (
          <article key={post.slug} id={post.slug} className="blog-post" aria-labelledby={`${post.slug}-title`}>
            <p className="blog-post__meta">
              <span className="blog-post__category">{post.category}</span>
              <time dateTime={post.date}>{formatPublishedDate(post.date)}</time>
            </p>
            <h2 id={`${post.slug}-title`}>{post.title}</h2>
            {post.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </article>
        ))}
      </div>
    </InfoPageLayout>
  );
}
