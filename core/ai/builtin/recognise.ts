import type { AnalysisDepartment } from '../notice-analysis';
import {
  ACT_NAMES,
  GST_KINDS,
  INCOME_TAX_ACT_2025_SECTIONS,
  INCOME_TAX_KINDS,
  noticeTypeLabel,
  type GstKind,
  type GstKindId,
  type IncomeTaxActYear,
  type IncomeTaxKindId,
  type NoticeKind,
} from './catalogue';
import type { NoticeText } from './text';

/**
 * Which notice this is: the GST form named in its heading, else the Income Tax section the notice is issued under
 * (in either Act's numbering), else a Companies Act / ROC notice. A heading-like mention ("FORM GST DRC-07",
 * "Notice under section 148") wins over a passing one ("the show cause notice in DRC-01 dated ...").
 */

export interface Recognition {
  kind: NoticeKind | null;
  /** The Income-tax Act the notice cites (1961 unless it cites the 2025 Act); 1961 for other notices. */
  act: IncomeTaxActYear;
  department: AnalysisDepartment | null;
  noticeType: string | null;
  section: string | null;
}

const GST_FORM = /\b(?:(form)\s*(?:gst)?\s*)?(?:(asmt|drc|reg|adt)\s?-?\s?(\d{2})\s?([a-c])?|(gstr)\s?-?\s?(3a))(?![a-z0-9])/gi;
const FORM_HEADING_BEFORE = /(?:^|\n)\s*$/;

interface FoundForm {
  kind: GstKind;
  heading: boolean;
}

function gstFormsIn(text: NoticeText): FoundForm[] {
  const joined = text.lines.join('\n');
  const found: FoundForm[] = [];
  for (const match of joined.matchAll(GST_FORM)) {
    const id = (match[2] ? `${match[2]}-${match[3]}${match[4] ?? ''}` : `${match[5]}-${match[6]}`).toUpperCase();
    const kind = GST_KINDS[id as GstKindId] as GstKind | undefined;
    if (!kind) continue;
    const heading = match[1] !== undefined || FORM_HEADING_BEFORE.test(joined.slice(Math.max(0, match.index - 40), match.index));
    found.push({ kind, heading });
  }
  return found;
}

/** A citation of a section: 'u/s 143(2)', 'under section 148A(b)', 'Section 274 r.w.s. 270A', 's. 263(7)'. */
const CITATION =
  /(?:\bu\s?\/\s?s\.?|\bsections?|\bsec\.|\bs\.|\br\.?\s?\/?\s?w\.?\s?s\.?|\br\/w)\s*(\d{2,3}[A-Z]{0,3})\s*((?:\(\s*[0-9a-z]{1,4}\s*\)\s*)*)/gi;
const ACT_AFTER =
  /^[^.;]{0,60}?\b(?:of\s+the\s+)?(income[- ]?tax\s+act,?\s*(1961|2025)|(?:cgst|sgst|[a-z]+ goods and services tax|central goods and services tax|igst)\s+act|companies\s+act)/i;
const HEADING_WORDS_BEFORE = /\b(?:notice|communication|intimation|show[- ]cause(?: notice)?|scn|proceedings?)\b[^.;]{0,40}$/i;
const READ_WITH_AFTER =
  /^\s*(?:read\s+with|r\.?\s?\/?\s?w\.?\s?s?\.?|r\/w)\s*(?:section|sec\.|s\.)?\s*(\d{2,3}[A-Z]{0,3})\s*((?:\(\s*[0-9a-z]{1,4}\s*\)\s*)*)/i;

type CitedAct = IncomeTaxActYear | 'GST' | 'COMPANIES' | null;

interface Citation {
  /** '143(2)', '148A(b)', '73(1)'. */
  provision: string;
  /** The base number: '143', '148A', '73'. */
  number: string;
  act: CitedAct;
  heading: boolean;
  index: number;
  end: number;
}

const subdivisions = (raw: string): string => raw.replace(/\s+/g, '').toLowerCase();

function citationsIn(flat: string): Citation[] {
  return [...flat.matchAll(CITATION)].map((match) => {
    const number = match[1]!.toUpperCase();
    const end = match.index + match[0].length;
    const act = ACT_AFTER.exec(flat.slice(end, end + 120));
    let citedAct: CitedAct = null;
    if (act?.[2]) citedAct = Number(act[2]) as IncomeTaxActYear;
    else if (act && /companies/i.test(act[1]!)) citedAct = 'COMPANIES';
    else if (act) citedAct = 'GST';
    const before = flat.slice(Math.max(0, match.index - 60), match.index);
    return {
      provision: number + subdivisions(match[2]!),
      number,
      act: citedAct,
      heading: HEADING_WORDS_BEFORE.test(before),
      index: match.index,
      end,
    };
  });
}

const OLD_PROVISIONS: Array<[RegExp, IncomeTaxKindId]> = [
  [/^139\(9\)/, '139(9)'],
  [/^142\(1\)/, '142(1)'],
  [/^143\(1\)\(a\)/, '143(1)(a)'],
  [/^143\(2\)/, '143(2)'],
  [/^148$/, '148'],
  [/^148A(?:\(b\)|\(1\))?$/, '148A(b)'],
  [/^156(?:\(1\))?$/, '156'],
  [/^245(?:\(1\))?$/, '245'],
  [/^270A/, '270A'],
  [/^274(?:\(1\))?$/, '274'],
];
const NEW_PROVISIONS: Array<[RegExp, IncomeTaxKindId]> = [
  [/^263\(7\)/, '139(9)'],
  [/^268\(1\)/, '142(1)'],
  [/^270\(1\)\(a\)/, '143(1)(a)'],
  [/^270\(8\)/, '143(2)'],
  [/^280(?:\(1\))?$/, '148'],
  [/^281(?:\(1\))?$/, '148A(b)'],
  [/^289(?:\(1\))?$/, '156'],
  [/^438(?:\(1\))?$/, '245'],
  [/^439/, '270A'],
  [/^471(?:\(1\))?$/, '274'],
];

function incomeTaxKindOf(provision: string, act: IncomeTaxActYear): IncomeTaxKindId | null {
  const table = act === 2025 ? NEW_PROVISIONS : OLD_PROVISIONS;
  return table.find(([pattern]) => pattern.test(provision))?.[1] ?? null;
}

/** The Act the text names first; a notice that names none is under the 1961 Act. */
function defaultIncomeTaxAct(flat: string): IncomeTaxActYear {
  const named = /income[- ]?tax\s+act,?\s*(1961|2025)/i.exec(flat);
  return named?.[1] === '2025' ? 2025 : 1961;
}

const citesIncomeTaxAct = (citation: Citation): boolean => citation.act === null || citation.act === 1961 || citation.act === 2025;

function recogniseIncomeTax(flat: string, citations: readonly Citation[]): Recognition | null {
  const fallbackAct = defaultIncomeTaxAct(flat);
  const candidates = citations
    .filter(citesIncomeTaxAct)
    .map((citation) => {
      const act: IncomeTaxActYear = citation.act === 1961 || citation.act === 2025 ? citation.act : fallbackAct;
      return { citation, act, kindId: incomeTaxKindOf(citation.provision, act) };
    })
    .filter((candidate): candidate is { citation: Citation; act: IncomeTaxActYear; kindId: IncomeTaxKindId } => candidate.kindId !== null);
  const chosen = candidates.find((candidate) => candidate.citation.heading) ?? candidates[0];
  if (!chosen) return null;
  let kindId = chosen.kindId;
  // The provision as the register names it: 'Section 148A(b)' for "clause (b) of section 148A", 'Section 156' for "156(1)".
  let section = `Section ${chosen.act === 2025 ? INCOME_TAX_ACT_2025_SECTIONS[kindId] : kindId}`;
  if (kindId === '274') {
    // Penalty notices are issued under the procedure section read with the penalty section.
    const readWith = READ_WITH_AFTER.exec(flat.slice(chosen.citation.end, chosen.citation.end + 80));
    if (readWith) {
      const partner = readWith[1]!.toUpperCase() + subdivisions(readWith[2]!);
      section += ` read with Section ${partner}`;
      if (incomeTaxKindOf(partner, chosen.act) === '270A') kindId = '270A';
    }
  }
  if (chosen.act === 2025) section += ` of ${ACT_NAMES.incomeTax2025}`;
  const kind = INCOME_TAX_KINDS[kindId];
  return { kind, act: chosen.act, department: 'INCOME_TAX', noticeType: noticeTypeLabel(kind, chosen.act), section };
}

const PRIMARY_DEMAND_SECTIONS = new Set(['73', '74', '74A', '76']);

function gstSection(kind: GstKind, citations: readonly Citation[]): string | null {
  const cited = citations.filter((citation) => (citation.act === null || citation.act === 'GST') && kind.sections.includes(citation.number));
  const chosen = cited.find((citation) => PRIMARY_DEMAND_SECTIONS.has(citation.number)) ?? cited[0];
  const number = chosen?.number ?? (kind.sectionFixedByForm ? kind.sections[0] : undefined);
  return number ? `Section ${number} of ${ACT_NAMES.cgst}` : null;
}

const COMPANIES_SIGNALS =
  /\bregistrar of companies\b|\bministry of corporate affairs\b|\bROC\b|\bcompanies act,?\s*2013\b|\blimited liability partnership act\b/i;

function recogniseCompanyLaw(flat: string, citations: readonly Citation[]): Recognition | null {
  if (!COMPANIES_SIGNALS.test(flat)) return null;
  const cited = citations.find((citation) => citation.act === 'COMPANIES');
  return {
    kind: null,
    act: 1961,
    department: 'COMPLIANCE',
    noticeType: 'ROC Notice',
    section: cited ? `Section ${cited.provision} of the Companies Act, 2013` : null,
  };
}

const GST_SIGNALS = /\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b|\bGSTIN\b|\b[CSI]GST\b|goods and services tax/gi;
const INCOME_TAX_SIGNALS = /\bincome[- ]?tax\b|\bassessing officer\b|\bassessment year\b|\bPAN\b|\be-filing\b|\bCPC\b/gi;

/** The department from the text's vocabulary, when no known form or section names it. */
function departmentByVocabulary(flat: string): AnalysisDepartment | null {
  const gst = flat.match(GST_SIGNALS)?.length ?? 0;
  const incomeTax = flat.match(INCOME_TAX_SIGNALS)?.length ?? 0;
  if (gst === incomeTax) return null;
  return gst > incomeTax ? 'GST' : 'INCOME_TAX';
}

export function recogniseNotice(text: NoticeText): Recognition {
  const citations = citationsIn(text.flat);
  const forms = gstFormsIn(text);
  const headingForm = forms.find((form) => form.heading);
  const gstRecognition = (kind: GstKind): Recognition => ({
    kind,
    act: 1961,
    department: 'GST',
    noticeType: noticeTypeLabel(kind, 1961),
    section: gstSection(kind, citations),
  });
  if (headingForm) return gstRecognition(headingForm.kind);
  const incomeTax = recogniseIncomeTax(text.flat, citations);
  if (incomeTax) return incomeTax;
  if (forms[0]) return gstRecognition(forms[0].kind);
  return (
    recogniseCompanyLaw(text.flat, citations) ?? {
      kind: null,
      act: 1961,
      department: departmentByVocabulary(text.flat),
      noticeType: null,
      section: null,
    }
  );
}
