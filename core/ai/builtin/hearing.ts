import type { NoticeExtraction } from '../notice-analysis';
import { DATE_TOKEN, parseDate, parseTime, TIME_TOKEN } from './dates';
import type { NoticeText } from './text';

/**
 * A hearing the notice fixes: a personal hearing in a DRC-01, "appear before the undersigned on ..." in a REG-17,
 * the audit visit of an ADT-01, a video hearing of a faceless unit. Only a hearing with a date counts; "you may
 * request a personal hearing" fixes nothing.
 */

export type Hearing = NonNullable<NoticeExtraction['hearing']>;

const LABELLED_DATE = new RegExp(
  String.raw`\b(?:date\s+(?:of|for)\s+(?:the\s+)?(?:personal\s+)?(?:hearing|appearance)|hearing\s+date)\s*[:-]?\s*(${DATE_TOKEN})`,
  'i',
);
const LABELLED_TIME = new RegExp(
  String.raw`\b(?:time\s+(?:of|for)\s+(?:the\s+)?(?:personal\s+)?(?:hearing|appearance)|hearing\s+time)\s*[:-]?\s*(${TIME_TOKEN})`,
  'i',
);
const VENUE = /\b(?:venue|place)\s+(?:of|for)\s+(?:the\s+)?(?:personal\s+)?hearing\s*[:-]?\s*([^.]{3,160})/i;
const SENTENCE = new RegExp(
  String.raw`\b(?:personal hearing|hearing|appear|attend|audit (?:shall|will) commence|audit is proposed)\b[^.]{0,200}?\bon\s+(?:[a-z]+day,?\s+)?(?:the\s+)?(${DATE_TOKEN})`,
  'i',
);
/** The hearing's time, before or after its date in the same sentence: "at 11:00 AM on 05/08/2024". */
const TIME_IN_SENTENCE = new RegExp(String.raw`\b(?:at|from)\s+(${TIME_TOKEN})`, 'i');

const VIRTUAL = /\b(?:video[- ]?conferenc\w*|VC|virtual|webex|google meet|ms teams|online hearing|video hearing|video call)\b/i;
const IN_PERSON =
  /\b(?:in person|personally|in the office|at the office|at this office|(?:attend|in) (?:this|my) office|before the undersigned|before me|office of the undersigned|room no\.?|venue|chamber|authori[sz]ed representative)\b/i;
const WRITTEN = /\b(?:written submission|in writing|e-proceeding|through the e-filing)\b/i;

function modeOf(context: string): Hearing['mode'] {
  if (VIRTUAL.test(context)) return 'VIRTUAL';
  if (IN_PERSON.test(context)) return 'IN_PERSON';
  if (WRITTEN.test(context)) return 'WRITTEN';
  return null;
}

export function findHearing(text: NoticeText): Hearing | null {
  const labelled = LABELLED_DATE.exec(text.flat);
  if (labelled) {
    const date = parseDate(labelled[1]!);
    if (date) {
      const time = LABELLED_TIME.exec(text.flat);
      const venue = VENUE.exec(text.flat)?.[1] ?? '';
      const around = text.flat.slice(Math.max(0, labelled.index - 200), labelled.index + 300);
      return { date, time: time ? parseTime(time[1]!) : null, mode: modeOf(`${venue} ${around}`) };
    }
  }
  const sentence = SENTENCE.exec(text.flat);
  if (!sentence) return null;
  const date = parseDate(sentence[1]!);
  if (!date) return null;
  const sentenceEnd = text.flat.indexOf('. ', sentence.index + sentence[0].length);
  const wholeSentence = text.flat.slice(
    sentence.index,
    sentenceEnd < 0 ? undefined : Math.min(sentenceEnd, sentence.index + sentence[0].length + 80),
  );
  const time = TIME_IN_SENTENCE.exec(wholeSentence);
  const context = text.flat.slice(sentence.index, sentence.index + sentence[0].length + 160);
  return { date, time: time ? parseTime(time[1]!) : null, mode: modeOf(context) };
}
