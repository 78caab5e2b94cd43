import type { NoticeKindId } from './catalogue';
import { formatLongDate } from './dates';
import type { NoticeFacts } from './extract';
import { demandText, dueDateText, periodName, provision, referencePhrase } from './phrases';

/**
 * What the firm has to do, in order, for each kind of notice: read and verify, reconcile (with the work the
 * notice's grounds call for), decide, reply in the right form by the date, and what follows. Items carry no
 * numbers; the web app numbers them.
 */

interface ItemContext {
  facts: NoticeFacts;
  due: string;
  period: string;
  ref: string;
  /** ' of ₹3,20,000' or ''. */
  amount: string;
  /** The grounds' reconciliation work, or the fallback when the text named no ground. */
  groundWork: (fallback: string) => string[];
  hearing: string[];
  /** ' (Section 149)' for a 1961 notice, '' for one under the 2025 Act, whose numbers for these differ. */
  cite1961: (section: string) => string;
}

function hearingItems(facts: NoticeFacts): string[] {
  const { hearing } = facts.extraction;
  if (!hearing) return [];
  const at = `${formatLongDate(hearing.date)}${hearing.time ? ` at ${hearing.time}` : ''}`;
  if (hearing.mode === 'VIRTUAL') return [`Attend the video hearing on ${at}: test the link beforehand and keep the documents ready to share`];
  return [`Attend the hearing on ${at} (the client or an authorised representative with a signed authorisation) with the documents relied on`];
}

const ITEMS: Record<NoticeKindId, (context: ItemContext) => string[]> = {
  'ASMT-10': ({ ref, period, due, groundWork }) => [
    `Download the ASMT-10${ref} and its annexure from the GST portal, under Services > User Services > View Notices and Orders`,
    ...groundWork(`Reconcile GSTR-1 with GSTR-3B, and GSTR-3B with GSTR-2A/2B, for ${period}`),
    'Prepare a point-wise explanation of each discrepancy with the supporting documents (invoices, credit notes, ledgers, reconciliations)',
    'For any discrepancy accepted, pay the tax with interest under Section 50 through FORM GST DRC-03 and quote the DRC-03 in the reply',
    `File the reply in FORM GST ASMT-11 on the GST portal by ${due}; if more time is needed, ask the proper officer for it before that date`,
    'If the explanation is not accepted, expect proceedings under Section 73 or 74 (DRC-01A, then DRC-01)',
  ],
  'DRC-01': ({ ref, period, due, amount, groundWork, hearing }) => [
    `Read the show cause notice${ref}, its grounds and its computation of the tax, interest and penalty proposed${amount ? ` (a total${amount})` : ''}`,
    'Check the limitation and jurisdiction: the notice must be within the time allowed by Section 73(10) / 74(10) and issued by the proper officer',
    ...groundWork(`Reconcile the figures the notice relies on for ${period} with the books and returns`),
    'If the demand is accepted in full or part, pay through FORM GST DRC-03: payment within 30 days of the notice waives or reduces the penalty (Sections 73(8) and 74(8))',
    `Draft the reply in FORM GST DRC-06 with the legal and factual grounds and enclosures, and file it by ${due}`,
    ...(hearing.length > 0 ? hearing : ['Ask for a personal hearing in the reply (Section 75(4) gives the right to one before an adverse order)']),
  ],
  'DRC-01A': ({ ref, period, due, amount, groundWork }) => [
    `Review the tax and interest ascertained in Part A of the DRC-01A${ref}${amount ? `, a total${amount}` : ''}`,
    ...groundWork(`Reconcile the ascertained amount for ${period} with the books and returns`),
    'If the liability is accepted, pay it with interest through FORM GST DRC-03 before a show cause notice is issued, so that no penalty follows',
    `If it is not accepted, file the submissions in Part B of FORM GST DRC-01A by ${due} with the reasons and documents`,
    'Keep the acknowledgement: a show cause notice in DRC-01 may follow for any amount not paid',
  ],
  'DRC-07': ({ ref, due, amount }) => [
    `Read the order and its summary in DRC-07${ref}, and check that every ground of the reply was dealt with`,
    `Check the demand${amount} against the show cause notice: a demand beyond the notice can be challenged`,
    'Decide with the client whether to pay (FORM GST DRC-03 / electronic ledgers) or appeal',
    `To appeal, file FORM GST APL-01 by ${due} with the pre-deposit of 10% of the disputed tax (Section 107(6))`,
    `Tell the client that without payment or an appeal by ${due}, recovery under Section 79 (including bank attachment) can start`,
  ],
  'GSTR-3A': ({ ref, period, due }) => [
    `Check on the GST portal which return the notice${ref} is about for ${period}: GSTR-3B, GSTR-1, GSTR-4 or GSTR-9`,
    `Collect the sales and purchase data for ${period} and prepare the return`,
    `File the return with late fee and interest by ${due}; the GSTR-3A is then closed without a reply`,
    `If the return is not filed by ${due}, the officer may assess the tax to the best of judgment under Section 62 (ASMT-13) and begin cancellation of registration`,
  ],
  'REG-03': ({ ref, due, hearing }) => [
    `Read the clarifications and documents the officer seeks on the registration application${ref}`,
    'Collect what is asked for: proof of the principal place of business (rent agreement, electricity bill, NOC), identity and address proofs, photographs',
    `File the reply in FORM GST REG-04 by ${due}; without it the application is rejected in FORM GST REG-05`,
    ...hearing,
  ],
  'REG-17': ({ ref, due, groundWork, hearing }) => [
    `Read the reason the officer gives for cancelling the registration${ref}`,
    ...groundWork('Collect evidence that the business runs at the registered place (invoices, bank statements, photographs, utility bills)'),
    'File every pending return with late fee and interest before the reply',
    `File the reply in FORM GST REG-18 by ${due}`,
    ...hearing,
    'Watch for FORM GST REG-20 (proceedings dropped) or REG-19 (cancellation); a cancellation can be undone by applying for revocation in REG-21',
  ],
  'REG-23': ({ ref, due, hearing }) => [
    `Read why the officer proposes to reject the application for revocation of cancellation${ref}`,
    'File every return due up to the date of cancellation and pay the tax, interest and late fee',
    `File the reply in FORM GST REG-24 by ${due} with proof of the filings and payments`,
    ...hearing,
    'Watch for FORM GST REG-22 (registration restored) or REG-05 (rejected); an appeal in FORM GST APL-01 lies against a rejection',
  ],
  'ADT-01': ({ facts, ref, period, due }) => [
    `Note the audit date, ${due}${facts.extraction.hearing?.time ? ` at ${facts.extraction.hearing.time}` : ''}, and where it is held${ref}`,
    `Prepare the records for ${period}: books of account, GSTR-1, GSTR-3B, GSTR-9/9C, ledgers, invoices and e-way bills`,
    'Reconcile the returns with the audited financial statements beforehand and settle any short payment through DRC-03',
    'Authorise a representative to attend and answer the officer; the audit is to be finished within three months (Section 65(4))',
    'Expect the findings in FORM GST ADT-02 and reply to the observations before it is issued',
  ],
  '139(9)': ({ ref, period, due, groundWork }) => [
    `Read the defect and its error description in the communication${ref} for ${period}`,
    ...groundWork('Correct the return for the defect named (missing schedules, wrong ITR form, tax audit details, unpaid tax)'),
    `File the corrected return as the response under e-Proceedings ("Response to Defective Notice") by ${due}`,
    `If more time is needed, ask for it before ${due}: a return not rectified in time is treated as never filed`,
  ],
  '142(1)': ({ ref, period, due, groundWork, hearing }) => [
    `List every item of information and document called for${ref} for ${period}`,
    ...groundWork('Match the queries with the return, the books and the bank statements'),
    'Prepare the replies point by point, with an annexure for each document',
    `Submit the response through e-Proceedings on the e-filing portal by ${due}; ask for an adjournment there before the date if needed`,
    ...hearing,
  ],
  '143(1)(a)': ({ facts, period, due, groundWork }) => [
    `Compare each proposed adjustment with the return, Form 26AS / AIS and the tax audit report for ${period}`,
    ...groundWork('Find the reason for each variance (income shown under another head, TDS of another year, a claim not in the audit report)'),
    'Answer each adjustment with "agree" or "disagree" under Pending Actions > e-Proceedings, giving the reasons for every disagreement',
    `Respond by ${due}: without a response the return is processed with the adjustments under ${provision(facts, '143(1)(a)')}`,
    'Where an adjustment is right, consider a revised return if time allows',
  ],
  '143(2)': ({ ref, period, due, groundWork, hearing }) => [
    `Note the issues selected for scrutiny${ref} for ${period}, and whether the scrutiny is limited or complete`,
    ...groundWork('Prepare the evidence on each issue selected for scrutiny'),
    'Prepare the paper book: computation of income, financial statements, tax audit report, ledgers and documents on each issue',
    `Submit the reply through e-Proceedings by ${due}`,
    ...(hearing.length > 0 ? hearing : ['Ask for a personal hearing through video conferencing if the issues need explaining']),
  ],
  '148': ({ ref, period, due, cite1961 }) => [
    `Obtain the order deciding the case fit for reopening${cite1961('148A(d) / 148A(3)')} and the information relied on${ref}`,
    `Check that the notice for ${period} is within the time limit${cite1961('149')} and carries the approval of the specified authority`,
    `File the return of income in response to the notice by ${due}`,
    'After filing, object to the reopening in writing if it is not valid, and ask for the material relied on',
  ],
  '148A(b)': ({ ref, period, due, cite1961, hearing }) => [
    `Study the information that suggests income escaped assessment for ${period}${ref}`,
    `Check that the notice is within the time limit for reopening${cite1961('149')}`,
    'Prepare the reply objecting to the reopening, with documents explaining each transaction named',
    `File the reply through e-Proceedings by ${due} and ask for a personal hearing if needed`,
    ...hearing,
    `Watch for the order deciding whether the case is fit for a reassessment notice${cite1961('148A(d) / 148A(3)')}`,
  ],
  '156': ({ period, due, amount, cite1961 }) => [
    `Check the demand${amount} against the assessment order and its computation for ${period}`,
    'Check the credit given for taxes already paid (advance tax, TDS, self-assessment tax) and any rectification pending',
    `Pay the demand through Challan ITNS 280 (minor head 400) by ${due}, or appeal and ask for a stay of demand`,
    `Tell the client that interest runs on a demand unpaid after ${due}${cite1961('220(2)')} and that recovery can follow`,
  ],
  '245': ({ period, due, amount }) => [
    `Check the outstanding demand${amount} proposed to be adjusted against the refund for ${period}`,
    'On the e-filing portal (Pending Actions > Response to Outstanding Demand), verify whether the demand is correct, paid, stayed or under appeal',
    `Respond by ${due}: agree, agree in part, or disagree with reasons and documents (challans, appeal, stay order)`,
    'Without a response the CPC adjusts the refund against the demand',
  ],
  '270A': ({ ref, period, due, cite1961, hearing }) => [
    `Read the show cause notice and the additions on which penalty is proposed for ${period}${ref}`,
    'Check whether the notice says under-reporting or misreporting and which limb it invokes: a notice that does not say is open to challenge',
    `Consider immunity from penalty${cite1961('270AA')}: pay the tax and interest of the order and give up the appeal, applying within one month from the end of the month the order was received`,
    'Prepare the reply: a bona fide explanation with all material facts disclosed, and the case law that supports it',
    `File the reply through e-Proceedings by ${due}`,
    ...hearing,
  ],
  '274': ({ facts, ref, period, due, cite1961, hearing }) => [
    `Identify the penalty the notice proposes (${facts.extraction.section ?? 'the section cited'}) for ${period}${ref}`,
    `Gather the facts that show a reasonable cause for the default${cite1961('273B')}`,
    `File the reply through e-Proceedings by ${due}`,
    ...hearing,
  ],
};

function genericItems(facts: NoticeFacts, context: ItemContext): string[] {
  return [
    `Read the notice${context.ref} and note what it asks for`,
    ...context.groundWork('Collect the documents and records the notice relies on'),
    `Prepare the reply with supporting documents and send it by ${context.due}`,
    ...context.hearing,
    facts.extraction.replyBy
      ? 'Keep the acknowledgement of the reply with the notice'
      : 'Confirm the due date on the portal or with the issuing office',
  ];
}

/** Kinds whose own items already cover what their grounds would add. */
const GROUNDS_NOT_LISTED = new Set<NoticeKindId>(['GSTR-3A', 'REG-03', 'REG-23', 'ADT-01', 'DRC-07', '156', '245', '148', '270A', '274']);

export function writeActionItems(facts: NoticeFacts): string[] {
  const kind = facts.recognition.kind;
  const amount = demandText(facts);
  const context: ItemContext = {
    facts,
    due: dueDateText(facts),
    period: periodName(facts),
    ref: referencePhrase(facts),
    amount: amount ? ` of ${amount}` : '',
    groundWork: (fallback) =>
      kind && GROUNDS_NOT_LISTED.has(kind.id) ? [] : facts.grounds.length > 0 ? facts.grounds.map((ground) => ground.action) : [fallback],
    hearing: hearingItems(facts),
    cite1961: (section) => (facts.recognition.act === 2025 ? '' : ` (Section ${section})`),
  };
  const items = kind ? ITEMS[kind.id](context) : genericItems(facts, context);
  return [...new Set(items)];
}
