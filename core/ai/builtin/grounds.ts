import type { AnalysisDepartment } from '../notice-analysis';

/**
 * The grounds a notice raises, recognised from the usual wording: what the summary gives as the reason and what
 * the action items ask to reconcile.
 */

export interface Ground {
  /** For the summary: "It concerns {reason}." */
  reason: string;
  /** The work it asks for. */
  action: string;
  /** The draft reply's placeholder for the answer on this ground. */
  explanation: string;
}

const GROUNDS: ReadonlyArray<{ department: AnalysisDepartment; pattern: RegExp; ground: Ground }> = [
  {
    department: 'GST',
    pattern: /GSTR-?1\b[^.]{0,120}GSTR-?3B|GSTR-?3B[^.]{0,120}GSTR-?1\b/i,
    ground: {
      reason: 'a difference between the tax on outward supplies in GSTR-1 and the tax paid through GSTR-3B',
      action: 'Reconcile GSTR-1 with GSTR-3B month by month and list the reasons for each difference (amendments, credit notes, advances)',
      explanation:
        '[reasons for the difference: invoices amended in a later month, credit notes, advances adjusted, tax paid in a later GSTR-3B], as the enclosed reconciliation shows',
    },
  },
  {
    department: 'GST',
    pattern: /GSTR-?2[AB]\b|auto-?populated|input tax credit[^.]{0,80}(?:excess|higher|more than)|excess (?:ITC|input tax credit)/i,
    ground: {
      reason: 'input tax credit claimed in GSTR-3B above the credit shown in GSTR-2A/2B',
      action: 'Reconcile the input tax credit claimed in GSTR-3B with GSTR-2A/2B and the purchase register, supplier by supplier',
      explanation:
        '[reasons: invoices of the period reported late by suppliers, credit of an earlier period, imports shown in ICEGATE], as the enclosed supplier-wise reconciliation shows',
    },
  },
  {
    department: 'GST',
    pattern: /e-?way bills?/i,
    ground: {
      reason: 'supplies covered by e-way bills that the returns do not show',
      action: 'Match the e-way bills generated in the period with the invoices reported in GSTR-1',
      explanation:
        '[reasons: e-way bills cancelled or not acted on, stock transfers, supplies reported in another month], as the enclosed e-way bill reconciliation shows',
    },
  },
  {
    department: 'GST',
    pattern: /GSTR-?9C?\b|annual return/i,
    ground: {
      reason: 'differences between the annual return and the monthly returns',
      action: 'Compare GSTR-9 (and GSTR-9C where filed) with the monthly returns and the audited accounts',
      explanation: '[reasons for each difference between GSTR-9 and the monthly returns]',
    },
  },
  {
    department: 'GST',
    pattern: /registration[^.]{0,60}cancel\w*[^.]{0,60}supplier|supplier[^.]{0,80}(?:cancel\w*|non-existent|bogus|fake)|fake invoices?|non-existent/i,
    ground: {
      reason: 'input tax credit taken on invoices of suppliers found non-existent or cancelled',
      action:
        'Collect proof that the supplies were received (invoices, e-way bills, transport records, payments through bank) for the suppliers named',
      explanation:
        '[the goods were received and paid for through the bank; the supplier was registered on the invoice date], as the enclosed invoices, e-way bills, transport records and bank statements show',
    },
  },
  {
    department: 'GST',
    pattern:
      /(?:not|failed to|failure to)\s+(?:been\s+)?(?:file|furnish)\w*[^.]{0,60}returns?|non-filing of returns?|returns?\b[^.]{0,80}(?:has|have) not been (?:filed|furnished)/i,
    ground: {
      reason: 'returns not filed for the period',
      action: 'File every pending return with late fee and interest before the reply',
      explanation: '[all pending returns were filed on [dates] with the late fee and interest]',
    },
  },
  {
    department: 'INCOME_TAX',
    pattern: /\b(?:26AS|AIS|TIS)\b/i,
    ground: {
      reason: 'a mismatch between the return and Form 26AS / AIS',
      action: 'Reconcile the income and TDS in the return with Form 26AS, AIS and TIS; submit feedback on AIS entries that are wrong',
      explanation:
        '[the income and TDS in the return reconcile with Form 26AS / AIS as shown in the enclosed reconciliation; wrong AIS entries were reported through AIS feedback]',
    },
  },
  {
    department: 'INCOME_TAX',
    pattern: /cash deposits?/i,
    ground: {
      reason: 'cash deposits in bank accounts',
      action: 'Prepare the source of each cash deposit with the cash book, withdrawals and sales records',
      explanation: '[source of each deposit: cash sales recorded in the books / withdrawals redeposited / gifts with confirmations]',
    },
  },
  {
    department: 'INCOME_TAX',
    pattern: /\bSFT\b|high[- ]value transactions?/i,
    ground: {
      reason: 'high-value transactions reported by third parties (SFT)',
      action: 'Trace each SFT-reported transaction to the books and the return',
      explanation: '[each reported transaction with its source of funds and its place in the return]',
    },
  },
  {
    department: 'INCOME_TAX',
    pattern: /capital gains?/i,
    ground: {
      reason: 'capital gains',
      action: 'Gather sale and purchase deeds, cost of improvement records and the capital gains computation',
      explanation: '[computation of capital gains with sale and purchase deeds, cost of improvement and the exemption claimed]',
    },
  },
  {
    department: 'INCOME_TAX',
    pattern: /\bdeductions?\b[^.]{0,60}(?:chapter VI-?A|80[A-Z]{1,3})|\b80C\b|\b80D\b/i,
    ground: {
      reason: 'deductions claimed under Chapter VI-A',
      action: 'Collect the proofs of every Chapter VI-A deduction claimed (80C, 80D and others)',
      explanation: '[each deduction with its proof and the condition under which it is allowed]',
    },
  },
  {
    department: 'INCOME_TAX',
    pattern: /\b(?:44AB|tax audit report|audit report)\b/i,
    ground: {
      reason: 'the tax audit report',
      action: 'Check that the tax audit report (Form 3CA/3CB-3CD) was uploaded and matches the return',
      explanation: '[the tax audit report was uploaded on [date]; its figures agree with the return]',
    },
  },
];

/** At most three grounds, in the order of the table (the most common first). */
export function findGrounds(flat: string, department: AnalysisDepartment | null): Ground[] {
  return GROUNDS.filter((entry) => entry.department === department && entry.pattern.test(flat))
    .slice(0, 3)
    .map((entry) => entry.ground);
}
