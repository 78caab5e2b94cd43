/**
 * The notices the built-in analyzer knows: the GST forms and the Income Tax sections a CA firm meets most, each
 * with what it is and how it is answered. Recognition (`recognise.ts`), the reply-by rules (`reply-by.ts`) and the
 * writers key on `NoticeKindId`.
 */

export const GST_KIND_IDS = ['ASMT-10', 'DRC-01', 'DRC-01A', 'DRC-07', 'GSTR-3A', 'REG-03', 'REG-17', 'REG-23', 'ADT-01'] as const;
export const INCOME_TAX_KIND_IDS = ['139(9)', '142(1)', '143(1)(a)', '143(2)', '148', '148A(b)', '156', '245', '270A', '274'] as const;

export type GstKindId = (typeof GST_KIND_IDS)[number];
export type IncomeTaxKindId = (typeof INCOME_TAX_KIND_IDS)[number];
export type NoticeKindId = GstKindId | IncomeTaxKindId;

export interface GstKind {
  department: 'GST';
  id: GstKindId;
  /** As the form's heading names it. */
  formTitle: string;
  /** What the notice is, to follow "received ...". */
  description: string;
  /** The form or channel of the reply. */
  replyForm: string;
  /** What falls due, to start "... is due by": 'The reply in FORM GST ASMT-11'. */
  replyDue: string;
  /** CGST Act sections a notice of this form is issued under; the first is assumed when the form alone fixes it. */
  sections: readonly string[];
  /** True when the form is always issued under `sections[0]` (ASMT-10 is always Section 61). */
  sectionFixedByForm: boolean;
  /** False for registration notices: they concern the registration, not a tax period the text may mention. */
  hasTaxPeriod: boolean;
}

export interface IncomeTaxKind {
  department: 'INCOME_TAX';
  id: IncomeTaxKindId;
  description: string;
  replyForm: string;
  replyDue: string;
}

export type NoticeKind = GstKind | IncomeTaxKind;

export const GST_KINDS: Record<GstKindId, GstKind> = {
  'ASMT-10': {
    department: 'GST',
    id: 'ASMT-10',
    formTitle: 'FORM GST ASMT-10',
    description: 'a notice of discrepancies found on scrutiny of returns',
    replyForm: 'FORM GST ASMT-11',
    replyDue: 'The reply in FORM GST ASMT-11',
    sections: ['61'],
    sectionFixedByForm: true,
    hasTaxPeriod: true,
  },
  'DRC-01': {
    department: 'GST',
    id: 'DRC-01',
    formTitle: 'FORM GST DRC-01',
    description: 'the summary of a show cause notice proposing tax, interest and penalty',
    replyForm: 'FORM GST DRC-06',
    replyDue: 'The reply in FORM GST DRC-06',
    sections: ['73', '74', '74A', '76', '122', '129', '130'],
    sectionFixedByForm: false,
    hasTaxPeriod: true,
  },
  'DRC-01A': {
    department: 'GST',
    id: 'DRC-01A',
    formTitle: 'FORM GST DRC-01A',
    description: 'an intimation of tax ascertained as payable before a show cause notice',
    replyForm: 'Part B of FORM GST DRC-01A',
    replyDue: 'Payment or submissions in Part B of FORM GST DRC-01A',
    sections: ['73', '74', '74A', '76'],
    sectionFixedByForm: false,
    hasTaxPeriod: true,
  },
  'DRC-07': {
    department: 'GST',
    id: 'DRC-07',
    formTitle: 'FORM GST DRC-07',
    description: 'the summary of an order confirming a demand',
    replyForm: 'FORM GST APL-01 (appeal) or payment through FORM GST DRC-03',
    replyDue: 'Payment of the demand or an appeal in FORM GST APL-01',
    sections: ['73', '74', '74A', '76', '122', '125', '129', '130'],
    sectionFixedByForm: false,
    hasTaxPeriod: true,
  },
  'GSTR-3A': {
    department: 'GST',
    id: 'GSTR-3A',
    formTitle: 'FORM GSTR-3A',
    description: 'a notice to a return defaulter',
    replyForm: 'the pending return, filed on the GST portal',
    replyDue: 'The pending return',
    sections: ['46'],
    sectionFixedByForm: true,
    hasTaxPeriod: true,
  },
  'REG-03': {
    department: 'GST',
    id: 'REG-03',
    formTitle: 'FORM GST REG-03',
    description: 'a notice seeking clarification or documents on an application for registration',
    replyForm: 'FORM GST REG-04',
    replyDue: 'The clarification in FORM GST REG-04',
    sections: ['25'],
    sectionFixedByForm: true,
    hasTaxPeriod: false,
  },
  'REG-17': {
    department: 'GST',
    id: 'REG-17',
    formTitle: 'FORM GST REG-17',
    description: 'a show cause notice for cancellation of registration',
    replyForm: 'FORM GST REG-18',
    replyDue: 'The reply in FORM GST REG-18',
    sections: ['29'],
    sectionFixedByForm: true,
    hasTaxPeriod: false,
  },
  'REG-23': {
    department: 'GST',
    id: 'REG-23',
    formTitle: 'FORM GST REG-23',
    description: 'a show cause notice for rejection of an application for revocation of cancellation of registration',
    replyForm: 'FORM GST REG-24',
    replyDue: 'The reply in FORM GST REG-24',
    sections: ['30'],
    sectionFixedByForm: true,
    hasTaxPeriod: false,
  },
  'ADT-01': {
    department: 'GST',
    id: 'ADT-01',
    formTitle: 'FORM GST ADT-01',
    description: 'a notice for conducting an audit',
    replyForm: 'attendance with the records called for',
    replyDue: 'Attendance for the audit with the records',
    sections: ['65'],
    sectionFixedByForm: true,
    hasTaxPeriod: true,
  },
};

export const INCOME_TAX_KINDS: Record<IncomeTaxKindId, IncomeTaxKind> = {
  '139(9)': {
    department: 'INCOME_TAX',
    id: '139(9)',
    description: 'a communication that the return of income is defective',
    replyForm: 'a rectified return filed as the response to the defective-return notice on the e-filing portal',
    replyDue: 'The rectified return',
  },
  '142(1)': {
    department: 'INCOME_TAX',
    id: '142(1)',
    description: 'a notice of inquiry before assessment calling for information and documents',
    replyForm: 'a written submission through e-Proceedings on the e-filing portal',
    replyDue: 'The submission',
  },
  '143(1)(a)': {
    department: 'INCOME_TAX',
    id: '143(1)(a)',
    description: 'a communication of adjustments proposed while processing the return',
    replyForm: 'an agree / disagree response under Pending Actions > e-Proceedings on the e-filing portal',
    replyDue: 'The response to the proposed adjustments',
  },
  '143(2)': {
    department: 'INCOME_TAX',
    id: '143(2)',
    description: 'a notice selecting the return for scrutiny assessment',
    replyForm: 'a written submission through e-Proceedings on the e-filing portal',
    replyDue: 'The submission',
  },
  '148': {
    department: 'INCOME_TAX',
    id: '148',
    description: 'a notice for reassessment of income that escaped assessment',
    replyForm: 'a return of income filed in response to the notice',
    replyDue: 'The return in response to the notice',
  },
  '148A(b)': {
    department: 'INCOME_TAX',
    id: '148A(b)',
    description: 'a show cause notice asking why a reassessment notice should not be issued',
    replyForm: 'a reply objecting to the proposed reopening, filed through e-Proceedings',
    replyDue: 'The reply objecting to the reopening',
  },
  '156': {
    department: 'INCOME_TAX',
    id: '156',
    description: 'a notice of demand',
    replyForm: 'payment through Challan ITNS 280 or a response to the outstanding demand on the e-filing portal',
    replyDue: 'Payment of the demand',
  },
  '245': {
    department: 'INCOME_TAX',
    id: '245',
    description: 'an intimation proposing to adjust a refund against an outstanding demand',
    replyForm: 'a response to the proposed adjustment on the e-filing portal',
    replyDue: 'The response to the proposed adjustment',
  },
  '270A': {
    department: 'INCOME_TAX',
    id: '270A',
    description: 'a show cause notice for penalty for under-reporting or misreporting of income',
    replyForm: 'a reply to the penalty show cause notice filed through e-Proceedings',
    replyDue: 'The reply to the penalty notice',
  },
  '274': {
    department: 'INCOME_TAX',
    id: '274',
    description: 'a show cause notice in penalty proceedings',
    replyForm: 'a reply to the penalty show cause notice filed through e-Proceedings',
    replyDue: 'The reply to the penalty notice',
  },
};

/**
 * The Income-tax Act, 2025 numbers of these provisions (in force from 1 April 2026), from the published
 * old-to-new correspondence table of the Income-tax Act, 2025. The notice kind, reply rules and writers are the
 * 1961 provision's; only the citation changes.
 */
export const INCOME_TAX_ACT_2025_SECTIONS: Record<IncomeTaxKindId, string> = {
  '139(9)': '263(7)',
  '142(1)': '268(1)',
  '143(1)(a)': '270(1)(a)',
  '143(2)': '270(8)',
  '148': '280',
  '148A(b)': '281(1)',
  '156': '289',
  '245': '438',
  '270A': '439',
  '274': '471',
};

/** The register's notice type: 'ASMT-10', 'Section 143(2)', 'Section 270(8)' (a notice under the 2025 Act). */
export function noticeTypeLabel(kind: NoticeKind, act: IncomeTaxActYear): string {
  if (kind.department === 'GST') return kind.id;
  return `Section ${act === 2025 ? INCOME_TAX_ACT_2025_SECTIONS[kind.id] : kind.id}`;
}

export type IncomeTaxActYear = 1961 | 2025;

export const ACT_NAMES = {
  cgst: 'the CGST Act, 2017',
  incomeTax1961: 'the Income-tax Act, 1961',
  incomeTax2025: 'the Income-tax Act, 2025',
} as const;
