import type { NoticeKindId } from './catalogue';
import { formatLongDate } from './dates';
import type { NoticeFacts } from './extract';
import { clientName, demandText, dueDateText, noticeReference, periodName, provision } from './phrases';

/**
 * The draft reply: a letter in the form the notice calls for (ASMT-11 to ASMT-10, DRC-06 to DRC-01, REG-18 to
 * REG-17, a submission to a 142(1) or 143(2) notice ...), addressed to the officer the notice names, with the
 * facts the text gave and `[placeholders]` for the ones only the firm knows.
 */

interface Letter {
  subject: string;
  paragraphs: string[];
  enclosures: string[];
}

interface LetterContext {
  facts: NoticeFacts;
  reference: string;
  period: string;
  due: string;
  /** '₹3,20,000' or the placeholder. */
  amount: string;
  section: string;
  /** One paragraph per ground the notice raised, or one placeholder paragraph explained by `explain`. */
  groundParagraphs: (explain: string) => string[];
  hearingParagraph: (fallback: string | null) => string[];
}

function hearingParagraph(facts: NoticeFacts, fallback: string | null): string[] {
  const { hearing } = facts.extraction;
  if (hearing) {
    const at = `${formatLongDate(hearing.date)}${hearing.time ? ` at ${hearing.time}` : ''}`;
    const how = hearing.mode === 'VIRTUAL' ? ' through video conferencing' : '';
    return [`We shall attend the hearing fixed on ${at}${how}, and request that these submissions be considered before any order is passed.`];
  }
  return fallback ? [fallback] : [];
}

const LETTERS: Record<NoticeKindId, (context: LetterContext) => Letter> = {
  'ASMT-10': ({ reference, period, amount, groundParagraphs }) => ({
    subject: `Reply in FORM GST ASMT-11 to the notice in FORM GST ASMT-10, ${reference}, for ${period}`,
    paragraphs: [
      'With reference to the above notice issued under Section 61 of the CGST Act, 2017 read with Rule 99 of the CGST Rules, 2017, we submit our explanation for the discrepancies pointed out.',
      ...groundParagraphs(
        '[reasons for the difference, e.g. invoices amended in a later month, credit notes, advances adjusted], as the enclosed reconciliation shows',
      ),
      `Of the amount of ${amount} pointed out, [₹ amount] is explained above, and [₹ amount, if any] has been paid with interest through FORM GST DRC-03, ARN [ARN] dated [date].`,
      'We request you to accept this explanation and conclude the proceedings by issuing FORM GST ASMT-12.',
    ],
    enclosures: [
      'Reconciliation of GSTR-1, GSTR-3B and GSTR-2A/2B for the period',
      'Copies of the returns and ledgers relied on',
      '[FORM GST DRC-03, if any payment was made]',
    ],
  }),
  'DRC-01': ({ reference, period, amount, section, groundParagraphs, hearingParagraph }) => ({
    subject: `Reply in FORM GST DRC-06 to the show cause notice, ${reference}, under ${section} for ${period}`,
    paragraphs: [
      `We acknowledge the show cause notice summarised in FORM GST DRC-01 proposing a demand of ${amount} (tax, interest and penalty).`,
      'At the outset, and without prejudice to the submissions on merits, we submit that [state any preliminary objection: limitation under Section 73(10) / 74(10), jurisdiction, no pre-notice intimation in DRC-01A].',
      ...groundParagraphs('[facts and reconciliation showing that no tax is short paid or input tax credit wrongly availed]'),
      'As no tax is short paid, no interest under Section 50 is payable, and no penalty can be imposed because [there is no fraud, wilful misstatement or suppression of facts].',
      ...hearingParagraph('We request a personal hearing under Section 75(4) of the CGST Act, 2017 before any order is passed.'),
      'We therefore pray that the proposed demand be dropped.',
    ],
    enclosures: ['Reconciliation statements for the period', 'Copies of invoices, ledgers and returns relied on', '[Case law relied on]'],
  }),
  'DRC-01A': ({ reference, period, amount, section, groundParagraphs }) => ({
    subject: `Submissions in Part B of FORM GST DRC-01A against the intimation, ${reference}, for ${period}`,
    paragraphs: [
      `We refer to the intimation in Part A of FORM GST DRC-01A under ${section} ascertaining ${amount} as payable.`,
      '[Choose one: We have paid ₹[amount] with interest through FORM GST DRC-03, ARN [ARN] dated [date], in full discharge of the amount ascertained. / We do not accept the amount ascertained, for the reasons below.]',
      ...groundParagraphs('[facts and reconciliation showing that the amount is not payable]'),
      'We request that no show cause notice be issued for the amount explained above.',
    ],
    enclosures: ['Reconciliation for the period', '[FORM GST DRC-03, if any payment was made]'],
  }),
  'DRC-07': ({ reference, amount, due }) => ({
    subject: `Intimation of appeal against the order summarised in FORM GST DRC-07, ${reference}, and request to keep recovery in abeyance`,
    paragraphs: [
      `The above order confirms a demand of ${amount}. The order is not acceptable to us, and we have filed an appeal in FORM GST APL-01 before the Appellate Authority on [date of appeal], ARN [ARN], within the time allowed (by ${due}).`,
      'We have paid the pre-deposit of [₹ amount, 10% of the tax in dispute] under Section 107(6) of the CGST Act, 2017 through FORM GST DRC-03, ARN [ARN] dated [date].',
      'Under Section 107(7), recovery of the balance is deemed stayed while the appeal is pending. We therefore request that no recovery proceedings be initiated.',
    ],
    enclosures: ['Acknowledgement of FORM GST APL-01', 'FORM GST DRC-03 for the pre-deposit'],
  }),
  'GSTR-3A': ({ reference, period }) => ({
    subject: `Compliance with the notice in FORM GSTR-3A, ${reference}, for ${period}`,
    paragraphs: [
      `In compliance with the above notice, we have filed the return [GSTR-3B / GSTR-1] for ${period} on [date of filing], ARN [ARN], with the late fee and interest payable.`,
      'The delay was due to [reason for the delay]. We regret it and request that the proceedings under Section 62 be dropped.',
    ],
    enclosures: ['Acknowledgement of the return filed', 'Payment challans for tax, interest and late fee'],
  }),
  'REG-03': ({ facts, reference, hearingParagraph }) => ({
    subject: `Reply in FORM GST REG-04 to the notice in FORM GST REG-03, ${reference}, on the application for registration (ARN ${facts.applicationArn ?? '[ARN of the application]'})`,
    paragraphs: [
      'In reply to the clarifications sought, we submit as follows:',
      '1. [Query raised in the notice]: [clarification].',
      '2. [Query raised in the notice]: [clarification].',
      'The documents asked for are enclosed. We request you to approve the application for registration.',
      ...hearingParagraph(null),
    ],
    enclosures: [
      'Proof of the principal place of business [rent agreement / electricity bill / NOC]',
      'Identity and address proofs of the [proprietor / partners / directors]',
    ],
  }),
  'REG-17': ({ facts, reference, hearingParagraph }) => ({
    subject: `Reply in FORM GST REG-18 to the show cause notice in FORM GST REG-17, ${reference}, for cancellation of registration`,
    paragraphs: [
      `The notice proposes to cancel our registration under Section 29 of the CGST Act, 2017 on the ground of ${facts.grounds[0]?.reason ?? '[reason stated in the notice]'}.`,
      'We submit that [all returns pending up to [tax period] have been filed on [dates] with the late fee and interest payable / the business continues to be carried on at the registered place of business, as the enclosed documents show].',
      ...hearingParagraph(null),
      'We therefore request that the proceedings be dropped by issuing FORM GST REG-20.',
    ],
    enclosures: [
      'Acknowledgements of the returns filed',
      'Proof of business activity at the registered place [invoices, bank statement, photographs]',
    ],
  }),
  'REG-23': ({ facts, reference, hearingParagraph }) => ({
    subject: `Reply in FORM GST REG-24 to the notice in FORM GST REG-23, ${reference}, on our application for revocation of cancellation of registration`,
    paragraphs: [
      `We applied in FORM GST REG-21 (ARN ${facts.applicationArn ?? '[ARN]'}) for revocation of the cancellation of our registration.`,
      'We have since furnished every return due up to the date of cancellation and paid the tax, interest and late fee, as detailed below: [return, tax period, date of filing, ARN].',
      ...hearingParagraph(null),
      'We therefore request that the registration be restored by an order in FORM GST REG-22.',
    ],
    enclosures: ['Acknowledgements of the returns filed', 'Payment challans'],
  }),
  'ADT-01': ({ facts, reference, period, due }) => ({
    subject: `Audit under Section 65 of the CGST Act, 2017 for ${period}: notice in FORM GST ADT-01, ${reference}`,
    paragraphs: [
      `We acknowledge the above notice. [Name of representative], [designation], will attend on ${due}${
        facts.extraction.hearing?.time ? ` at ${facts.extraction.hearing.time}` : ''
      } with the books of account and records for ${period}.`,
      'We shall produce the following: books of account, GSTR-1, GSTR-3B and GSTR-9/9C filed, ledgers of input tax credit, invoices, e-way bills and the audited financial statements. [Add any records the notice names.]',
      '[If more time is needed: We request that the audit be fixed on [proposed date], as [reason].]',
    ],
    enclosures: ['Authorisation of the representative'],
  }),
  '139(9)': ({ reference, period }) => ({
    subject: `Response to the communication of defective return, ${reference}, for ${period}`,
    paragraphs: [
      'The communication states that the return is defective because of [error description / code as in the communication].',
      'We have corrected the return by [describe the correction, e.g. adding the missing schedule, reporting the tax audit details] and filed it as the response to the defective return notice on [date], acknowledgement no. [number].',
      'We request that the return be treated as valid and processed.',
    ],
    enclosures: ['Acknowledgement of the corrected return'],
  }),
  '142(1)': ({ facts, reference, period, groundParagraphs, hearingParagraph }) => ({
    subject: `Submission in response to the notice under ${facts.extraction.section ?? provision(facts, '142(1)')}, ${reference}, for ${period}`,
    paragraphs: [
      'In response to the above notice, we submit the information and documents called for, point by point:',
      ...(facts.grounds.length > 0
        ? [
            ...groundParagraphs('[reply with documents]'),
            `${facts.grounds.length + 1}. [Other items called for in the notice]: [reply], Annexure ${facts.grounds.length + 1}.`,
          ]
        : ['1. [Query 1 as in the notice]: [reply], Annexure 1.', '2. [Query 2 as in the notice]: [reply], Annexure 2.']),
      ...hearingParagraph(null),
      'We request that this submission be taken on record. Anything further required will be furnished.',
    ],
    enclosures: ['Annexures 1 to [n] as referred to above'],
  }),
  '143(1)(a)': ({ facts, reference, period, groundParagraphs }) => ({
    subject: `Response to the proposed adjustments under ${facts.extraction.section ?? provision(facts, '143(1)(a)')}, ${reference}, for ${period}`,
    paragraphs: [
      '[Choose for each adjustment: We agree with the adjustment. / We disagree with the adjustment for the reasons below.]',
      ...groundParagraphs(
        '[reason for the variance, e.g. the income is reported under another head / the TDS relates to another year / the claim is in the tax audit report]',
      ),
      'We request that the return be processed without the adjustments we disagree with.',
    ],
    enclosures: ['Reconciliation with Form 26AS / AIS', '[Tax audit report extract, if relevant]'],
  }),
  '143(2)': ({ facts, reference, period, groundParagraphs, hearingParagraph }) => ({
    subject: `Submission in the scrutiny assessment for ${period}: notice under ${facts.extraction.section ?? provision(facts, '143(2)')}, ${reference}`,
    paragraphs: [
      'The return for the year was filed on [date of filing] declaring a total income of ₹[returned income].',
      'On the issues selected for scrutiny, we submit as follows:',
      ...groundParagraphs('[explanation with documents]'),
      ...hearingParagraph('We request an opportunity of personal hearing through video conferencing if any adverse view is proposed.'),
      'We request that the returned income be accepted.',
    ],
    enclosures: ['Computation of income, financial statements and tax audit report', 'Documents on each issue [list]'],
  }),
  '148': ({ facts, reference, period }) => ({
    subject: `Return filed in response to the notice under ${facts.extraction.section ?? provision(facts, '148')}, ${reference}, for ${period}`,
    paragraphs: [
      'In compliance with the above notice, we have filed the return of income on [date], acknowledgement no. [number], declaring a total income of ₹[amount].',
      'We request copies of the order deciding that this is a fit case for reassessment, the information relied on and the approval of the specified authority.',
      'Without prejudice, we object to the reopening because [grounds: the income was disclosed and examined / the notice is beyond the time limit / the information does not suggest escapement].',
    ],
    enclosures: ['Acknowledgement of the return filed'],
  }),
  '148A(b)': ({ facts, reference, period }) => ({
    subject: `Reply to the show cause notice under ${facts.extraction.section ?? provision(facts, '148A(b)')}, ${reference}, for ${period}`,
    paragraphs: [
      'The notice states that information suggests that income chargeable to tax has escaped assessment in respect of [the transactions described in the notice].',
      'We submit that the transactions were [disclosed in the return filed on [date] / fully explained by the enclosed documents]: [facts of each transaction].',
      'The information therefore does not suggest that any income escaped assessment. [Also, the notice is beyond the time allowed for reopening, if so.]',
      'We request that it be held that this is not a fit case for a reassessment notice and that the proceedings be dropped. We also request a personal hearing through video conferencing.',
    ],
    enclosures: ['Documents explaining each transaction [bank statements, deeds, confirmations]'],
  }),
  '156': ({ reference, period, amount }) => ({
    subject: `Response to the notice of demand, ${reference}, for ${period}`,
    paragraphs: [
      `The notice demands ${amount}.`,
      '[Choose one: We have paid the demand on [date] by challan, BSR code [code], serial no. [number]. / We have appealed against the assessment order on [date] and request a stay of the demand until the appeal is decided. / The demand is incorrect because [credit for taxes paid not given / a rectification application is pending], as the enclosed documents show.]',
      'We request that no recovery proceedings be initiated meanwhile.',
    ],
    enclosures: ['[Challan / appeal acknowledgement / rectification application]'],
  }),
  '245': ({ reference, period, amount }) => ({
    subject: `Response to the intimation proposing adjustment of refund, ${reference}, for ${period}`,
    paragraphs: [
      `The intimation proposes to adjust the refund against an outstanding demand of ${amount} [for assessment year [AY of the demand]].`,
      'We [disagree / agree in part] with the adjustment because [the demand has been paid / is under appeal and stayed / has been reduced by rectification / does not relate to us].',
      'We request that the refund be released without the adjustment.',
    ],
    enclosures: ['[Challan / appeal acknowledgement / stay order / rectification order]'],
  }),
  '270A': ({ facts, reference, period, hearingParagraph }) => ({
    subject: `Reply to the show cause notice under ${facts.extraction.section ?? provision(facts, '270A')}, ${reference}, for ${period}`,
    paragraphs: [
      'The notice proposes a penalty for [under-reporting / misreporting] of income on the additions made in the assessment order dated [date].',
      'The notice does not specify [whether under-reporting or misreporting is alleged / which limb is invoked], and the proceedings fail for that reason alone. [Delete if the notice specifies it.]',
      'On merits, the additions arise from [a disallowance / an estimate / a difference of opinion]; all material facts were disclosed in the return and the explanation offered is bona fide, so the income is not under-reported.',
      ...hearingParagraph(null),
      'We request that the penalty proceedings be dropped.',
    ],
    enclosures: ['[Case law relied on]'],
  }),
  '274': ({ facts, reference, period, hearingParagraph }) => ({
    subject: `Reply to the penalty show cause notice under ${facts.extraction.section ?? provision(facts, '274')}, ${reference}, for ${period}`,
    paragraphs: [
      'The notice asks why a penalty should not be imposed for [the default stated in the notice].',
      'There was a reasonable cause for the default: [facts]. No penalty is therefore leviable.',
      ...hearingParagraph(null),
      'We request that the penalty proceedings be dropped.',
    ],
    enclosures: ['[Documents supporting the reasonable cause]'],
  }),
};

function genericLetter({ facts, reference, due, groundParagraphs, hearingParagraph }: LetterContext): Letter {
  return {
    subject: `Reply to the notice${facts.extraction.noticeType ? ` (${facts.extraction.noticeType})` : ''}, ${reference}`,
    paragraphs: [
      `With reference to the above notice${facts.extraction.section ? ` under ${facts.extraction.section}` : ''}, we submit as follows, within the time allowed (by ${due}):`,
      ...groundParagraphs('[point-wise reply to what the notice asks, with documents]'),
      ...hearingParagraph(null),
      'We request that the above be taken on record and the matter closed.',
    ],
    enclosures: ['[Documents relied on]'],
  };
}

function identityLines(facts: NoticeFacts): string[] {
  // An applicant for registration has no GSTIN yet: the application stands for it.
  if (facts.recognition.kind?.id === 'REG-03') return [`Application Reference Number: ${facts.applicationArn ?? '[ARN]'}`];
  if (facts.extraction.department === 'GST') return [`GSTIN: ${facts.gstin ?? '[GSTIN]'}`];
  if (facts.extraction.department === 'INCOME_TAX') return [`PAN: ${facts.pan ?? '[PAN]'}`];
  return [];
}

export function writeDraftReply(facts: NoticeFacts): string {
  const amount = demandText(facts);
  const context: LetterContext = {
    facts,
    reference: noticeReference(facts),
    period: periodName(facts),
    due: dueDateText(facts),
    amount: amount ?? '₹[amount]',
    section: facts.extraction.section ?? 'Section [73 / 74] of the CGST Act, 2017',
    groundParagraphs: (explain) =>
      facts.grounds.length > 0
        ? facts.grounds.map((ground, index) => `${index + 1}. On ${ground.reason}: ${ground.explanation}.`)
        : [`1. [Issue raised in the notice]: ${explain}.`],
    hearingParagraph: (fallback) => hearingParagraph(facts, fallback),
  };
  const kind = facts.recognition.kind;
  const letter = kind ? LETTERS[kind.id](context) : genericLetter(context);
  const name = clientName(facts);
  return [
    ['To,', ...facts.addressee.lines.map((line, index, lines) => (index < lines.length - 1 ? `${line},` : `${line}.`))].join('\n'),
    ['From:', name, ...identityLines(facts)].join('\n'),
    `Subject: ${letter.subject}`,
    'Respected Sir/Madam,',
    ...letter.paragraphs,
    [
      'Yours faithfully,',
      `For ${name}`,
      '',
      '[Authorised signatory]',
      'Name: [Name]',
      'Designation: [Designation]',
      'Place: [Place]',
      'Date: [Date]',
    ].join('\n'),
    ['Enclosures:', ...letter.enclosures.map((enclosure, index) => `${index + 1}. ${enclosure}`)].join('\n'),
  ].join('\n\n');
}
